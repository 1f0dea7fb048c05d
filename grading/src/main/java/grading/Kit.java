package grading;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the grader's files are: grader.jar itself (the kit runtime and the graded tests, the
 * class path of every graded submission) and the instructor repository it was built in.
 */
final class Kit {

    private Kit() {
    }

    /** grader.jar: the {@code grading.kit} property, else the jar this class was loaded from. */
    static Path jar() {
        String property = System.getProperty("grading.kit");
        if (property != null) {
            return Path.of(property).toAbsolutePath();
        }
        try {
            Path self = Path.of(Grader.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(self) && self.toString().endsWith(".jar")) {
                return self;
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // fall through to the message below
        }
        throw new IllegalStateException("cannot find grader.jar: run the grader with java -jar grading/target/grader.jar");
    }

    /** The instructor repository: the one grader.jar was built in (grading/target/..), else the current directory. */
    static Path instructorRepo() {
        try {
            Path repo = jar().getParent().getParent().getParent();
            if (repo != null && Files.isDirectory(repo.resolve("grading")) && Files.isRegularFile(repo.resolve("pom.xml"))) {
                return repo;
            }
        } catch (IllegalStateException | NullPointerException e) {
            // not run from a built repository
        }
        return Path.of("").toAbsolutePath();
    }
}
