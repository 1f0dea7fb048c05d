package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.ToolProvider;
import miniasyncio.Capture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {

    record Result(int code, String out, String err) {}

    static Result cli(String... args) {
        try (Capture c = new Capture()) {
            int code = Cli.execute(args);
            return new Result(code, c.out(), c.err());
        }
    }

    @Test
    void exampleOnTheVirtualClockPrintsTheLecturesTranscriptExactly() {
        String expected = """
                [A] step 0, t=0.00
                [B] step 0, t=0.00
                [C] step 0, t=0.00
                [main] all tasks scheduled
                [B] step 1, t=0.05
                [A] step 1, t=0.10
                [B] step 2, t=0.10
                [C] step 1, t=0.15
                [B] step 3, t=0.15
                [A] step 2, t=0.20
                scheduler finished in 0.30s
                """;
        Result first = cli("run", "Example", "--virtual-time");
        assertThat(first.code()).isZero();
        assertThat(first.out()).isEqualTo(expected);
        assertThat(cli("run", "Example", "--virtual-time").out()).as("same on every run").isEqualTo(expected);
    }

    @Test
    void exampleOnTheRealClockOverlapsTheWorkers() {
        // Generous bound only (the exact check is the virtual-time test): sequential would take
        // 0.8 s. A shared machine can stall any single run, so the fastest of three counts.
        double fastest = Double.MAX_VALUE;
        for (int run = 0; run < 3 && fastest >= 0.79; run++) {
            long start = System.nanoTime();
            Result r = cli("run", "Example");
            fastest = Math.min(fastest, (System.nanoTime() - start) / 1e9);
            assertThat(r.code()).isZero();
            assertThat(r.out()).contains("[A] step 2").containsPattern("scheduler finished in \\d+\\.\\d\\ds");
        }
        assertThat(fastest).isBetween(0.29, 0.79);
    }

    @Test
    void theGeneratorAndRoundRobinExamplesPrintTheLecturesOutput() {
        assertThat(cli("run", "Counter").out()).isEqualTo("0 1 2\ngenerator finished\n");
        assertThat(cli("run", "Echo").out()).isEqualTo("start\ngot: hello\ngot: world\n");
        assertThat(cli("run", "YieldFrom").out()).isEqualTo("1\n2\ninner returned: done\n");
        assertThat(cli("run", "RoundRobin").out()).isEqualTo("""
                [A] step 0
                [B] step 0
                [C] step 0
                [A] step 1
                [B] step 1
                [C] step 1
                [A] step 2
                [B] step 2
                """);
    }

    @Test
    void listShowsEveryExampleWithADescription() {
        Result r = cli("list");
        assertThat(r.code()).isZero();
        for (String name : List.of("Counter", "Echo", "YieldFrom", "RoundRobin", "Example")) {
            assertThat(r.out()).containsPattern("(?m)^  " + name + " +\\S.*$");
        }
        assertThat(r.out().indexOf("Counter")).isLessThan(r.out().indexOf("Example "));
        // from classes (as here), the command that runs the kit from classes; from the jar, the jar's path
        assertThat(r.out()).endsWith("\nRun one with: mvn -q -pl mini-asyncio compile exec:exec"
                + " -Dcli.args=\"run NAME [--virtual-time]\"\n");
    }

    @Test
    void listNamesTheJarAsTypedElseFromTheWorkingFolder() {
        Path cwd = Path.of("/home/me/kit");
        Path jar = cwd.resolve("mini-asyncio/target/mini-asyncio.jar");
        assertThat(ListCommand.asTyped(jar, "mini-asyncio/target/mini-asyncio.jar", cwd)).isEqualTo("mini-asyncio/target/mini-asyncio.jar");
        assertThat(ListCommand.asTyped(jar, "./mini-asyncio/../mini-asyncio/target/mini-asyncio.jar", cwd))
                .isEqualTo("./mini-asyncio/../mini-asyncio/target/mini-asyncio.jar");
        assertThat(ListCommand.asTyped(jar, "/elsewhere/other.jar", cwd)).isEqualTo("mini-asyncio/target/mini-asyncio.jar");
        assertThat(ListCommand.asTyped(jar, "x.jar", Path.of("/tmp"))).isEqualTo(jar.toString());
    }

    @Test
    void anUnknownNameSuggestsCloseMatchesAndExitsWith2() {
        Result r = cli("run", "Exampel");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown example 'Exampel'").contains("Did you mean: Example?");
        Result none = cli("run", "Zzzzzzzzzz");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("See 'list'");
    }

    @Test
    void wrongArgumentsExitWith2AndSayWhatIsWrong() {
        assertThat(cli("run").code()).isEqualTo(2);
        assertThat(cli("run").err()).contains("Missing required parameter");
        assertThat(cli("frobnicate").code()).isEqualTo(2);
        assertThat(cli("run", "Example", "--virtual-tim").code()).isEqualTo(2);
        assertThat(cli().code()).isEqualTo(2);
        assertThat(cli().err()).contains("Missing command");
    }

    @Test
    void aUsageErrorIsOneLineAndWhereToLookNotTheWholeHelp() {
        Result r = cli("run", "Example", "--virtual-tim");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("""
                Unknown option: '--virtual-tim'
                Possible solutions: --virtual-time
                Try 'mini-asyncio run --help' for more.
                """);
        assertThat(cli("run").err()).doesNotContain("Usage:").hasLineCount(2);
    }

    @Test
    void aClassPathThatDoesNotExistIsNamedEvenForABuiltInExample(@TempDir Path dir) {
        String missing = dir.resolve("nonexistent").toString();
        for (String name : List.of("my.Main", "Example")) {
            Result r = cli("run", name, "--class-path", missing);
            assertThat(r.code()).as(name).isEqualTo(2);
            assertThat(r.err()).as(name).startsWith("--class-path: " + missing + " does not exist");
            assertThat(r.out()).as(name).isEmpty();
        }
    }

    @Test
    void withoutTheHomeworkJarListAndRunSayWhichJarBringsItsExamples() {
        // this module's tests have only the runtime on the class path, as a copied mini-asyncio.jar has
        assertThat(cli("list").out()).contains("The homework's examples are not on the class path")
                .contains("homework/target/homework.jar").contains("The exercises' examples are not on the class path");
        assertThat(cli("run", "Gather").err()).contains("unknown example 'Gather'")
                .contains("The homework's examples are not on the class path");
    }

    @Test
    void helpAndVersionWorkOnEveryCommand() {
        for (String[] args : List.of(new String[] {"--help"}, new String[] {"list", "--help"},
                new String[] {"run", "--help"})) {
            Result r = cli(args);
            assertThat(r.code()).isZero();
            assertThat(r.out()).contains("Usage:");
        }
        for (String[] args : List.of(new String[] {"--version"}, new String[] {"list", "--version"},
                new String[] {"run", "--version"})) {
            Result r = cli(args);
            assertThat(r.code()).isZero();
            assertThat(r.out()).startsWith("mini-asyncio ");
        }
    }

    @Test
    void runsAClassOfYoursFromTheClassPath(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("Hello.java");
        Files.writeString(src, """
                import static miniasyncio.MiniAsyncio.*;
                public class Hello {
                    public static void main(String[] args) {
                        run(() -> { sleep(0.5); System.out.println("hello at " + now() + " " + String.join(",", args)); });
                    }
                }
                """);
        Path src2 = dir.resolve("Answer.java");
        Files.writeString(src2, """
                public class Answer implements java.util.concurrent.Callable<Object> {
                    public Object call() { miniasyncio.MiniAsyncio.sleep(1); System.out.println("answer 42"); return 42; }
                }
                """);
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "-cp", System.getProperty("java.class.path"), "-d", dir.toString(), src.toString(), src2.toString());
        assertThat(rc).isZero();
        Result hello = cli("run", "Hello", "--class-path", dir.toString(), "--virtual-time", "x", "y");
        assertThat(hello.code()).isZero();
        assertThat(hello.out()).isEqualTo("hello at 0.5 x,y\n");
        Result answer = cli("run", "Answer", "-cp", dir.toString());
        assertThat(answer.code()).isZero();
        assertThat(answer.out()).isEqualTo("answer 42\n");
    }

    @Test
    void aClassThatCannotBeFoundOrRunIsAClearUsageError(@TempDir Path dir) throws Exception {
        Result missing = cli("run", "NoSuchClass", "--class-path", dir.toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).startsWith("cannot load class 'NoSuchClass': it is in none of --class-path " + dir
                + ", nor among the kit's classes\n"); // what was searched, and not the name again
        Result noPath = cli("run", "my.NoSuchClass");
        assertThat(noPath.err()).startsWith("cannot load class 'my.NoSuchClass': it is not among the kit's classes,"
                + " and no --class-path was given\n");
        Files.writeString(dir.resolve("Plain.java"), "public class Plain { }");
        ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), dir.resolve("Plain.java").toString());
        Result plain = cli("run", "Plain", "--class-path", dir.toString());
        assertThat(plain.code()).isEqualTo(2);
        assertThat(plain.err()).contains("neither public static void main(String[]) nor implements Callable");
    }

    @Test
    void aFailingProgramExitsWith1AndShowsWhatFailed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Broken.java"), """
                public class Broken implements java.util.concurrent.Callable<Object> {
                    public Object call() { throw new IllegalStateException("student bug"); }
                }
                """);
        ToolProvider.getSystemJavaCompiler().run(null, null, null, "-cp", System.getProperty("java.class.path"),
                "-d", dir.toString(), dir.resolve("Broken.java").toString());
        Result r = cli("run", "Broken", "--class-path", dir.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("Broken failed: java.lang.IllegalStateException: student bug");
    }

    @Test
    void aStubThatIsNotWrittenYetPrintsOneLineAndExitsWith3(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Stub.java"), """
                public class Stub implements java.util.concurrent.Callable<Object> {
                    public Object call() { throw new miniasyncio.NotImplementedYet("Homework.gather", "homework/src/main/java/homework/Homework.java"); }
                }
                """);
        ToolProvider.getSystemJavaCompiler().run(null, null, null, "-cp", System.getProperty("java.class.path"),
                "-d", dir.toString(), dir.resolve("Stub.java").toString());
        Result r = cli("run", "Stub", "--class-path", dir.toString());
        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).isEqualTo(
                "Stub: not implemented yet: Homework.gather (edit homework/src/main/java/homework/Homework.java)\n");
    }

    @Test
    void theLauncherNamesTheJdkItNeeds() {
        assertThat(JdkFinder.featureVersion("1.8")).isEqualTo(8);
        assertThat(JdkFinder.featureVersion("17")).isEqualTo(17);
        assertThat(JdkFinder.featureVersion("21")).isEqualTo(21);
        assertThat(JdkFinder.featureVersion("25.0.1")).isEqualTo(25);
    }

    @Test
    void suggestionsRankCloseNamesFirst() {
        assertThat(Examples.closeMatches("roundrobin")).startsWith("RoundRobin");
        assertThat(Examples.closeMatches("Exmple")).contains("Example");
        assertThat(Examples.editDistance("kitten", "sitting")).isEqualTo(3);
    }
}
