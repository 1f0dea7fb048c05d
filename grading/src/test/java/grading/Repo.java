package grading;

import java.nio.file.Path;

/** The instructor repository the tests run in (set by the build: {@code grading.root}). */
public final class Repo {

    private Repo() {
    }

    public static Path root() {
        String root = System.getProperty("grading.root");
        return (root != null ? Path.of(root) : Path.of("..")).toAbsolutePath().normalize();
    }
}
