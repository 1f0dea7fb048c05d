package grading.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * Builds student-repository-shaped submissions for the grader: the reference homework sources of
 * the instructor repository, overlaid with a folder of changed files (a wrong or hostile
 * submission keeps only the files that differ, plus whatever extra files its threat needs).
 */
public final class Submissions {

    /** The instructor repository (set by the build: grading.root), else the parent of the working directory. */
    static Path root() {
        return Path.of(System.getProperty("grading.root", "..")).toAbsolutePath().normalize();
    }

    /** grader.jar, as the build packaged it (set by the build: grading.kit). */
    static Path kit() {
        return Path.of(System.getProperty("grading.kit", root().resolve("grading/target/grader.jar").toString()));
    }

    private Submissions() {
    }

    /** The reference solution as a submission in {@code into}: only its homework sources. */
    static Path reference(Path into) {
        copyTree(root().resolve("homework/src/main/java/homework"), into.resolve("homework/src/main/java/homework"));
        return into;
    }

    /** The reference solution overlaid with {@code overlay}'s files (all but expected.properties). */
    static Path overlaid(Path overlay, Path into) {
        reference(into);
        copyTree(overlay, into);
        try {
            Files.deleteIfExists(into.resolve("expected.properties"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return into;
    }

    /**
     * A score bound of a hostile submission's expected.properties: a number, or {@code full}, the
     * maximum (the hidden tests' points added up), so that a new hidden test changes no bound of a
     * submission that keeps full marks.
     */
    static double score(String bound) {
        return "full".equals(bound.strip())
                ? grading.hidden.GradedTests.all().stream().mapToDouble(grading.hidden.GradedTests.Spec::points).sum()
                : Double.parseDouble(bound);
    }

    /** Copies what is under {@code from} into {@code to}, replacing what is there. */
    public static void copyTree(Path from, Path to) {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path source : walk.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + from + " to " + to, e);
        }
    }
}
