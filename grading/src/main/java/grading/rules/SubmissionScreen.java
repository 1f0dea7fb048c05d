package grading.rules;

import grading.release.Release;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

    /** Packages a submission may not put classes in: test engines, assertion libraries, the kit, the grader. */
    public static final List<String> RESERVED_PACKAGES = List.of("org.junit", "org.opentest4j", "org.apiguardian",
            "org.assertj", "net.bytebuddy", "com.tngtech", "picocli", "miniasyncio", "grading", "exercises",
            "java", "javax", "jdk", "sun", "com.sun");

    /** Folders that are tool state or build output, never part of a submission's content. */
    static final Set<String> SKIPPED_DIRS = Set.of(".git", "target", ".idea", ".vscode", ".settings",
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
     * folder, unzipped) ({@link RepositoryScreen}), or loose files of package {@code homework}
     * anywhere in it ({@link LooseScreen}).
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
        return base == null ? LooseScreen.screen(submission) : RepositoryScreen.screen(submission, base, release);
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

    /**
     * {@code screening} with the given files it lacks supplied from the grader's copy: those that
     * no source taken is, in {@code folder} (the folder the sources were taken from).
     */
    static Screening supply(Screening screening, Path folder) {
        if (screening.taken().isEmpty()) {
            return screening; // nothing of the homework: supplying the rest would only hide that
        }
        List<String> supplied = new ArrayList<>();
        for (String name : GIVEN) {
            Path given = folder.resolve(name);
            if (screening.taken().stream().noneMatch(source -> source.file().equals(given))) {
                supplied.add(name);
            }
        }
        return new Screening(screening.taken(), screening.refused(), screening.compared(), screening.root(),
                List.copyOf(supplied));
    }

    static Refusal usual(String path, String reason) {
        return new Refusal(path, reason, true);
    }

    static Refusal listed(String path, String reason) {
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

    static void deleteTree(Path dir) {
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

    /**
     * The package {@code javaFile} declares, or "" for the default package ({@link DeclaredPackage}:
     * one linear pass). The screens ask only once the file's size is known to be within
     * {@link #MAX_SOURCE_BYTES}.
     */
    static String declaredPackage(Path javaFile) throws IOException {
        return DeclaredPackage.of(Files.readAllBytes(javaFile));
    }
}
