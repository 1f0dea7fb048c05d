package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
                   FAIL:             GeneratorsTest.counter: expected: 3 ...
                """);
    }

    @Test
    void theResultsAreReadFromSurefiresReportsAndOnlyTheStudentsTestsCount(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("TEST-homework.HomeworkTest.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="homework.HomeworkTest" tests="3">
                  <testcase name="passes" classname="homework.HomeworkTest" time="0.01"/>
                  <testcase name="stub" classname="homework.HomeworkTest" time="0.01">
                    <error message="not implemented yet: HomeworkScheduler.hasWork (edit x)" type="miniasyncio.NotImplementedYet">trace</error>
                  </testcase>
                  <testcase name="wrong" classname="homework.HomeworkTest" time="0.01">
                    <failure message="expected 42" type="org.opentest4j.AssertionFailedError">trace</failure>
                  </testcase>
                </testsuite>
                """);
        Files.writeString(dir.resolve("TEST-miniasyncio.SchedulerTest.xml"), """
                <testsuite name="miniasyncio.SchedulerTest"><testcase name="x" classname="miniasyncio.SchedulerTest"/></testsuite>
                """);
        assertThat(TestSummary.results(dir)).containsExactly(
                new TestSummary.Result("HomeworkTest", "HomeworkTest.passes", null),
                new TestSummary.Result("HomeworkTest", "HomeworkTest.stub", "not implemented yet: HomeworkScheduler.hasWork (edit x)"),
                new TestSummary.Result("HomeworkTest", "HomeworkTest.wrong", "expected 42"));
        assertThat(TestSummary.results(dir.resolve("none"))).isEmpty();
    }

    @Test
    void anExerciseTestBelongsToItsStep() {
        assertThat(TestSummary.part("exercises.step3_futures.FutureTest")).isEqualTo("step3_futures");
        assertThat(TestSummary.part("homework.HomeworkTest")).isEqualTo("HomeworkTest");
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
