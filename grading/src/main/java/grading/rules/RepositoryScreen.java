package grading.rules;

import static grading.rules.SubmissionScreen.MAX_SOURCE_BYTES;
import static grading.rules.SubmissionScreen.SOURCES;
import static grading.rules.SubmissionScreen.listed;
import static grading.rules.SubmissionScreen.usual;
import static grading.rules.UploadPaths.hasFolders;
import static grading.rules.UploadPaths.under;

import grading.rules.Screening.Source;
import grading.rules.SubmissionScreen.Refusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The screening of an upload that holds a student repository (at its top, or in a zip's top
 * folder): the solution sources under {@value SubmissionScreen#SOURCES} are taken, everything
 * else is refused with its reason. {@link SubmissionScreen} decides which kind an upload is.
 *
 * <p>Every decision looks at the path's whole name elements: "homework\src\main\java\homework\X.java"
 * is one name at the repository's top, not a source.
 */
final class RepositoryScreen {

    private static final String[] SOURCE_FOLDERS = SOURCES.split("/");
    private static final String[] SOURCE_ROOT = {"homework", "src", "main", "java"};

    private RepositoryScreen() {
    }

    /** A repository at {@code base} inside {@code submission}: its solution sources, the rest refused. */
    static Screening screen(Path submission, Path base, Path release) {
        List<Source> taken = new ArrayList<>();
        String top = UploadPaths.shown(submission, base);
        Path sources = base.resolve(SOURCES);
        UploadWalk walk = new UploadWalk(submission) {
            @Override
            boolean skipped(Path dir) {
                return super.skipped(dir) && !dir.startsWith(sources); // a package may be named "target"
            }

            @Override
            void file(Path file, String shown, long size) throws IOException {
                if (!file.startsWith(base)) {
                    refused.add(usual(shown, "outside the repository folder " + top + "/: only its homework"
                            + " sources are taken"));
                    return;
                }
                Path path = base.relativize(file);
                Refusal refusal = judge(file, path, size, shown);
                if (refusal == null) {
                    taken.add(new Source(file, shown));
                } else if (!sameAsRelease(release, path, file)) {
                    refused.add(refusal);
                }
            }
        };
        walk.walk();
        String root = top.isEmpty() ? SOURCES : top + "/" + SOURCES;
        return SubmissionScreen.supply(new Screening(sorted(taken), sortedRefusals(walk.refused), release != null, root,
                List.of()), sources);
    }

    /**
     * Null when {@code file} (at {@code path} in the repository, {@code size} bytes) is a solution
     * source, else why it is refused. Its size is judged before anything reads it.
     */
    static Refusal judge(Path file, Path path, long size, String shown) throws IOException {
        String name = path.getFileName().toString();
        if (name.equals("pom.xml")) {
            return usual(shown, "a pom: the grader builds with its own pom, so a submission cannot change the build"
                    + " or skip tests");
        }
        if (hasFolders(path, 0, "META-INF", "services")) {
            return listed(shown, "a META-INF/services entry: it would register code inside the test harness"
                    + " (a JUnit listener, an extension); only homework sources are taken");
        }
        if (name.equals("junit-platform.properties")) {
            return listed(shown, "junit-platform.properties: it would reconfigure the test engine; the grader uses"
                    + " its own settings");
        }
        if (under(path, "grading")) {
            return listed(shown, "a test file: the grader runs its own copy of the visible tests and its hidden tests");
        }
        if (hasFolders(path, 1, "src", "main", "resources") || hasFolders(path, 1, "src", "test", "resources")
                || hasFolders(path, 1, "META-INF")) {
            return listed(shown, "a resource: only the .java sources under " + SOURCES + " are taken");
        }
        if (hasFolders(path, 1, "src", "test")) {
            return usual(shown, "a test file: the grader runs its own copy of the visible tests and its hidden tests");
        }
        if (!under(path, SOURCE_ROOT)) {
            return usual(shown, "not part of the homework: the grader uses its own copy of everything but " + SOURCES);
        }
        if (!name.endsWith(".java")) {
            return listed(shown, "not a solution source: only the .java files under " + SOURCES + " are taken");
        }
        if (size > MAX_SOURCE_BYTES) {
            return listed(shown, "larger than " + MAX_SOURCE_BYTES / 1024 + " KB: no homework source needs that much");
        }
        String declared = SubmissionScreen.declaredPackage(file);
        String reserved = SubmissionScreen.reservedPrefix(declared);
        if (reserved != null) {
            return listed(shown, "a class in the reserved package " + declared + " (" + reserved + ".* belongs to the"
                    + " test harness, the kit or the grader): it could shadow their classes");
        }
        if (!under(path, SOURCE_FOLDERS)) {
            return listed(shown, "outside " + SOURCES + ": only the homework sources are taken");
        }
        if (!(declared.equals("homework") || declared.startsWith("homework."))) {
            return listed(shown, "declares package '" + declared + "': solution sources must be in package homework");
        }
        return null;
    }

    /** Whether the release has {@code file} at {@code path}, byte for byte: then it is not worth a line. */
    private static boolean sameAsRelease(Path release, Path path, Path file) throws IOException {
        if (release == null) {
            return false;
        }
        Path original = release.resolve(path);
        return Files.isRegularFile(original, LinkOption.NOFOLLOW_LINKS) && Files.size(original) == Files.size(file)
                && Arrays.equals(Files.readAllBytes(original), Files.readAllBytes(file));
    }

    /** By how they are shown, then by their bytes (two names that differ only in bytes shown alike). */
    static List<Source> sorted(List<Source> sources) {
        return sources.stream().sorted(Comparator.comparing(Source::path).thenComparing(Source::file)).toList();
    }

    static List<Refusal> sortedRefusals(List<Refusal> refused) {
        return refused.stream().sorted(Comparator.comparing(Refusal::path)).toList();
    }
}
