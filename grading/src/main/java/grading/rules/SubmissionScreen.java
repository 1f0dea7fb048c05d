package grading.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sorts the files of a submission into the ones the grader takes (its solution sources) and the
 * ones it refuses, each with the reason a student can read.
 *
 * <p>Nothing from a submission is trusted but its solution sources: the {@code .java} files under
 * {@value #SOURCES}, declaring package {@code homework} (or a sub-package). The grader builds them
 * with its own pom and runs its own tests, so a student's pom, tests, resources,
 * {@code META-INF/services} entries (a JUnit listener registers itself that way),
 * {@code junit-platform.properties} and classes in reserved packages (JUnit's, AssertJ's, the
 * kit's, the grader's) could only shadow the harness: they are left out and reported.
 *
 * <p>Files that are exactly as the student release has them (the pom, the runtime, the visible
 * tests) are not reported: only what the student added or changed is worth a line.
 */
public final class SubmissionScreen {

    /** Where the solution sources live in a student repository. */
    public static final String SOURCES = "homework/src/main/java/homework/";

    /** A solution source larger than this is refused: no honest homework file comes near it. */
    public static final long MAX_SOURCE_BYTES = 512 * 1024;

    /** Packages a submission may not put classes in: test engines, assertion libraries, the kit, the grader. */
    public static final List<String> RESERVED_PACKAGES = List.of("org.junit", "org.opentest4j", "org.apiguardian",
            "org.assertj", "net.bytebuddy", "com.tngtech", "picocli", "miniasyncio", "grading", "exercises",
            "java", "javax", "jdk", "sun", "com.sun");

    /** Folders that are tool state or build output, never part of a submission's content. */
    private static final Set<String> SKIPPED_DIRS = Set.of(".git", "target", ".idea", ".vscode", ".settings",
            ".mvn", "node_modules", "out", "build", ".gradle");

    /** A file that was left out, and why. */
    public record Refusal(String path, String reason) {
        @Override
        public String toString() {
            return path + ": " + reason;
        }
    }

    /**
     * What the grader takes from a submission and what it leaves out.
     *
     * @param sources the solution sources, as paths relative to the submission, sorted
     * @param refused every added or changed file that is not a solution source, with the reason
     */
    public record Screening(List<String> sources, List<Refusal> refused) {
        /** The refusals as lines for the results' output ("nothing refused" when none). */
        public String report() {
            if (refused.isEmpty()) {
                return "Files taken from the submission: " + sources.size() + " solution source(s); nothing refused.";
            }
            StringBuilder out = new StringBuilder("Files taken from the submission: ").append(sources.size())
                    .append(" solution source(s). Refused (the grader uses its own build and tests):");
            for (Refusal refusal : refused) {
                out.append("\n  ").append(refusal);
            }
            return out.toString();
        }
    }

    private SubmissionScreen() {
    }

    /** {@link #screen(Path, Path)} without a release to compare with: every non-source file is reported. */
    public static Screening screen(Path submission) {
        return screen(submission, null);
    }

    /**
     * Screens {@code submission}, a student repository.
     *
     * @param release the student release it started from, or null; files identical to the
     *                release's copy are not reported
     * @throws IllegalArgumentException when {@code submission} is not a directory
     */
    public static Screening screen(Path submission, Path release) {
        if (!Files.isDirectory(submission)) {
            throw new IllegalArgumentException("submission is not a directory: " + submission);
        }
        List<String> sources = new ArrayList<>();
        List<Refusal> refused = new ArrayList<>();
        try {
            Files.walkFileTree(submission, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (!dir.equals(submission) && SKIPPED_DIRS.contains(dir.getFileName().toString())) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String path = relative(submission, file);
                    if (attrs.isSymbolicLink() || Files.isSymbolicLink(file)) {
                        refused.add(new Refusal(path, "a symbolic link: it could point at the grader's files;"
                                + " submit the file itself"));
                        return FileVisitResult.CONTINUE;
                    }
                    if (!attrs.isRegularFile()) {
                        return FileVisitResult.CONTINUE;
                    }
                    String reason = judge(file, path);
                    if (reason == null) {
                        sources.add(path);
                    } else if (!sameAsRelease(release, path, file)) {
                        refused.add(new Refusal(path, reason));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    refused.add(new Refusal(relative(submission, file), "cannot be read: " + e.getMessage()));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read submission " + submission, e);
        }
        sources.sort(Comparator.naturalOrder());
        refused.sort(Comparator.comparing(Refusal::path));
        return new Screening(List.copyOf(sources), List.copyOf(refused));
    }

    /** Null when {@code file} is a solution source, else why it is refused. */
    static String judge(Path file, String path) throws IOException {
        String name = file.getFileName().toString();
        if (name.equals("pom.xml")) {
            return "a pom: the grader builds with its own pom, so a submission cannot change the build or skip tests";
        }
        if (path.contains("META-INF/services/")) {
            return "a META-INF/services entry: it would register code inside the test harness (a JUnit listener,"
                    + " an extension); only homework sources are taken";
        }
        if (name.equals("junit-platform.properties")) {
            return "junit-platform.properties: it would reconfigure the test engine; the grader uses its own settings";
        }
        if (path.startsWith("grading/") || path.contains("/src/test/")) {
            return "a test file: the grader runs its own copy of the visible tests and its hidden tests";
        }
        if (path.contains("/src/main/resources/") || path.contains("/META-INF/")) {
            return "a resource: only the .java sources under " + SOURCES + " are taken";
        }
        if (!name.endsWith(".java")) {
            return "not a solution source: only the .java files under " + SOURCES + " are taken";
        }
        String declared = declaredPackage(file);
        String reserved = reservedPrefix(declared);
        if (reserved != null) {
            return "a class in the reserved package " + declared + " (" + reserved + ".* belongs to the test harness,"
                    + " the kit or the grader): it could shadow their classes";
        }
        if (!path.startsWith(SOURCES)) {
            return "outside " + SOURCES + ": the grader uses its own copy of everything but the homework sources";
        }
        if (!(declared.equals("homework") || declared.startsWith("homework."))) {
            return "declares package '" + declared + "': solution sources must be in package homework";
        }
        if (Files.size(file) > MAX_SOURCE_BYTES) {
            return "larger than " + MAX_SOURCE_BYTES / 1024 + " KB: no homework source needs that much";
        }
        return null;
    }

    /** The reserved package prefix that {@code pkg} is in, or null. */
    static String reservedPrefix(String pkg) {
        for (String reserved : RESERVED_PACKAGES) {
            if (pkg.equals(reserved) || pkg.startsWith(reserved + ".")) {
                return reserved;
            }
        }
        return null;
    }

    /** The first package declaration (after comments), or "" for the default package. */
    static String declaredPackage(Path javaFile) throws IOException {
        String text = Files.readString(javaFile, java.nio.charset.StandardCharsets.ISO_8859_1); // never fails to decode
        String code = COMMENTS.matcher(text).replaceAll(" ");
        Matcher m = PACKAGE.matcher(code);
        return m.find() ? m.group(1).replaceAll("\\s+", "") : "";
    }

    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern PACKAGE = Pattern.compile("(?:^|[;\\s])package\\s+([\\w\\s.]+?)\\s*;");

    private static boolean sameAsRelease(Path release, String path, Path file) throws IOException {
        if (release == null) {
            return false;
        }
        Path original = release.resolve(path);
        return Files.isRegularFile(original, LinkOption.NOFOLLOW_LINKS) && Files.size(original) == Files.size(file)
                && Arrays.equals(Files.readAllBytes(original), Files.readAllBytes(file));
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }
}
