package grading.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.BinaryOperator;
import java.util.stream.Stream;
import instructor.PatchFile;
import instructor.SolutionRegions;

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

    /**
     * A hostile submission's folder as the submission it stands for: the student release's
     * homework (the reference's stubs, {@link #onStubs}) with the folder's {@value #RELEASE_PATCH}
     * applied, or, when the folder has a {@value #PATCH}, the reference with that applied (as the
     * patches of {@code grading/wrong} are: paths relative to {@code homework/}); then the folder's
     * other files (all but expected.properties) laid over it. A submission that changes a few lines
     * of a file holds no copy of it, and a change of the reference reaches it (carried over by
     * {@code instructor.CarryOver} when it is near the patch's lines).
     */
    static Path overlaid(Path overlay, Path into) {
        try {
            Path patch = overlay.resolve(PATCH);
            Path onRelease = overlay.resolve(RELEASE_PATCH);
            if (Files.exists(patch) && Files.exists(onRelease)) {
                throw new IllegalStateException(overlay + " holds both " + PATCH + " and " + RELEASE_PATCH
                        + ": a submission has one base, the reference or the release");
            } else if (Files.exists(patch)) {
                grading.WrongPatch.apply(PatchFile.read(patch), root(), into);
            } else {
                onStubs(Files.exists(onRelease) ? PatchFile.read(onRelease) : null, into);
            }
            copyTree(overlay, into);
            Files.deleteIfExists(into.resolve("expected.properties"));
            Files.deleteIfExists(into.resolve(PATCH));
            Files.deleteIfExists(into.resolve(RELEASE_PATCH));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return into;
    }

    /** The file of a hostile submission's folder that holds its changes as a patch of the reference. */
    static final String PATCH = "homework.patch";

    /** The file of a hostile submission's folder that holds its changes as a patch of the release's stubs. */
    static final String RELEASE_PATCH = "release.patch";

    /** The homework's stubs as the student release has them: the view of the reference a stubs.patch is made on. */
    static final BinaryOperator<String> STUBS = SolutionRegions.stubs("homework");

    /**
     * The student release's homework sources (the reference's stubs) with {@code diff} applied (none
     * when null), in {@code into/homework}: the release, as a student left it, plus an attack.
     */
    static Path onStubs(PatchFile diff, Path into) throws IOException {
        return grading.WrongPatch.apply(diff, root(), into, STUBS);
    }

    /**
     * A score bound of a hostile submission's expected.properties: a number, {@code full}, the
     * maximum (the hidden tests' points added up), or {@code full-N}, the maximum less the N points
     * the submission must lose. A new hidden test then changes no bound: whether the submission
     * passes it or not, what it must lose stays lost.
     */
    static double score(String bound) {
        String text = bound.strip();
        if (!text.startsWith("full")) {
            return Double.parseDouble(text);
        }
        double full = grading.hidden.GradedTests.all().stream().mapToDouble(grading.hidden.GradedTests.Spec::points).sum();
        String lost = text.substring("full".length()).strip();
        if (lost.isEmpty()) {
            return full;
        }
        if (!lost.startsWith("-")) {
            throw new NumberFormatException("not full-N: " + text);
        }
        return full - Double.parseDouble(lost.substring(1).strip());
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
