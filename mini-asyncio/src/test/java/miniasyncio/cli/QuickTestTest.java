package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick run ({@code ./test.sh}, {@code exercises/check-step.sh}) on a small module of its
 * own, in a JVM of its own as the scripts start it: the summary of {@code mvn -q test -Dstudent},
 * one test class alone, nothing compiled again when nothing changed, and for a step Surefire's XML.
 */
class QuickTestTest {

    @TempDir
    Path dir;

    Path module;

    private void write(String path, String text) throws Exception {
        Path file = module.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    @BeforeEach
    void aModule() throws Exception {
        module = dir.resolve("homework");
        write("src/main/java/homework/Adder.java", "package homework; public class Adder { public static int add(int a, int b) { return a + b; } }");
        write("src/main/java/homework/Later.java", """
                package homework;
                public class Later {
                    public static int go() {
                        throw new miniasyncio.NotImplementedYet("Later.go", "homework/src/main/java/homework/Later.java");
                    }
                }
                """);
        write("src/test/java/homework/AdderTest.java", """
                package homework;
                import static org.junit.jupiter.api.Assertions.assertEquals;
                class AdderTest { @org.junit.jupiter.api.Test void adds() { assertEquals(3, Adder.add(1, 2)); } }
                """);
        write("src/test/java/homework/LaterTest.java", """
                package homework;
                class LaterTest { @org.junit.jupiter.api.Test void goes() { Later.go(); } }
                """);
    }

    /** The exit code of the last {@link #quickTest}. */
    int exitCode;

    private String quickTest(String... args) throws Exception {
        Path launcher = Path.of(Class.forName("org.junit.platform.launcher.core.LauncherFactory")
                .getProtectionDomain().getCodeSource().getLocation().toURI());
        String classPath = String.join(File.pathSeparator, module.resolve("target/test-classes").toString(),
                module.resolve("target/classes").toString(), System.getProperty("java.class.path"), launcher.toString());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED", "-cp", classPath,
                "miniasyncio.cli.QuickTest", module.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        exitCode = p.exitValue();
        return out;
    }

    @Test
    void printsTheStudentsSummaryAndCompilesNothingAgainWhenNothingChanged() throws Exception {
        String first = quickTest();
        assertThat(first).isEqualTo("""
                == homework: 1 of 2 tests pass
                   pass:             AdderTest
                   not written yet:  Later.go
                   waiting for them: LaterTest
                """);
        Path adder = module.resolve("target/classes/homework/Adder.class");
        Path test = module.resolve("target/test-classes/homework/AdderTest.class");
        FileTime compiled = FileTime.fromMillis(Files.getLastModifiedTime(adder).toMillis() + 2_000);
        Files.setLastModifiedTime(adder, compiled); // so that a second compile would show, whatever the clock's grain
        Files.setLastModifiedTime(module.resolve("target/classes/homework/Later.class"), compiled);
        Files.setLastModifiedTime(test, compiled);
        Files.setLastModifiedTime(module.resolve("target/test-classes/homework/LaterTest.class"), compiled);

        assertThat(quickTest()).isEqualTo(first);
        assertThat(Files.getLastModifiedTime(adder)).as("Adder.class, made again").isEqualTo(compiled);
        assertThat(Files.getLastModifiedTime(test)).as("AdderTest.class, made again").isEqualTo(compiled);
    }

    @Test
    void runsOneTestClassAlone() throws Exception {
        assertThat(quickTest("AdderTest")).isEqualTo("""
                == homework: 1 of 1 tests pass
                   pass:             AdderTest
                   not written yet:  Later.go
                """);
        assertThat(quickTest("NoSuchTest")).startsWith("== homework: no test ran (no test class named NoSuchTest");
    }

    @Test
    void anEditIsCompiledAndAnErrorSaidAsJavacSaysIt() throws Exception {
        quickTest();
        write("src/main/java/homework/Adder.java", "package homework; public class Adder { public static int add(int a, int b) { return a - ; } }");

        assertThat(quickTest()).contains("Adder.java:1: error: illegal start of expression")
                .endsWith("== homework: the code does not compile (above); no test ran\n");
    }

    @Test
    void withStepThroughAFailingTestsRunIsAPageTheSummaryNamesAndAPassingTestLeavesNone() throws Exception {
        write("src/test/java/homework/LoopTest.java", """
                package homework;
                import miniasyncio.Clock;
                import miniasyncio.MiniAsyncio;
                import miniasyncio.Scheduler;
                class LoopTest {
                    @org.junit.jupiter.api.Test void passes() { new Scheduler(Clock.virtual()).run(() -> 1); }
                    @org.junit.jupiter.api.Test void fails() {
                        int tid = new Scheduler(Clock.virtual()).run(() -> MiniAsyncio.createTask("worker", () -> MiniAsyncio.sleep(1)));
                        org.junit.jupiter.api.Assertions.assertEquals(3, tid, "the worker's tid");
                    }
                }
                """);

        assertThat(quickTest("LoopTest", "--step-through")).isEqualTo("""
                == homework: 1 of 2 tests pass
                   not written yet:  Later.go
                   FAIL:             LoopTest.fails: the worker's tid ==> expected: <3> but was: <2>
                   step-through:     homework/target/step-through/LoopTest.fails.html
                   stack traces:     homework/target/student-tests.log
                """);
        try (Stream<Path> pages = Files.list(module.resolve("target/step-through"))) {
            assertThat(pages.map(p -> p.getFileName().toString())).containsExactly("LoopTest.fails.html");
        }
        assertThat(Files.readString(module.resolve("target/step-through/LoopTest.fails.html")))
                .startsWith("<!DOCTYPE html>").contains("LoopTest.fails failed: the worker's tid", "worker");
    }

    @Test
    void stepThroughTakesNoValueAndIsGivenOnce() throws Exception {
        assertThat(quickTest("--step-through", "--step-through")).startsWith("--step-through is given twice; usage:");
        assertThat(exitCode).isEqualTo(2);
        assertThat(quickTest("--step-through=pages")).startsWith("--step-through takes no value: each failing test's"
                + " page goes to homework/target/step-through/; usage:");
        assertThat(exitCode).isEqualTo(2);
        assertThat(module.resolve("target/step-through")).doesNotExist();
    }

    /** ./test.sh and exercises/check-step.sh say what is wrong with --step-through before they build or run anything. */
    @Test
    void theStudentsScriptsRefuseAStepThroughGivenTwiceOrWithAValue() throws Exception {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        String usage = "usage: ./test.sh [homework|exercises] [TEST_CLASS] [--step-through]";
        assertThat(script(repo.resolve("test.sh"), "--step-through", "homework", "--step-through"))
                .isEqualTo("2 ./test.sh: --step-through is given twice; " + usage + "\n");
        assertThat(script(repo.resolve("test.sh"), "--step-through=pages"))
                .isEqualTo("2 ./test.sh: --step-through takes no value (the pages go to MODULE/target/step-through/); " + usage + "\n");
        assertThat(script(repo.resolve("test.sh"), "--steps")).isEqualTo("2 ./test.sh: unknown option '--steps'; " + usage + "\n");
        String step = "usage: exercises/check-step.sh N [--step-through]   (N is a step number, 1 to 10)";
        assertThat(script(repo.resolve("exercises/check-step.sh"), "3", "--step-through", "--step-through"))
                .isEqualTo("2 exercises/check-step.sh: --step-through is given twice; " + step + "\n");
        assertThat(script(repo.resolve("exercises/check-step.sh"), "3", "--step-through=yes")).isEqualTo("2 exercises/check-step.sh:"
                + " --step-through takes no value (the pages go to exercises/target/step-through/); " + step + "\n");
        assertThat(script(repo.resolve("exercises/check-step.sh"), "3", "pages"))
                .isEqualTo("2 exercises/check-step.sh: unknown argument 'pages'; " + step + "\n");
        assertThat(dir.resolve("exercises")).doesNotExist();
    }

    /** "EXIT_CODE OUTPUT" of a script of the repository run with bash in {@link #dir}. */
    private String script(Path script, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return p.exitValue() + " " + out;
    }

    @Test
    void forAStepItWritesSurefiresReports() throws Exception {
        module = dir.resolve("exercises");
        write("src/main/java/exercises/step3_futures/Future.java", "package exercises.step3_futures; public class Future {}");
        write("src/test/java/exercises/step3_futures/FutureTest.java", """
                package exercises.step3_futures;
                class FutureTest {
                    @org.junit.jupiter.api.Test void made() { new Future(); }
                    @org.junit.jupiter.api.Test void fails() { throw new AssertionError("expected: <1> but was: <2>"); }
                }
                """);
        write("src/test/java/exercises/step4_sync/LockTest.java", """
                package exercises.step4_sync;
                class LockTest { @org.junit.jupiter.api.Test void other() { } }
                """);
        Path reports = dir.resolve("reports");

        assertThat(quickTest("--step", "3", "--reports", reports.toString())).isEmpty();

        try (Stream<Path> files = Files.list(reports)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("TEST-exercises.step3_futures.FutureTest.xml");
        }
        assertThat(Files.readString(reports.resolve("TEST-exercises.step3_futures.FutureTest.xml")))
                .contains("<testcase classname=\"exercises.step3_futures.FutureTest\" name=\"made\"/>",
                        "<failure message=\"expected: &lt;1&gt; but was: &lt;2&gt;\" type=\"java.lang.AssertionError\">")
                .doesNotContain("<system-out>");
    }

    /** check-step.sh N --step-through: the report of a failing test names its page, for StepReport to print. */
    @Test
    void forAStepWithStepThroughTheReportNamesEachFailingTestsPage() throws Exception {
        module = dir.resolve("exercises");
        write("src/test/java/exercises/step3_futures/LoopTest.java", """
                package exercises.step3_futures;
                class LoopTest {
                    @org.junit.jupiter.api.Test void fails() {
                        new miniasyncio.Scheduler(miniasyncio.Clock.virtual()).run(() -> 1);
                        throw new AssertionError("after the loop");
                    }
                }
                """);
        Path reports = dir.resolve("reports");

        assertThat(quickTest("--step", "3", "--reports", reports.toString(), "--step-through")).isEmpty();

        Path page = module.resolve("target/step-through/LoopTest.fails.html");
        assertThat(page).exists();
        assertThat(Files.readString(reports.resolve("TEST-exercises.step3_futures.LoopTest.xml")))
                .contains("<system-out>step-through: " + page + "</system-out>");
    }
}
