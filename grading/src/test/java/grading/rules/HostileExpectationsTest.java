package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The score bounds of every hostile submission's expected.properties, read in the quick run (the
 * suites that grade them are slow): each is a number or {@code full} ({@link Submissions#score}),
 * and none is above the maximum, the hidden tests' points added up, so a bound that a change of
 * the points left behind is found at once. And the submissions themselves, in the quick run too:
 * each is built (its homework.patch applies to its base, carried over a change of the reference
 * when it must), and none holds a copy of a reference file, so that a change of the homework's
 * API reaches every one of them.
 */
class HostileExpectationsTest {

    @Test
    void everyScoreBoundIsANumberOrFullAndAtMostTheMaximum() throws IOException {
        double maximum = GradedTests.all().stream().mapToDouble(GradedTests.Spec::points).sum();
        List<Path> hostile;
        try (Stream<Path> list = Files.list(Submissions.root().resolve("grading/hostile"))) {
            hostile = list.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(hostile).isNotEmpty();
        List<String> problems = new ArrayList<>();
        for (Path dir : hostile) {
            Properties expected = new Properties();
            try (Reader in = Files.newBufferedReader(dir.resolve("expected.properties"), StandardCharsets.UTF_8)) {
                expected.load(in);
            }
            double min = 0;
            for (String key : List.of("score.min", "score.max", "unscreened.score.max")) {
                String bound = expected.getProperty(key);
                if (bound == null) {
                    if (key.equals("score.max")) {
                        problems.add(dir.getFileName() + ": no " + key);
                    }
                    continue; // score.min is 0 unless said; unscreened.score.max is score.max
                }
                try {
                    double value = Submissions.score(bound);
                    if (value < 0 || value > maximum) {
                        problems.add(dir.getFileName() + ": " + key + "=" + bound + " is outside 0.." + maximum);
                    }
                    if (key.equals("score.min")) {
                        min = value;
                    } else if (key.equals("score.max") && value < min) {
                        problems.add(dir.getFileName() + ": score.max=" + bound + " is below score.min");
                    }
                } catch (NumberFormatException e) {
                    problems.add(dir.getFileName() + ": " + key + "=" + bound + " is neither a number, full nor full-N");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    /** What grading/hostile may hold, in lines: the attacks and their expectations, no copies. */
    static final int MOST_LINES = 1_200;

    @Test
    void everyHostileSubmissionIsBuiltFromItsBaseAndHoldsNoCopyOfTheReference(@org.junit.jupiter.api.io.TempDir Path work)
            throws IOException {
        Path hostile = Submissions.root().resolve("grading/hostile");
        List<String> references;
        try (Stream<Path> list = Files.list(Submissions.root().resolve("homework/src/main/java/homework"))) {
            references = list.map(p -> p.getFileName().toString()).toList();
        }
        List<String> copies = new ArrayList<>();
        long lines = 0;
        try (Stream<Path> walk = Files.walk(hostile)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                lines += Files.readAllLines(file, StandardCharsets.UTF_8).size();
                if (references.contains(file.getFileName().toString())
                        && file.getParent().endsWith(Path.of("homework/src/main/java/homework"))) {
                    copies.add(hostile.relativize(file).toString());
                }
            }
        }
        assertThat(copies).as("copies of reference files in grading/hostile: make each a homework.patch of its base")
                .isEmpty();
        assertThat(lines).as("lines in grading/hostile").isLessThanOrEqualTo(MOST_LINES);
        List<String> problems = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(hostile)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                Path built = Submissions.overlaid(dir, work.resolve(dir.getFileName().toString()));
                String compiled = compiles(built, work.resolve(dir.getFileName() + "-classes"));
                String says = Files.readString(dir.resolve("expected.properties"));
                // javac's refusal is the threat's outcome: javac-memory-bomb, override-final-loop
                boolean mayNot = says.contains("message=does not compile") || says.contains(" cannot override ");
                if (!mayNot && !compiled.isEmpty()) {
                    problems.add(dir.getFileName() + " does not compile, so its attack never runs: " + compiled);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    private static boolean declaresHomework(Path source) {
        try {
            String text = Files.readString(source, StandardCharsets.UTF_8);
            return text.startsWith("package homework;") || text.contains("\npackage homework;");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * "" when the sources of package homework of {@code submission} compile against the kit (the
     * test's class path), else javac's first error (the screen refuses sources of other packages, reserved-package's, before javac). A hostile submission that does not compile proves nothing
     * of its threat: it is refused before any of it runs.
     */
    private static String compiles(Path submission, Path classes) throws IOException {
        List<String> sources;
        try (Stream<Path> walk = Files.list(submission.resolve("homework/src/main/java/homework"))) {
            sources = walk.filter(p -> p.toString().endsWith(".java") && declaresHomework(p)).map(Path::toString)
                    .sorted().toList();
        }
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-proc:none", "-nowarn", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        args.addAll(sources);
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        int exit = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, errors, errors, args.toArray(String[]::new));
        return exit == 0 ? "" : errors.toString(StandardCharsets.UTF_8).lines().limit(3)
                .collect(java.util.stream.Collectors.joining(" | "));
    }

    @Test
    void aSubmissionOnTheReleaseHasTheStubsAndItsPatch(@org.junit.jupiter.api.io.TempDir Path work) throws IOException {
        Path built = Submissions.overlaid(Submissions.root().resolve("grading/hostile/kill-parent"), work.resolve("k"));
        String homework = Files.readString(built.resolve("homework/src/main/java/homework/Homework.java"));
        assertThat(homework).contains("throw new NotImplementedYet(\"Homework.gather\"").doesNotContain("BEGIN SOLUTION");
        assertThat(Files.readString(built.resolve("homework/src/main/java/homework/HomeworkScheduler.java")))
                .contains("throw new NotImplementedYet(\"HomeworkScheduler.handleSyscall\"", "attack();");
        assertThat(built.resolve("expected.properties")).doesNotExist();
        assertThat(built.resolve("homework.patch")).doesNotExist();
        assertThat(built.resolve("release.patch")).doesNotExist();
    }
}
