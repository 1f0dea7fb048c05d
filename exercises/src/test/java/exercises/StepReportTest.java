package exercises;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code exercises/check-step.sh N} prints ({@code check/StepReport.java}, run here as the
 * script runs it: compiled once, then a JVM of its own per report) for test reports made up to the case.
 *
 * <p>Each test waits on a JVM; a busy machine stretches that past the exercises' default limit of
 * 10 s (all 4 tests timed out so at a load of 7, beside a build), so its limit is that of the
 * other tests that wait on a process.
 */
@Timeout(120)
class StepReportTest {

    /** StepReport compiled once for the class, as the script keeps it in target/check-report. */
    @TempDir
    static Path compiled;

    static final String STUB9 = "not implemented yet: AsyncioScheduler.runUntilComplete"
            + " (edit exercises/src/main/java/exercises/step9_run/AsyncioScheduler.java)";
    static final String STUB10 = "not implemented yet: IoScheduler.hasWork"
            + " (edit exercises/src/main/java/exercises/step10_network/IoScheduler.java)";

    @TempDir
    Path module;

    /** The exit code of the last {@link #report}: 0 when the step's required tests pass. */
    int exitCode;

    @Test
    void aFailureOnAnEarlierStepsStubSaysInItsFirstLineWhichStepToFinishFirst() throws Exception {
        statement("**Needs:** step 9, your own code of it, written first.");
        stub("step9_run/AsyncioScheduler.java", "AsyncioScheduler.runUntilComplete");
        reports(testCase("IoSchedulerTest", "a", "<error message=\"" + STUB9 + "\" type=\"miniasyncio.NotImplementedYet\"/>"),
                testCase("IoSchedulerTest", "b", "<failure message=\"Expecting actual throwable to be an instance of:\" type=\"x\">"
                        + "but was: miniasyncio.NotImplementedYet: " + STUB9 + "\n\tat x</failure>"),
                testCase("IoSchedulerTest", "c", ""));
        List<String> lines = report(10);
        assertThat(lines.get(0)).isEqualTo("step 10 builds on step 9 (AsyncioScheduler.runUntilComplete is not written yet):"
                + " finish step 9 first");
        assertThat(lines).hasSize(2);
    }

    @Test
    void everyUnwrittenStepItNeedsIsNamedTheEarliestToFinishFirst() throws Exception {
        statement("**Needs:** steps 3, 5 and 9, your own code of them, written first.");
        stub("step3_futures/Future.java", "Future.isDone");
        stub("step5_cancellation/CancellableScheduler.java", "CancellableScheduler.cancel");
        stub("step9_run/AsyncioScheduler.java", "AsyncioScheduler.runUntilComplete");
        reports(testCase("IoSchedulerTest", "a", "<error message=\"" + STUB9 + "\" type=\"x\"/>"));
        assertThat(report(10).get(0)).isEqualTo("step 10 builds on steps 3, 5 and 9 (Future.isDone,"
                + " CancellableScheduler.cancel, AsyncioScheduler.runUntilComplete are not written yet): finish step 3 first");
    }

    @Test
    void theStepsOwnStubsAreNamedOnceAndOtherFailuresEachWithItsReason() throws Exception {
        statement("**Needs:** step 9, your own code of it, written first.");
        reports(testCase("IoSchedulerTest", "a", "<error message=\"" + STUB10 + "\" type=\"x\"/>"),
                testCase("IoSchedulerTest", "b", "<error message=\"" + STUB10 + "\" type=\"x\"/>"),
                testCase("IoSchedulerTest", "c", "<failure message=\"expected: 1&#10; but was: 2\" type=\"x\"/>"));
        assertThat(report(10)).containsExactly("step 10: 3 of 3 tests failed",
                "  not written yet: IoScheduler.hasWork (2 tests wait for them)",
                "  IoSchedulerTest.c: expected: 1",
                "full reasons and stack traces: " + module.resolve("target/surefire-reports"));
    }

    /** check-step.sh N --step-through: each failing test's page under its failure; those waiting for a stub counted. */
    @Test
    void eachFailingTestsStepThroughPageIsNamedUnderItsFailure() throws Exception {
        statement("**Needs:** step 9, your own code of it, written first.");
        Path pages = module.resolve("target/step-through");
        reports(testCase("IoSchedulerTest", "a", "<error message=\"" + STUB10 + "\" type=\"x\"/>"
                        + "<system-out>step-through: " + pages.resolve("IoSchedulerTest.a.html") + "</system-out>"),
                testCase("IoSchedulerTest", "c", "<failure message=\"expected: 1\" type=\"x\"/>"
                        + "<system-out>step-through: " + pages.resolve("IoSchedulerTest.c.html") + "</system-out>"),
                testCase("IoSchedulerTest", "d", "<failure message=\"expected: 2\" type=\"x\"/>"));
        assertThat(report(10)).containsExactly("step 10: 3 of 3 tests failed",
                "  not written yet: IoScheduler.hasWork (1 tests wait for them)",
                "  IoSchedulerTest.c: expected: 1",
                "    step-through: " + pages.resolve("IoSchedulerTest.c.html"),
                "  IoSchedulerTest.d: expected: 2",
                "  step-through: 1 more page in " + pages + " (of the tests waiting for a method not written yet)",
                "full reasons and stack traces: " + module.resolve("target/surefire-reports"));
    }

    @Test
    void everyTestPassing() throws Exception {
        statement("**Needs:** no earlier step.");
        reports(testCase("IoSchedulerTest", "a", ""));
        assertThat(report(10)).containsExactly("step 10: 1 tests passed");
    }

    @Test
    void theOptionalExerciseIsReportedApartAndTheStepIsDoneWithoutIt() throws Exception {
        statement("**Needs:** no earlier step.");
        String optionalStub = "not implemented yet: IoScheduler.shutdown"
                + " (edit exercises/src/main/java/exercises/step10_network/IoScheduler.java)";
        reports(testCase("IoSchedulerTest", "a", ""),
                testCase("IoSchedulerOptionalTest", "b", "<error message=\"" + optionalStub + "\" type=\"x\"/>"),
                testCase("IoSchedulerOptionalTest", "c", "<error message=\"" + optionalStub + "\" type=\"x\"/>"),
                testCase("IoSchedulerOptionalTest", "d", ""));
        assertThat(report(10)).containsExactly("step 10: 1 tests passed",
                "  optional (the statement's \"Optional: ...\"; the step is done without it): 1 of 3 tests pass",
                "    not written yet: IoScheduler.shutdown");
        assertThat(exitCode).as("the step is done").isZero();
    }

    @Test
    void anOptionalTestThatFailsIsNamedWithItsReasonUnderTheOptionalPart() throws Exception {
        statement("**Needs:** no earlier step.");
        reports(testCase("IoSchedulerTest", "a", "<failure message=\"expected: 1\" type=\"x\"/>"),
                testCase("IoSchedulerOptionalTest", "b", "<failure message=\"expected: 2\" type=\"x\"/>"));
        assertThat(report(10)).containsExactly("step 10: 1 of 1 tests failed",
                "  IoSchedulerTest.a: expected: 1",
                "  optional (the statement's \"Optional: ...\"; the step is done without it): 0 of 1 tests pass",
                "    IoSchedulerOptionalTest.b: expected: 2",
                "full reasons and stack traces: " + module.resolve("target/surefire-reports"));
        assertThat(exitCode).isEqualTo(1);
    }

    @Test
    void aLaterStepNeverAsksForAnEarlierStepsOptionalMethods() throws Exception {
        statement("**Needs:** steps 3 and 9, your own code of them, written first.");
        stub("step3_futures/Future.java", "Future.isDone");
        // step 9: its required shutdown() is written; shutdown(boolean), of the same name, and run are optional
        Path step9 = Files.createDirectories(module.resolve("src/main/java/exercises/step9_run"));
        Files.writeString(step9.resolve("Runner.java"), """
                class Runner {
                    void shutdown() {
                        closed = true;
                    }

                    /** Optional. */
                    @OptionalExercise
                    void shutdown(boolean now) {
                        throw new NotImplementedYet("Runner.shutdown", "exercises/src/main/java/exercises/step9_run/Runner.java");
                    }

                    @OptionalExercise
                    public <T> T run(Callable<T> main) {
                        throw new NotImplementedYet("Runner.run", "exercises/src/main/java/exercises/step9_run/Runner.java");
                    }
                }
                """);
        String stub3 = "not implemented yet: Future.isDone (edit exercises/src/main/java/exercises/step3_futures/Future.java)";
        reports(testCase("IoSchedulerTest", "a", "<error message=\"" + stub3 + "\" type=\"x\"/>"));
        assertThat(report(10).get(0)).isEqualTo("step 10 builds on step 3 (Future.isDone is not written yet): finish step 3 first");
    }

    /** A failing test that CHANGES.md names under a rule that changed: the rule under its failure, newest release first. */
    @Test
    void aFailingTestThatChangesNamesHasTheChangedRuleUnderIt() throws Exception {
        statement("**Needs:** no earlier step.");
        Files.writeString(module.resolve("CHANGES.md"), """
                # What changed

                ## 2026-12-04

                ### Step 10

                | rule | tests |
                |---|---|
                | a connect's interest goes once served | `IoSchedulerTest#c`, `IoSchedulerTest#d` |

                ## 2026-12-03

                ### Given API

                | given | what changed |
                |---|---|
                | `IoScheduler.c` | not a rule: never under a failing test |

                ### Step 10

                | rule | tests |
                |---|---|
                | the errors are clear | `IoSchedulerTest#c` |
                """);
        reports(testCase("IoSchedulerTest", "a", ""),
                testCase("IoSchedulerTest", "c", "<failure message=\"expected: 1\" type=\"x\"/>"));
        assertThat(report(10)).containsExactly("step 10: 1 of 2 tests failed",
                "  IoSchedulerTest.c: expected: 1",
                "    see exercises/CHANGES.md, 2026-12-04, step 10: a connect's interest goes once served",
                "    see exercises/CHANGES.md, 2026-12-03, step 10: the errors are clear",
                "full reasons and stack traces: " + module.resolve("target/surefire-reports"));
    }

    /** Every test the real CHANGES.md names gets, failing, each rule that names it: the file is in the format the report reads. */
    @Test
    void everyTestTheKitsChangesNamesGetsItsRuleUnderItsFailure() throws Exception {
        statement("**Needs:** no earlier step.");
        String changes = Files.readString(Path.of("CHANGES.md"), StandardCharsets.UTF_8);
        Files.writeString(module.resolve("CHANGES.md"), changes);
        java.util.Map<String, List<String>> rules = new java.util.TreeMap<>(); // IoSchedulerTest#x -> "DATE, step N: rule"
        String release = null;
        String section = null;
        for (String line : changes.lines().toList()) {
            if (line.matches("## \\d{4}-\\d{2}-\\d{2}")) {
                release = line.substring(3);
            } else if (line.startsWith("### ")) {
                section = line.substring(4).replace("Step", "step");
            } else if (section != null && section.startsWith("step") && line.startsWith("| ") && line.contains("#")) {
                String[] cells = line.split("\\|");
                for (String test : cells[2].replace("`", "").split(",\\s*")) {
                    rules.computeIfAbsent(test.strip(), k -> new java.util.ArrayList<>())
                            .add(release + ", " + section + ": " + cells[1].strip());
                }
            }
        }
        assertThat(rules).as("tests CHANGES.md names").hasSizeGreaterThan(20);
        List<String> cases = new java.util.ArrayList<>();
        rules.keySet().forEach(t -> cases.add(testCase(t.substring(0, t.indexOf('#')), t.substring(t.indexOf('#') + 1),
                "<failure message=\"expected: 1\" type=\"x\"/>")));
        reports(cases.toArray(String[]::new));
        List<String> lines = report(10);
        for (java.util.Map.Entry<String, List<String>> test : rules.entrySet()) {
            // an optional exercise's failures are listed under its own line, two spaces further in
            String indent = test.getKey().contains("OptionalTest#") ? "    " : "  ";
            List<String> expected = new java.util.ArrayList<>(List.of(indent + test.getKey().replace('#', '.') + ": expected: 1"));
            test.getValue().forEach(rule -> expected.add(indent + "  see exercises/CHANGES.md, " + rule));
            int at = lines.indexOf(expected.get(0));
            assertThat(at).as("%s among the failures", test.getKey()).isNotNegative();
            assertThat(lines.subList(at, at + expected.size())).isEqualTo(expected);
        }
    }

    /** A compile error that names a given member CHANGES.md lists as changed: the change under the build's errors. */
    @Test
    void aCompileErrorNamingAChangedGivenMemberHasTheChangeUnderTheErrors() throws Exception {
        statement("**Needs:** no earlier step.");
        Files.writeString(module.resolve("CHANGES.md"), """
                ## 2026-12-04

                ### Given API

                | given | what changed |
                |---|---|
                | `Scheduler.stepEagerly(Task)` | Gone from the kit: write `step(ready.pollLast())`. |
                | `Scheduler.pending` | Moved to `view().pendingTasks()`. |
                """);
        Path source = module.resolve("src/main/java/exercises/step3_futures/FutureScheduler.java");
        Files.createDirectories(module.resolve("target"));
        // as Maven prints it (twice), then as check-step.sh's own compiler does
        Files.writeString(module.resolve("target/check-step.log"), String.join("\n",
                "[ERROR] COMPILATION ERROR : ",
                "[ERROR] " + source + ":[84,9] cannot find symbol",
                "  symbol:   method stepEagerly(miniasyncio.Task)",
                "  location: class exercises.step3_futures.FutureScheduler",
                "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.13.0:compile",
                "[ERROR] " + source + ":[84,9] cannot find symbol",
                "[ERROR]   symbol:   method stepEagerly(miniasyncio.Task)",
                "[ERROR]   location: class exercises.step3_futures.FutureScheduler",
                "[ERROR] " + source + ":90: error: cannot find symbol",
                "[ERROR]         List<Task> pending = pending(); // a word of the source line is no symbol",
                "[ERROR]                              ^",
                "[ERROR]   symbol:   method pending()",
                "[ERROR]   location: class FutureScheduler",
                "[ERROR] " + source + ":95: error: cannot find symbol",
                "[ERROR]         int pending = 0; stepEagerlyToo();",
                "[ERROR]   symbol:   method stepEagerlyToo()",
                "[ERROR]   location: class FutureScheduler",
                "[ERROR] COMPILATION ERROR", ""));
        List<String> lines = report(3);
        assertThat(lines.get(0)).isEqualTo("step 3: no test ran; the build says:");
        assertThat(lines).containsSubsequence(
                "  `Scheduler.stepEagerly`, named at FutureScheduler.java:84, changed on 2026-12-04"
                        + " (exercises/CHANGES.md): Gone from the kit: write `step(ready.pollLast())`.",
                "  `Scheduler.pending`, named at FutureScheduler.java:90, changed on 2026-12-04"
                        + " (exercises/CHANGES.md): Moved to `view().pendingTasks()`.",
                "(the whole output: " + module.resolve("target/check-step.log") + ")");
        assertThat(lines).filteredOn(l -> l.contains(", changed on ")).hasSize(2);
    }

    /**
     * A compile error names the most specific of the given members it could be ("cancel in class
     * FutureScheduler" is FutureScheduler's cancel, not Future's); one row is said once, with every
     * place that names it; a class that moved is named by its name alone.
     */
    @Test
    void eachChangedGivenMemberIsSaidOnceWithEveryPlaceThatNamesIt() throws Exception {
        statement("**Needs:** no earlier step.");
        Files.writeString(module.resolve("CHANGES.md"), """
                ## 2026-12-03

                ### Given API

                Some words before the table.

                | given | what changed |
                |---|---|
                | `Future.cancel(String)` | New in Future. |
                | `FutureScheduler.cancel(int, String)` | New in FutureScheduler. |
                | `LoopState` | Moved to miniasyncio.trace. |
                """);
        Files.createDirectories(module.resolve("target"));
        Files.writeString(module.resolve("target/check-step.log"), String.join("\n",
                "[ERROR] /x/TaskFuture.java:[61,44] error: method cancel in class FutureScheduler cannot be applied to given types;",
                "[ERROR] /x/Gather.java:[128,24] error: method cancel in class Future<T> cannot be applied to given types;",
                "[ERROR] /x/CancellableSchedulerBase.java:[86,34] error: method cancel in class Future<T> cannot be applied to given types;",
                "[ERROR] /x/CancellableScheduler.java:[131,23] error: cannot find symbol",
                "[ERROR]   symbol:   class LoopState",
                "[ERROR]   location: package miniasyncio", ""));
        assertThat(report(3)).filteredOn(l -> l.contains(", changed on ")).containsExactly(
                "  `FutureScheduler.cancel`, named at TaskFuture.java:61, changed on 2026-12-03 (exercises/CHANGES.md): New in FutureScheduler.",
                "  `Future.cancel`, named at Gather.java:128, CancellableSchedulerBase.java:86, changed on 2026-12-03"
                        + " (exercises/CHANGES.md): New in Future.",
                "  `LoopState`, named at CancellableScheduler.java:131, changed on 2026-12-03 (exercises/CHANGES.md):"
                        + " Moved to miniasyncio.trace.");
    }

    /** Step 10's statement, the README.md of its package folder (and a later step's, which must not count). */
    private void statement(String needs) throws Exception {
        Path exercises = Files.createDirectories(module.resolve("src/main/java/exercises/step10_network"));
        Files.writeString(exercises.resolve("README.md"), "# Step 10. The network\n\n" + needs + "\n\n**Шаг 10.** ...\n");
        Path later = Files.createDirectories(module.resolve("src/main/java/exercises/step11_later"));
        Files.writeString(later.resolve("README.md"), "# Step 11. Later\n\n**Needs:** step 3.\n");
    }

    private void stub(String file, String method) throws Exception {
        Path path = module.resolve("src/main/java/exercises").resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, "class X { void m() { throw new NotImplementedYet(\"" + method + "\", \"" + file + "\"); } }\n");
    }

    private static String testCase(String type, String name, String failure) {
        return "<testcase name=\"" + name + "\" classname=\"exercises.step10_network." + type + "\">" + failure + "</testcase>";
    }

    private void reports(String... cases) throws Exception {
        Path dir = Files.createDirectories(module.resolve("target/surefire-reports"));
        Files.writeString(dir.resolve("TEST-exercises.step10_network.IoSchedulerTest.xml"),
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite>" + String.join("", cases) + "</testsuite>\n");
    }

    private List<String> report(int step) throws Exception {
        synchronized (StepReportTest.class) {
            if (!Files.exists(compiled.resolve("StepReport.class"))) {
                int code = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-nowarn", "-d",
                        compiled.toString(), Path.of("check/StepReport.java").toAbsolutePath().toString(),
                        Path.of("check/Changes.java").toAbsolutePath().toString());
                assertThat(code).as("javac check/*.java").isZero();
            }
        }
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", compiled.toString(), "StepReport", String.valueOf(step), module.resolve("target/surefire-reports").toString(),
                module.resolve("target/check-step.log").toString(), "0", module.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        exitCode = p.exitValue();
        return out.lines().toList();
    }
}
