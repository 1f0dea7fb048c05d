package grading.rules;

import grading.grade.TestResult;
import grading.grade.Text;
import grading.release.Release;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    /** More solution sources than this is no homework (the honest one has two): the upload is not compiled. */
    public static final int MAX_SOURCES = 100;

    /** At most this many files are named in each list of the screening's texts; the rest are counted. */
    static final int MAX_LISTED = 40;

    /** A path is cut here in the screening's texts: a submission's names may be of any length. */
    static final int MAX_PATH_SHOWN = 160;

    /** Packages a submission may not put classes in: test engines, assertion libraries, the kit, the grader. */
    public static final List<String> RESERVED_PACKAGES = List.of("org.junit", "org.opentest4j", "org.apiguardian",
            "org.assertj", "net.bytebuddy", "com.tngtech", "picocli", "miniasyncio", "grading", "exercises",
            "java", "javax", "jdk", "sun", "com.sun");

    /** Folders that are tool state or build output, never part of a submission's content. */
    private static final Set<String> SKIPPED_DIRS = Set.of(".git", "target", ".idea", ".vscode", ".settings",
            "node_modules");

    /**
     * A file that was left out, and why. {@code usual} marks a file every student repository has
     * (a pom, the visible tests, the runtime's sources): worth a line only when it was changed.
     */
    public record Refusal(String path, String reason, boolean usual) {
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
     * @param compared whether files were compared with the student release (unchanged ones left out)
     * @param root the folder the sources were taken from, relative to the submission ("" for its top)
     * @param supplied the given files ({@link #GIVEN}) the submission did not have, supplied from
     *                 the grader's copy of the release
     */
    public record Screening(List<String> sources, List<Refusal> refused, boolean compared, String root,
                            List<String> supplied) {

        public Screening(List<String> sources, List<Refusal> refused, boolean compared) {
            this(sources, refused, compared, SOURCES, List.of());
        }

        /**
         * The refusals as lines for the results' output. Without a release to compare with, the
         * files every student repository has are summed up in one line; the others are listed.
         */
        public String report() {
            StringBuilder out = new StringBuilder("Files taken from the submission: ").append(sources.size())
                    .append(" solution source(s) under ").append(root.isEmpty() ? "the top of the upload" : root)
                    .append('.');
            if (!supplied.isEmpty()) {
                out.append("\nSupplied from the assignment (given files the upload did not have): ")
                        .append(String.join(", ", supplied)).append('.');
            }
            List<Refusal> listed = refused.stream().filter(r -> compared || !r.usual()).toList();
            List<Refusal> usual = refused.stream().filter(r -> !compared && r.usual()).toList();
            if (!listed.isEmpty()) {
                out.append("\nRefused (the grader uses its own build, tests and runtime):");
                for (Refusal refusal : listed.subList(0, Math.min(listed.size(), MAX_LISTED))) {
                    out.append("\n  ").append(shown(refusal.path())).append(": ").append(refusal.reason());
                }
                more(out, listed.size());
            }
            if (!usual.isEmpty()) {
                out.append("\nNot used: ").append(usual.size()).append(root.endsWith(SOURCES)
                        ? " other file(s) of the repository (poms, tests, the runtime): the grader uses its own copies, e.g. "
                        : " other file(s), not homework sources, e.g. ")
                        .append(String.join(", ", usual.stream().limit(3).map(r -> shown(r.path())).toList()));
            }
            return Text.clean(out.toString()); // file names are the submission's: no control character reaches a console
        }

        /**
         * The first visible test, "Submission check" (0 points): every file taken, supplied and
         * ignored, each with a one-line reason, and what to upload when nothing was taken.
         */
        public TestResult check() {
            StringBuilder text = new StringBuilder();
            String where = root.isEmpty() ? "at the top of the upload" : "in " + root;
            text.append("Taken (").append(sources.size()).append("):");
            for (String source : sources.subList(0, Math.min(sources.size(), MAX_LISTED))) {
                text.append("\n  ").append(shown(source)).append(": a source of package homework ").append(where);
            }
            more(text, sources.size());
            text.append("\nSupplied (").append(supplied.size()).append("):");
            for (String given : supplied) {
                text.append("\n  ").append(given).append(": given with the assignment and not in the upload,"
                        + " so the assignment's copy is used");
            }
            text.append("\nIgnored (").append(refused.size()).append("):");
            for (Refusal refusal : refused.subList(0, Math.min(refused.size(), MAX_LISTED))) {
                text.append("\n  ").append(shown(refusal.path())).append(": ").append(refusal.reason());
            }
            more(text, refused.size());
            String tooLarge = tooLarge();
            if (tooLarge != null) {
                return TestResult.failed(CHECK_NUMBER, CHECK_NAME, 0, "visible", tooLarge + "\n" + text, "", 0);
            }
            if (sources.isEmpty()) {
                return TestResult.failed(CHECK_NUMBER, CHECK_NAME, 0, "visible",
                        "no homework sources found. " + WHAT_TO_UPLOAD + "\n" + text, "", 0);
            }
            return new TestResult(CHECK_NUMBER, CHECK_NAME, 0, 0, true, text.toString(), "", "visible", 0);
        }

        /**
         * Why the sources taken are too many to compile, or null: no homework has a hundred files,
         * and a javac command line of thousands of long names would not even start.
         */
        public String tooLarge() {
            if (sources.size() > MAX_SOURCES) {
                return "not compiled: the upload has " + sources.size() + " homework sources, and the grader takes at most "
                        + MAX_SOURCES + ". " + WHAT_TO_UPLOAD;
            }
            return null;
        }

        /** The files to compile: the sources taken, then the supplied given files. */
        public List<Path> files(Path submission) {
            List<Path> files = new ArrayList<>();
            for (String source : sources) {
                files.add(submission.resolve(source));
            }
            for (String given : supplied) {
                files.add(givenCopy().resolve(given));
            }
            return files;
        }
    }

    /** A path of the upload as the screening's texts show it: cut at {@link #MAX_PATH_SHOWN} characters. */
    static String shown(String path) {
        return Text.cap(path, MAX_PATH_SHOWN);
    }

    /** "... and 1160 more" after a list cut at {@link #MAX_LISTED}. */
    private static void more(StringBuilder text, int size) {
        if (size > MAX_LISTED) {
            text.append("\n  ... and ").append(size - MAX_LISTED).append(" more");
        }
    }

    public static final String CHECK_NAME = "Submission check";
    static final String CHECK_NUMBER = "0.0";

    /** What students are told to upload, on every platform. */
    public static final String WHAT_TO_UPLOAD = "Upload your repository (or a zip of it), or just the files you"
            + " edited: Homework.java and HomeworkScheduler.java, each starting with 'package homework;'.";

    /**
     * The files of package homework that students are given and need not edit: when an upload
     * lacks one, the grader's copy is used (packaged into grader.jar from the release; they have
     * no solution regions, so they are the same in the release as in the reference).
     */
    public static final List<String> GIVEN = List.of("AwaitTask.java", "GatherExample.java", "HomeworkExamples.java");

    private static Path given;

    /** The given files, written once per grader process from grader.jar's copy into a folder of their own. */
    static synchronized Path givenCopy() {
        if (given == null) {
            try {
                Path dir = Files.createTempDirectory("grading-given-");
                Path homework = Files.createDirectories(dir.resolve("homework"));
                for (String name : GIVEN) {
                    try (var in = SubmissionScreen.class.getResourceAsStream("/grading/given/homework/" + name)) {
                        if (in == null) {
                            throw new IllegalStateException("grader.jar lacks its copy of " + name
                                    + ": rebuild it with mvn package");
                        }
                        Files.copy(in, homework.resolve(name));
                    }
                }
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir), "delete-given"));
                given = homework;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the given homework files", e);
            }
        }
        return given;
    }

    private SubmissionScreen() {
    }

    /**
     * {@link #screen(Path, Path)}, compared with the student release of the instructor repository
     * this grader was built in, when it runs from there ({@code REPO/grading/target/grader.jar} or
     * {@code REPO/grading/target/classes}); else with none.
     */
    public static Screening screen(Path submission) {
        return screen(submission, releaseFor(ownLocation()));
    }

    /** grader.jar, or the classes directory, this class was loaded from. */
    private static Path ownLocation() {
        try {
            return Path.of(SubmissionScreen.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return Path.of("grader.jar");
        }
    }

    /**
     * Screens {@code submission}: a student repository, a folder holding one (a zip with its top
     * folder, unzipped), or loose files of package {@code homework} anywhere in it
     * ({@link #screenLoose}).
     *
     * @param release the student release it started from, or null; files identical to the
     *                release's copy are not reported
     * @throws IllegalArgumentException when {@code submission} is not a directory
     */
    public static Screening screen(Path submission, Path release) {
        if (!Files.isDirectory(submission)) {
            throw new IllegalArgumentException("submission is not a directory: " + submission);
        }
        Path base = repository(submission, 0);
        Screening screening = base == null ? screenLoose(submission) : screenRepository(submission, base, release);
        return supply(screening);
    }

    /** How deep a repository may sit in an upload: a zip's top folder, or two. */
    private static final int MAX_REPOSITORY_DEPTH = 3;

    /** The shallowest folder (by name at a depth) holding {@value #SOURCES}, or null. */
    static Path repository(Path dir, int depth) {
        if (Files.isDirectory(dir.resolve(SOURCES), LinkOption.NOFOLLOW_LINKS)) {
            return dir;
        }
        if (depth >= MAX_REPOSITORY_DEPTH) {
            return null;
        }
        List<Path> children;
        try (var list = Files.list(dir)) {
            children = list.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> !SKIPPED_DIRS.contains(p.getFileName().toString())).sorted().toList();
        } catch (IOException e) {
            return null;
        }
        for (Path child : children) { // breadth first: a repository nearer the top wins
            if (Files.isDirectory(child.resolve(SOURCES), LinkOption.NOFOLLOW_LINKS)) {
                return child;
            }
        }
        for (Path child : children) {
            Path found = repository(child, depth + 1);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** A repository at {@code base} inside {@code submission}: its solution sources, the rest refused. */
    private static Screening screenRepository(Path submission, Path base, Path release) {
        List<String> sources = new ArrayList<>();
        List<Refusal> refused = new ArrayList<>();
        String top = relative(submission, base);
        try {
            Files.walkFileTree(submission, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (!dir.equals(submission) && SKIPPED_DIRS.contains(dir.getFileName().toString())
                            && !(dir.startsWith(base) && relative(base, dir).startsWith(SOURCES))) { // a package may be named "target"
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String shown = relative(submission, file);
                    if (attrs.isSymbolicLink() || Files.isSymbolicLink(file)) {
                        refused.add(new Refusal(shown, "a symbolic link: it could point at the grader's files;"
                                + " submit the file itself", false));
                        return FileVisitResult.CONTINUE;
                    }
                    if (!attrs.isRegularFile()) {
                        return FileVisitResult.CONTINUE;
                    }
                    if (!file.startsWith(base)) {
                        refused.add(usual(shown, "outside the repository folder " + top + "/: only its homework"
                                + " sources are taken"));
                        return FileVisitResult.CONTINUE;
                    }
                    String path = relative(base, file);
                    Refusal refusal = judge(file, path);
                    if (refusal == null) {
                        sources.add(shown);
                    } else if (!sameAsRelease(release, path, file)) {
                        refused.add(new Refusal(shown, refusal.reason(), refusal.usual()));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    refused.add(new Refusal(relative(submission, file), "cannot be read: " + e.getMessage(), false));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read submission " + submission, e);
        }
        sources.sort(Comparator.naturalOrder());
        refused.sort(Comparator.comparing(Refusal::path));
        String root = top.isEmpty() ? SOURCES : top + "/" + SOURCES;
        return new Screening(List.copyOf(sources), List.copyOf(refused), release != null, root, List.of());
    }

    /**
     * Loose files, not a repository: the non-test {@code .java} files declaring package
     * {@code homework} (or a sub-package, in its folder) are taken from one folder, the one with
     * the most of them (the nearest the top on a tie); every other file is ignored with its reason.
     */
    static Screening screenLoose(Path submission) {
        record Candidate(String path, Path root) {
        }
        List<Candidate> candidates = new ArrayList<>();
        List<Refusal> refused = new ArrayList<>();
        try {
            Files.walkFileTree(submission, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return !dir.equals(submission) && SKIPPED_DIRS.contains(dir.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String path = relative(submission, file);
                    if (attrs.isSymbolicLink() || Files.isSymbolicLink(file)) {
                        refused.add(listed(path, "a symbolic link: it could point at the grader's files;"
                                + " submit the file itself"));
                    } else if (attrs.isRegularFile()) {
                        Refusal refusal = judgeLoose(file, path);
                        if (refusal == null) {
                            candidates.add(new Candidate(path, packageRoot(file, declaredPackage(file))));
                        } else {
                            refused.add(refusal);
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    refused.add(listed(relative(submission, file), "cannot be read: " + e.getMessage()));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read submission " + submission, e);
        }
        Map<Path, Long> perRoot = new HashMap<>();
        candidates.forEach(c -> perRoot.merge(c.root(), 1L, Long::sum));
        Path chosen = perRoot.keySet().stream()
                .min(Comparator.<Path>comparingLong(r -> -perRoot.get(r)).thenComparingInt(Path::getNameCount)
                        .thenComparing(Path::toString))
                .orElse(submission);
        String root = chosen.equals(submission) ? "" : relative(submission, chosen) + "/";
        List<String> sources = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.root().equals(chosen)) {
                sources.add(c.path());
            } else {
                refused.add(listed(c.path(), "another copy of package homework: the one taken is "
                        + (root.isEmpty() ? "at the top of the upload" : "in " + root)));
            }
        }
        sources.sort(Comparator.naturalOrder());
        refused.sort(Comparator.comparing(Refusal::path));
        return new Screening(List.copyOf(sources), List.copyOf(refused), false, root, List.of());
    }

    /** The folder a loose source's package starts in: its own, less the sub-package folders. */
    private static Path packageRoot(Path file, String declared) {
        Path dir = file.getParent();
        String[] sub = declared.split("\\.");
        for (int i = sub.length - 1; i >= 1 && dir != null && dir.getFileName() != null
                && dir.getFileName().toString().equals(sub[i]); i--) {
            dir = dir.getParent();
        }
        return dir;
    }

    /** Null when a loose file is a homework source, else why it is ignored. */
    static Refusal judgeLoose(Path file, String path) throws IOException {
        String name = file.getFileName().toString();
        if (path.contains("META-INF/services/")) {
            return listed(path, "a META-INF/services entry: it would register code inside the test harness;"
                    + " only homework sources are taken");
        }
        if (name.equals("junit-platform.properties")) {
            return listed(path, "junit-platform.properties: it would reconfigure the test engine");
        }
        if (!name.endsWith(".java")) {
            return usual(path, "not a Java source: only the .java files of package homework are taken");
        }
        String declared = declaredPackage(file);
        String reserved = reservedPrefix(declared);
        if (reserved != null) {
            return listed(path, "a class in the reserved package " + declared + " (" + reserved + ".* belongs to the"
                    + " test harness, the kit or the grader): the grader uses its own");
        }
        if (!(declared.equals("homework") || declared.startsWith("homework."))) {
            return listed(path, declared.isEmpty() ? "declares no package: homework sources start with"
                    + " 'package homework;'" : "declares package '" + declared + "': only package homework is taken");
        }
        if (path.contains("src/test/") || path.startsWith("test/") || path.contains("/test/")
                || name.endsWith("Test.java") || name.endsWith("Tests.java")) {
            return listed(path, "a test file: the grader runs its own copy of the visible tests and its hidden tests");
        }
        if (Files.size(file) > MAX_SOURCE_BYTES) {
            return listed(path, "larger than " + MAX_SOURCE_BYTES / 1024 + " KB: no homework source needs that much");
        }
        return null;
    }

    /** The screening with the given files it lacks supplied from the grader's copy. */
    private static Screening supply(Screening screening) {
        if (screening.sources().isEmpty()) {
            return screening; // nothing of the homework: supplying the rest would only hide that
        }
        List<String> supplied = new ArrayList<>();
        for (String name : GIVEN) {
            if (!screening.sources().contains(screening.root() + name)) {
                supplied.add(name);
            }
        }
        return new Screening(screening.sources(), screening.refused(), screening.compared(), screening.root(),
                List.copyOf(supplied));
    }

    /** Null when {@code file} is a solution source, else why it is refused. */
    static Refusal judge(Path file, String path) throws IOException {
        String name = file.getFileName().toString();
        if (name.equals("pom.xml")) {
            return usual(path, "a pom: the grader builds with its own pom, so a submission cannot change the build"
                    + " or skip tests");
        }
        if (path.contains("META-INF/services/")) {
            return listed(path, "a META-INF/services entry: it would register code inside the test harness"
                    + " (a JUnit listener, an extension); only homework sources are taken");
        }
        if (name.equals("junit-platform.properties")) {
            return listed(path, "junit-platform.properties: it would reconfigure the test engine; the grader uses"
                    + " its own settings");
        }
        if (path.startsWith("grading/")) {
            return listed(path, "a test file: the grader runs its own copy of the visible tests and its hidden tests");
        }
        if (path.contains("/src/main/resources/") || path.contains("/src/test/resources/") || path.contains("/META-INF/")) {
            return listed(path, "a resource: only the .java sources under " + SOURCES + " are taken");
        }
        if (path.contains("/src/test/")) {
            return usual(path, "a test file: the grader runs its own copy of the visible tests and its hidden tests");
        }
        if (!path.startsWith(SOURCE_ROOT)) {
            return usual(path, "not part of the homework: the grader uses its own copy of everything but "
                    + SOURCES);
        }
        if (!name.endsWith(".java")) {
            return listed(path, "not a solution source: only the .java files under " + SOURCES + " are taken");
        }
        String declared = declaredPackage(file);
        String reserved = reservedPrefix(declared);
        if (reserved != null) {
            return listed(path, "a class in the reserved package " + declared + " (" + reserved + ".* belongs to the"
                    + " test harness, the kit or the grader): it could shadow their classes");
        }
        if (!path.startsWith(SOURCES)) {
            return listed(path, "outside " + SOURCES + ": only the homework sources are taken");
        }
        if (!(declared.equals("homework") || declared.startsWith("homework."))) {
            return listed(path, "declares package '" + declared + "': solution sources must be in package homework");
        }
        if (Files.size(file) > MAX_SOURCE_BYTES) {
            return listed(path, "larger than " + MAX_SOURCE_BYTES / 1024 + " KB: no homework source needs that much");
        }
        return null;
    }

    /** Where Java sources of the homework module live: only classes under it are compiled. */
    private static final String SOURCE_ROOT = "homework/src/main/java/";

    private static Refusal usual(String path, String reason) {
        return new Refusal(path, reason, true);
    }

    private static Refusal listed(String path, String reason) {
        return new Refusal(path, reason, false);
    }

    private static final Map<Path, Optional<Path>> RELEASES = new HashMap<>();

    /**
     * The student release to compare submissions with, made once per grader process from the
     * instructor repository that {@code kit} (grader.jar) was built in; null when the kit is not
     * inside one (a grading service with grader.jar alone), or the release cannot be made. Then
     * {@link Screening#report} sums up the usual files instead of comparing them.
     */
    public static synchronized Path releaseFor(Path kit) {
        Path jar = kit.toAbsolutePath().normalize();
        return RELEASES.computeIfAbsent(jar, k -> {
            Path repo = k.getParent() == null || k.getParent().getParent() == null ? null
                    : k.getParent().getParent().getParent(); // REPO/grading/target/grader.jar (or classes)
            if (repo == null || !Files.isRegularFile(repo.resolve("pom.xml")) || !Files.isDirectory(repo.resolve("grading"))
                    || !Files.isDirectory(repo.resolve("homework"))) {
                return Optional.empty();
            }
            try {
                Path dir = Files.createTempDirectory("grading-release-");
                Path release = dir.resolve("release");
                new Release(repo, release).write();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir), "delete-release"));
                return Optional.of(release);
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }).orElse(null);
    }

    private static void deleteTree(Path dir) {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory: the system cleans it eventually
        }
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
        if (text.startsWith(BOM_AS_LATIN1)) {
            text = text.substring(BOM_AS_LATIN1.length()); // an editor's byte order mark: the grader drops it
        }
        String code = COMMENTS.matcher(text).replaceAll(" ");
        Matcher m = PACKAGE.matcher(code);
        return m.find() ? m.group(1).replaceAll("\\s+", "") : "";
    }

    /** A UTF-8 byte order mark read as ISO-8859-1. */
    private static final String BOM_AS_LATIN1 = "\u00ef\u00bb\u00bf";

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
