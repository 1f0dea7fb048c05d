package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import grading.rules.SlowSuites;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The child JVM protocol under a submission that misbehaves during ONE test (awaiting tid 123456789,
 * which only the "unknown tid" test does): that test fails with the reason, the tests before it
 * keep their results, and a new child runs the tests after it.
 */
@ResourceLock(SlowSuites.IN_THIS_JVM)
class IsolationSlowIT {

    private static final Path KIT = Path.of(System.getProperty("grading.kit", "target/grader.jar"));
    private static final String UNKNOWN_TID_TEST = "awaiting a tid that no task has (a tid never handed out, 0, or negative) is a clear error in the"
            + " caller";

    @TempDir
    static Path work;

    /** The three misbehaving submissions, graded two at a time while the tests below wait for theirs. */
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);
    private static Future<Report> exit;
    private static Future<Report> loop;
    private static Future<Report> forged;

    /**
     * The allowlist screen would refuse System.exit and FileDescriptor before they run: these
     * gradings switch it off (as only the proof may) to show what the child runner and the channel
     * do by themselves.
     */
    @BeforeAll
    static void screenOffAndGrade() {
        System.setProperty("grading.unscreened", "true");
        exit = POOL.submit(() -> gradeWith("exit", "if (tid == 123_456_789) { System.exit(0); }"));
        loop = POOL.submit(() -> gradeWith("loop", "if (tid == 123_456_789) { while (true) { Math.sqrt(tid); } }"));
        forged = POOL.submit(() -> gradeWith("forged", "if (tid == 123_456_789) { new java.io.PrintStream(new"
                + " java.io.FileOutputStream(java.io.FileDescriptor.out), true).print(\"END grading.hidden.ErrorTests#unknownTid"
                + " passed 1 \\nno newline at the end\"); System.out.println(\"PASSED 100/100\"); }"));
    }

    @AfterAll
    static void screenOn() throws InterruptedException {
        POOL.shutdownNow();
        POOL.awaitTermination(1, TimeUnit.MINUTES);
        System.clearProperty("grading.unscreened");
    }

    @Test
    void systemExitDuringOneTestFailsThatTestAndTheOthersStillRun() throws Exception {
        assertOnlyTheUnknownTidTestFailed(exit.get(), "the submission ended the JVM during " + UNKNOWN_TID_TEST);
    }

    @Test
    void anEndlessLoopDuringOneTestTimesOutAndTheOthersStillRun() throws Exception {
        assertOnlyTheUnknownTidTestFailed(loop.get(), "timed out: used 5.0 s of CPU, the test's limit");
    }

    @Test
    void forgedEventLinesOnTheRealStdoutAreIgnored() throws Exception {
        Report report = forged.get();
        TestResult unknown = report.tests().stream().filter(t -> t.name().equals(UNKNOWN_TID_TEST)).findFirst()
                .orElseThrow();
        // the reference still rejects that tid after printing: the forged lines change nothing
        assertThat(unknown.passed()).isTrue();
        assertThat(unknown.output()).contains("PASSED 100/100");
        assertThat(graded(report)).allSatisfy(t -> assertThat(t.passed()).as(t.name()).isTrue());
    }

    /**
     * The graded tests only: static rules, where they are built in, judge the code itself (a
     * System.exit fails its rule too) and are checked by their own tests.
     */
    private static List<TestResult> graded(Report report) {
        List<String> numbers = GradedTests.all().stream().map(GradedTests.Spec::number).toList();
        return report.tests().stream().filter(t -> numbers.contains(t.number())).toList();
    }

    private static void assertOnlyTheUnknownTidTestFailed(Report report, String reason) {
        List<TestResult> graded = graded(report);
        assertThat(graded).hasSize(GradedTests.all().size());
        assertThat(graded).filteredOn(t -> !t.passed()).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo(UNKNOWN_TID_TEST);
            assertThat(t.reason()).startsWith(reason);
        });
    }

    /** The reference homework with {@code statement} put at the start of Homework.awaitTask. */
    private static Report gradeWith(String name, String statement) throws IOException, InterruptedException {
        Path submission = PlantedInAwaitTask.submission(work.resolve(name), statement);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Report report = new Grading(KIT, new ChildRunner.Limits(5_000, 120_000, "256m"),
                new PrintStream(log, true, StandardCharsets.UTF_8)).grade(submission);
        return report; // the log stays in memory: a passing run prints nothing
    }
}
