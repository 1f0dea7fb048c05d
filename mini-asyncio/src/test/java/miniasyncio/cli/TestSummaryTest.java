package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import miniasyncio.cli.fixture.SampleChecks;
import miniasyncio.cli.fixture.StubInAChildTaskChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary at the end of the student's test command, and the self-check's verdict. */
class TestSummaryTest {

    private static final String STUB_LINE = "        throw new NotImplementedYet(\"%s\", \"homework/src/main/java/homework/%s.java\");\n";

    /** A homework module as the release has it: every solution region a stub. */
    static Path stubbedHomework(Path dir) throws Exception {
        Path sources = Files.createDirectories(dir.resolve("src/main/java/homework"));
        StringBuilder scheduler = new StringBuilder("package homework;\nimport miniasyncio.NotImplementedYet;\n"
                + "public class HomeworkScheduler {\n");
        for (String method : List.of("handleSyscall", "finishTask", "hasWork", "pendingTasks", "deadlock")) {
            scheduler.append("    void ").append(method).append("() {\n")
                    .append(STUB_LINE.formatted("HomeworkScheduler." + method, "HomeworkScheduler")).append("    }\n");
        }
        Files.writeString(sources.resolve("HomeworkScheduler.java"), scheduler + "}\n");
        Files.writeString(sources.resolve("Homework.java"), "package homework;\nimport miniasyncio.NotImplementedYet;\npublic class Homework {\n"
                + "    static Object awaitTask(int tid) {\n"
                + "        throw new miniasyncio.NotImplementedYet(\"Homework.awaitTask\", \"homework/src/main/java/homework/Homework.java\");\n"
                + "    }\n    static Object gather() {\n"
                + STUB_LINE.formatted("Homework.gather", "Homework") + "    }\n}\n");
        return dir;
    }

    @Test
    void everyStubIsNamedOnceSchedulerFirstEachClassOnce(@TempDir Path dir) throws Exception {
        List<String> stubs = TestSummary.stubs(stubbedHomework(dir).resolve("src/main/java"));
        assertThat(TestSummary.grouped(stubs)).isEqualTo("HomeworkScheduler.handleSyscall, finishTask, hasWork,"
                + " pendingTasks, deadlock; Homework.awaitTask, gather");
    }

    @Test
    void theExercisesStubsComeInTheOrderOfTheSteps(@TempDir Path dir) throws Exception {
        for (String step : List.of("step10_network/IoScheduler", "step2_roundrobin/RoundRobin", "step1_generators/Generators")) {
            Path file = dir.resolve("exercises/" + step + ".java");
            Files.createDirectories(file.getParent());
            String type = file.getFileName().toString().replace(".java", "");
            Files.writeString(file, "class " + type + " { void m() {\n" + STUB_LINE.formatted(type + ".m", type) + "} }\n");
        }
        assertThat(TestSummary.stubs(dir)).containsExactly("Generators.m", "RoundRobin.m", "IoScheduler.m");
    }

    @Test
    void theSummarySaysWhatPassesWhatIsNotWrittenAndWhatFails() {
        List<TestSummary.Result> results = List.of(
                new TestSummary.Result("VisibleRunTest", "VisibleRunTest.polling", null),
                new TestSummary.Result("HomeworkTest", "HomeworkTest.a",
                        "not implemented yet: HomeworkScheduler.hasWork (edit ...)"),
                new TestSummary.Result("step1_generators", "GeneratorsTest.counter", "expected: 3\n but was: 2"));
        String summary = TestSummary.summary("homework", results, List.of("HomeworkScheduler.hasWork", "Homework.gather"));
        assertThat(summary).isEqualTo("""
                == homework: 1 of 3 tests pass
                   pass:             VisibleRunTest
                   not written yet:  HomeworkScheduler.hasWork; Homework.gather
                   waiting for them: HomeworkTest
                   FAIL:             GeneratorsTest.counter: expected: 3 but was: 2
                   stack traces:     homework/target/student-tests.log
                """);
    }

    @Test
    void theStudentsRunnerKeepsTheConsoleQuietAndEveryReasonWhole(@TempDir Path dir) throws Exception {
        Path classes = Path.of(SampleChecks.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path log = dir.resolve("target/student-tests.log");
        PrintStream console = System.out;
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        List<TestSummary.Result> results;
        System.setOut(new PrintStream(seen, true, StandardCharsets.UTF_8));
        System.setProperty(SampleChecks.RUN, "true");
        try {
            results = StudentTests.run(classes, List.of("miniasyncio.cli.fixture"), new String[] {".*\\.SampleChecks"}, log);
        } finally {
            System.clearProperty(SampleChecks.RUN);
            System.setOut(console);
        }
        assertThat(seen.toString(StandardCharsets.UTF_8)).as("what the runner printed on the console").isEmpty();
        assertThat(results).extracting(TestSummary.Result::name).containsExactlyInAnyOrder("SampleChecks.passes",
                "SampleChecks.waitsOnAStub", "SampleChecks.failsAnAssertion", "SampleChecks.throwsSomethingElse");
        assertThat(results).filteredOn(TestSummary.Result::passed).extracting(TestSummary.Result::name)
                .containsExactly("SampleChecks.passes");
        assertThat(results).filteredOn(TestSummary.Result::waitsOnAStub).extracting(TestSummary.Result::name)
                .containsExactly("SampleChecks.waitsOnAStub");
        String summary = TestSummary.summary("homework", results, List.of("HomeworkScheduler.hasWork"));
        assertThat(summary).contains(
                "FAIL:             SampleChecks.failsAnAssertion: [the longest read (0.3), not the sum (0.6)] expected: 0.3 but was: 0.6",
                "FAIL:             SampleChecks.throwsSomethingElse: NullPointerException: Cannot invoke",
                "stack traces:     homework/target/student-tests.log");
        assertThat(Files.readString(log)).contains("---- SampleChecks.passes()\nprinted by a test\n",
                "Task exception was never retrieved",
                "---- SampleChecks.throwsSomethingElse", "at miniasyncio.cli.fixture.SampleChecks.throwsSomethingElse");
    }

    /** Step 8's CPythonQueuesTest.maxsize with Queue.put a stub: reached in the putter task, not in the test. */
    @Test
    void aStubReachedInAChildTaskCountsAsNotWrittenYet(@TempDir Path dir) throws Exception {
        Path classes = Path.of(StubInAChildTaskChecks.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<TestSummary.Result> results;
        System.setProperty(SampleChecks.RUN, "true");
        try {
            results = StudentTests.run(classes, List.of("miniasyncio.cli.fixture"), new String[] {".*StubInAChildTaskChecks"},
                    dir.resolve("target/student-tests.log"));
        } finally {
            System.clearProperty(SampleChecks.RUN);
        }

        assertThat(results).filteredOn(TestSummary.Result::waitsOnAStub).extracting(TestSummary.Result::name)
                .containsExactly("StubInAChildTaskChecks.maxsize");
        assertThat(results).filteredOn(r -> r.name().endsWith(".maxsize")).first()
                .extracting(TestSummary.Result::failure).asString()
                .contains("not implemented yet: Queue.put (edit exercises/src/main/java/exercises/step8_queue/Queue.java)");
        String summary = TestSummary.summary("exercises", results, List.of("Queue.put"));
        assertThat(summary).contains("   not written yet:  Queue.put\n")
                .doesNotContain("FAIL:             StubInAChildTaskChecks.maxsize")
                .contains("FAIL:             StubInAChildTaskChecks.getNowaitOfAnEmptyQueueFails: [a test that fails on its own");
    }

    @Test
    void testsThatFailForOneReasonAreNamedTogetherAndALongReasonWrapsBetweenWords() {
        String reason = "the scheduler took more than 100000 steps: " + "tasks are resumed again and again ".repeat(5);
        List<TestSummary.Result> results = List.of(new TestSummary.Result("HomeworkTest", "HomeworkTest.a", reason),
                new TestSummary.Result("HomeworkTest", "HomeworkTest.b", "expected 1"),
                new TestSummary.Result("HomeworkTest", "HomeworkTest.c", reason));
        String summary = TestSummary.summary("homework", results, List.of());
        assertThat(summary).contains("FAIL:             HomeworkTest.a, HomeworkTest.c: the scheduler took more than 100000 steps:",
                "FAIL:             HomeworkTest.b: expected 1");
        assertThat(summary.lines()).allMatch(l -> l.length() <= TestSummary.WIDTH);
        assertThat(summary.lines().filter(l -> l.contains("again"))).hasSizeGreaterThan(1);
    }

    @Test
    void eachPageIsNamedUnderItsFailureAndThePagesOfTestsWaitingForAStubAreCounted() {
        String stub = "not implemented yet: Homework.gather (edit homework/src/main/java/homework/Homework.java)";
        List<TestSummary.Result> results = List.of(
                new TestSummary.Result("HomeworkTest", "HomeworkTest.a", "deadlock", "HomeworkTest.a.html"),
                new TestSummary.Result("HomeworkTest", "HomeworkTest.b", "expected 1", null),
                new TestSummary.Result("HomeworkTest", "HomeworkTest.c", "deadlock", "HomeworkTest.c.html"),
                new TestSummary.Result("GatherTest", "GatherTest.d", stub, "GatherTest.d.html"),
                new TestSummary.Result("GatherTest", "GatherTest.e", stub, "GatherTest.e.html"));
        assertThat(TestSummary.summary("homework", results, List.of("Homework.gather"))).isEqualTo("""
                == homework: 0 of 5 tests pass
                   not written yet:  Homework.gather
                   waiting for them: GatherTest
                   FAIL:             HomeworkTest.a, HomeworkTest.c: deadlock
                   step-through:     homework/target/step-through/HomeworkTest.a.html
                                     homework/target/step-through/HomeworkTest.c.html
                   FAIL:             HomeworkTest.b: expected 1
                   step-through:     2 more pages in homework/target/step-through/
                   stack traces:     homework/target/student-tests.log
                """);
    }

    @Test
    void aReasonIsOneLineWithoutTheQuotedStackTraceAndCutOnlyWhenVeryLong() {
        assertThat(TestSummary.oneLine("""
                Expecting actual throwable to be an instance of:
                  java.lang.IllegalStateException
                but was:
                  java.lang.RuntimeException: boom
                	at homework.X.y(X.java:3)
                	...(17 remaining lines not displayed - this can be changed with Assertions.setMaxStackTraceElementsDisplayed)
                """)).isEqualTo("Expecting actual throwable to be an instance of: java.lang.IllegalStateException"
                + " but was: java.lang.RuntimeException: boom");
        String list = "[" + "'a.txt: contents', ".repeat(15) + "]";
        assertThat(TestSummary.oneLine("expected: " + list)).isEqualTo("expected: " + list);
        assertThat(TestSummary.oneLine("x".repeat(1000))).hasSize(TestSummary.REASON_LIMIT + 4).endsWith(" ...");
    }

    @Test
    void anOptionalExerciseIsReportedApartAndItsStubsAreNotWorkLeft(@TempDir Path dir) throws Exception {
        Path file = Files.createDirectories(dir.resolve("exercises/step8_queue")).resolve("Queue.java");
        Files.writeString(file, "class Queue {\n    void shutdown() {\n        closed = true;\n    }\n\n"
                + "    /** Optional. */\n    @OptionalExercise\n    public void shutdown(boolean immediate) {\n"
                + STUB_LINE.formatted("Queue.shutdown", "Queue") + "    }\n\n    @OptionalExercise\n    public void join() {\n"
                + STUB_LINE.formatted("Queue.join", "Queue") + "    }\n}\n");
        assertThat(TestSummary.stubs(dir)).as("the required shutdown() is written").isEmpty();
        assertThat(TestSummary.optionalStubs(dir)).as("an overload of a required method is named by its parameters")
                .containsExactly("Queue.shutdown(immediate)", "Queue.join");
        assertThat(TestSummary.part("exercises.step8_queue.CPythonQueuesOptionalTest")).isEqualTo("step8_queue (optional)");
        List<TestSummary.Result> results = List.of(new TestSummary.Result("step8_queue", "QueueTest.a", null),
                new TestSummary.Result("step8_queue (optional)", "QueueOptionalTest.b", "not implemented yet: Queue.join (edit ...)"));
        assertThat(TestSummary.summary("exercises", results, TestSummary.stubs(dir), TestSummary.optionalStubs(dir))).isEqualTo("""
                == exercises: 1 of 2 tests pass
                   pass:             step8_queue
                   optional, to do:  Queue.shutdown(immediate), join
                   waiting for them: step8_queue (optional)
                   everything required is written and passes (the optional exercises are up to you)
                """);
    }

    @Test
    void anExerciseTestBelongsToItsStepAndTheStepsComeInTheirOrder() {
        assertThat(TestSummary.part("exercises.step3_futures.FutureTest")).isEqualTo("step3_futures");
        assertThat(TestSummary.part("homework.HomeworkTest")).isEqualTo("HomeworkTest");
        List<TestSummary.Result> results = List.of(new TestSummary.Result("step10_network", "A.a", null),
                new TestSummary.Result("step2_roundrobin", "B.b", null), new TestSummary.Result("ExamplesTest", "C.c", null));
        assertThat(TestSummary.summary("exercises", results, List.of()))
                .contains("pass:             ExamplesTest, step2_roundrobin, step10_network");
    }

    @Test
    void theSelfCheckListsWhatToFixAndWhatToUpload(@TempDir Path dir) throws Exception {
        Path module = stubbedHomework(dir);
        List<String> stubs = TestSummary.stubs(module.resolve("src/main/java"));
        String verdict = SelfCheck.verdict(module, List.of(), stubs);
        assertThat(verdict).startsWith("== not ready to submit yet")
                .contains("write the 7 methods that are not written yet")
                .contains("upload HomeworkScheduler.java and Homework.java")
                .doesNotContain("could not compile");
    }

    @Test
    void theSelfCheckCompilesAsTheGraderAndSaysReadyWhenAllIsWell(@TempDir Path dir) throws Exception {
        Path sources = Files.createDirectories(dir.resolve("src/main/java/homework"));
        Files.writeString(sources.resolve("Homework.java"), "package homework;\npublic class Homework { }\n");
        List<TestSummary.Result> passed = List.of(new TestSummary.Result("HomeworkTest", "HomeworkTest.a", null));
        assertThat(SelfCheck.verdict(dir, passed, List.of())).startsWith("== ready to submit")
                .contains("Classroom 50 or GitHub Actions: commit and push");

        Files.writeString(sources.resolve("Homework.java"), "package homework;\npublic class Homework { int x = \"no\"; }\n");
        assertThat(SelfCheck.verdict(dir, passed, List.of())).startsWith("== not ready")
                .contains("could not compile").contains("Homework.java:2: incompatible types");
    }

    @Test
    void theSelfCheckListsWhatTheGradersAllowlistScreenRefuses(@TempDir Path dir) throws Exception {
        Path sources = Files.createDirectories(dir.resolve("src/main/java/homework"));
        Files.writeString(sources.resolve("Homework.java"), "package homework;\npublic class Homework { }\n");
        List<TestSummary.Result> passed = List.of(new TestSummary.Result("HomeworkTest", "HomeworkTest.a", null));
        Files.createDirectories(dir.resolve("target"));
        Files.writeString(dir.resolve(SelfCheck.SCREEN_REPORT), "Homework.x (Homework.java:3) uses java.lang.System.exit:"
                + " of java.lang.System the homework needs only out, err; the grader does not run code that uses it\n");
        assertThat(SelfCheck.verdict(dir, passed, List.of())).startsWith("== not ready")
                .contains("the grader would not run your code").contains("Homework.java:3) uses java.lang.System.exit");

        Files.writeString(dir.resolve(SelfCheck.SCREEN_REPORT), ""); // the screen ran and refused nothing
        assertThat(SelfCheck.verdict(dir, passed, List.of())).startsWith("== ready to submit");
    }

    @Test
    void theSelfCheckUsesTheGradersJavaVersionNotTheJdks(@TempDir Path dir) throws Exception {
        Path sources = Files.createDirectories(dir.resolve("src/main/java/homework"));
        // a Java 22+ API (unnamed variables are 22+ too): the grader compiles with --release 21
        Files.writeString(sources.resolve("Homework.java"),
                "package homework;\npublic class Homework { Object g = java.util.stream.Gatherers.class; }\n");
        assertThat(SelfCheck.compileAsTheGrader(sources)).contains("Homework.java:2");
    }

    @Test
    void aLongListOfStubsIsBrokenBetweenClasses() {
        String summary = TestSummary.summary("exercises", List.of(new TestSummary.Result("s", "T.t", null)),
                List.of("A".repeat(60) + ".a", "B".repeat(60) + ".b", "C".repeat(60) + ".c"));
        assertThat(summary.lines().filter(l -> l.contains("AAAA") || l.contains("BBBB") || l.contains("CCCC")))
                .hasSizeGreaterThan(1).allMatch(l -> l.length() <= TestSummary.WIDTH + 70);
        List<TestSummary.Result> waiting = new java.util.ArrayList<>();
        for (int step = 1; step <= 30; step++) {
            waiting.add(new TestSummary.Result("step" + step + "_something", "T.t" + step, "not implemented yet: X.y"));
        }
        assertThat(TestSummary.summary("exercises", waiting, List.of()).lines())
                .allMatch(l -> l.length() <= TestSummary.WIDTH + 30);
    }
}
