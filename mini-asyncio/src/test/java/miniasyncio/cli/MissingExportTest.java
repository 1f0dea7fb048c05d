package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Starts a JVM the way an IDE or a plain `java -cp` would: without the export. */
class MissingExportTest {

    record Run(int code, String output) {}

    static Run javaWithoutExport(String mainClass, String... args) throws Exception {
        return java(List.of(), System.getProperty("java.class.path"), mainClass, args);
    }

    /** The test class path without picocli: what an IDE gives a module it did not import from Maven. */
    static String classPathWithoutPicocli() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("picocli"))
                .collect(java.util.stream.Collectors.joining(File.pathSeparator));
    }

    static Run java(List<String> options, String classPath, String mainClass, String... args) throws Exception {
        return java(Path.of(System.getProperty("java.home"), "bin", "java").toString(), options, classPath, mainClass, args);
    }

    /** As above, on the java at {@code java} (an older one, to start the launcher on). */
    static Run java(String java, List<String> options, String classPath, String mainClass, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(java));
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", classPath, mainClass));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void theCliNamesTheFlagAndWhereToPutIt() throws Exception {
        Run run = javaWithoutExport("miniasyncio.cli.Cli", "run", "Example");
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.output())
                .contains("--add-exports java.base/jdk.internal.vm=ALL-UNNAMED")
                .contains("VM options")
                .doesNotContain("IllegalAccessError")
                .doesNotContain("\tat ");
    }

    @Test
    void anExampleStartedDirectlyFromAnIdeGetsTheSameMessage() throws Exception {
        Run run = javaWithoutExport("miniasyncio.examples.Example");
        assertThat(run.code()).isNotZero();
        assertThat(run.output())
                .contains("mini-asyncio needs the JVM option --add-exports java.base/jdk.internal.vm=ALL-UNNAMED")
                .doesNotContain("IllegalAccessError");
    }

    @Test
    void withoutPicocliEveryEntryPointStillNamesTheFlagFirst() throws Exception {
        for (String main : List.of("miniasyncio.cli.Launcher", "miniasyncio.cli.Cli")) {
            Run run = java(List.of(), classPathWithoutPicocli(), main, "list");
            assertThat(run.code()).as(main).isEqualTo(1);
            assertThat(run.output()).as(main)
                    .startsWith("mini-asyncio needs the JVM option --add-exports java.base/jdk.internal.vm=ALL-UNNAMED")
                    .doesNotContain("NoClassDefFoundError");
        }
    }

    @Test
    void withTheFlagButWithoutPicocliTheCliSaysWhatToAddInOneLine() throws Exception {
        for (String main : List.of("miniasyncio.cli.Launcher", "miniasyncio.cli.Cli")) {
            Run run = java(List.of("--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"), classPathWithoutPicocli(),
                    main, "list");
            assertThat(run.code()).as(main).isEqualTo(1);
            assertThat(run.output()).as(main).isEqualTo(Launcher.NO_PICOCLI + "\n");
        }
    }

    @Test
    void theLauncherStartedAgainOnAnotherJdkRunsTheSameCommandWithTheFlag() throws Exception {
        ProcessBuilder again = Launcher.relaunchCommand(new File(System.getProperty("java.home")), new String[] {"list"});
        assertThat(again.command()).contains("--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-D" + Launcher.RELAUNCHED + "=true");
        Process p = again.redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(output).isZero();
        assertThat(output).contains("Example ");
    }

    @Test
    void theLauncherReadsTheVersionOfTheJdkInJavaHome(@org.junit.jupiter.api.io.TempDir Path home) throws Exception {
        assertThat(JdkFinder.releaseVersion(home.toFile())).isZero();
        java.nio.file.Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"25.0.1\"\n");
        assertThat(JdkFinder.releaseVersion(home.toFile())).isEqualTo(25);
        assertThat(JdkFinder.releaseVersion(new File(System.getProperty("java.home"))))
                .isEqualTo(Runtime.version().feature());
        assertThat(JdkFinder.featureVersion("21-ea")).isEqualTo(21);
    }

    @Test
    void classPathSeparatorIsPlatformSpecific() {
        assertThat(System.getProperty("java.class.path")).contains(File.pathSeparator);
    }
}
