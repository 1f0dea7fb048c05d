package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run Hello.java} and {@code run FOLDER}: a program of one's own, compiled in memory and run. */
class SourceProgramTest {

    /** The README's program, line for line: two tasks on one loop. */
    static final String HELLO = """
            import static miniasyncio.MiniAsyncio.*;

            class Hello {
                static void worker(String name, int steps, double delay) {
                    for (int i = 0; i < steps; i++) {
                        System.out.printf("[%s] step %d, t=%.2f%n", name, i, now());
                        sleep(delay);
                    }
                }
                public static void main(String[] args) {
                    run(() -> { createTask(() -> worker("A", 3, 0.10)); createTask(() -> worker("B", 2, 0.15)); });
                }
            }
            """;

    static final String HELLO_OUTPUT = """
            [A] step 0, t=0.00
            [B] step 0, t=0.00
            [A] step 1, t=0.10
            [B] step 1, t=0.15
            [A] step 2, t=0.20
            """;

    @TempDir
    Path dir;

    /** The first block of README.md's section "Your own program" that starts with {@code fence}. */
    static String readmeBlock(String fence) {
        try {
            String readme = Files.readString(Path.of("..", "README.md")).replace("\r\n", "\n");
            String section = readme.substring(readme.indexOf("\n## Your own program\n"));
            int from = section.indexOf(fence + "\n") + fence.length() + 1;
            return section.substring(from, section.indexOf("```\n", from));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theReadmeShowsThisProgramAndItsOutput() {
        assertThat(readmeBlock("```java")).isEqualTo(HELLO);
        assertThat(readmeBlock("$ java -jar mini-asyncio/target/mini-asyncio.jar run Hello.java --virtual-time"))
                .isEqualTo(HELLO_OUTPUT);
        assertThat(HELLO.lines().count()).isLessThanOrEqualTo(13); // "a 10-line program", with its import and braces
    }

    @Test
    void aSourceFileOfTwoTasksCompilesAndRuns() throws Exception {
        Path hello = Files.writeString(dir.resolve("Hello.java"), HELLO);
        CliRun run = CliRun.of("run", hello.toString(), "--virtual-time");
        assertThat(run.err()).isEmpty();
        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo(HELLO_OUTPUT);
        assertThat(dir).isDirectoryNotContaining("glob:**.class"); // compiled in memory
    }

    @Test
    void aFileUsesItsNeighboursAndItsPackage() throws Exception {
        Path pkg = Files.createDirectories(dir.resolve("my/app"));
        Files.writeString(pkg.resolve("Greeting.java"), """
                package my.app;
                class Greeting { static String of(String who) { return "hello, " + who; } }
                """);
        Path main = Files.writeString(pkg.resolve("Main.java"), """
                package my.app;
                import java.util.concurrent.Callable;
                public class Main implements Callable<Void> {
                    public Void call() { miniasyncio.MiniAsyncio.sleep(1); System.out.println(Greeting.of("loop")); return null; }
                }
                """);
        CliRun run = CliRun.of("run", main.toString(), "--virtual-time");
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("hello, loop\n");

        CliRun folder = CliRun.of("run", dir.toString(), "--virtual-time"); // the folder: its one class that starts
        assertThat(folder.exit()).isZero();
        assertThat(folder.out()).isEqualTo("hello, loop\n");
    }

    @Test
    void aCompileErrorIsJavacsMessageAndExitOne() throws Exception {
        Path broken = Files.writeString(dir.resolve("Broken.java"), """
                class Broken {
                    public static void main(String[] args) { int x = "text"; }
                }
                """);
        CliRun run = CliRun.of("run", broken.toString());
        assertThat(run.exit()).isEqualTo(Cli.FAILED);
        assertThat(run.err()).contains("Broken.java:2: error: incompatible types: String cannot be converted to int")
                .endsWith(broken + ": does not compile\n");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aFileWithNothingToStartSaysWhatItNeeds() throws Exception {
        Path idle = Files.writeString(dir.resolve("Idle.java"), "class Idle { void nothing() { } }\n");
        CliRun run = CliRun.of("run", idle.toString());
        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains(idle + " has no class with public static void main(String[]) or that implements Callable");
    }

    @Test
    void aFolderWithTwoStartsNamesThem() throws Exception {
        Files.writeString(dir.resolve("One.java"), "public class One { public static void main(String[] a) { } }\n");
        Files.writeString(dir.resolve("Two.java"), "public class Two { public static void main(String[] a) { } }\n");
        CliRun run = CliRun.of("run", dir.toString());
        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("has several classes that could start: One, Two; run the file of the one you mean.");
    }

    @Test
    void aMissingFileIsAUsageError() {
        CliRun run = CliRun.of("run", dir.resolve("Nope.java").toString());
        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).startsWith(dir.resolve("Nope.java") + ": no such file");
    }

    @Test
    void aTaskThatFailsIsReportedAsForAnyProgram() throws Exception {
        Path fails = Files.writeString(dir.resolve("Fails.java"), """
                public class Fails {
                    public static void main(String[] a) { miniasyncio.MiniAsyncio.run(() -> { throw new IllegalStateException("boom"); }); }
                }
                """);
        CliRun run = CliRun.of("run", fails.toString());
        assertThat(run.exit()).isEqualTo(Cli.FAILED);
        // the program's own frames, and the loop's, the continuation's and the CLI's folded between them
        assertThat(run.err()).startsWith(fails + " failed: java.lang.IllegalStateException: boom\n"
                        + "java.lang.IllegalStateException: boom\n\tat Fails.lambda$main$0(Fails.java:2)\n\t... ")
                .contains(" frames of the kit and the JDK\n\tat Fails.main(Fails.java:2)\n")
                .doesNotContain("Scheduler.stepOne", "RunCommand", "ContextVar", "LoopStack");
    }
}
