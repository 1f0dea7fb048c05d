package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which Java runs the jar is said only with {@code -v} first, once, and never otherwise: not on
 * {@code --help}, not on an error. Started as the jar's launcher is, in a JVM of its own.
 */
class LauncherVerboseTest {

    private static MissingExportTest.Run launcher(String java, String... args) throws Exception {
        // the export, as the jar's manifest gives it (on an older java the launcher adds it to the JVM it starts)
        return MissingExportTest.java(java, List.of("--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"),
                System.getProperty("java.class.path"), Launcher.class.getName(), args);
    }

    private static String thisJava() {
        return System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    }

    @Test
    void onAJdk21PlusOnlyMinusVSaysWhichJavaRunsIt() throws Exception {
        MissingExportTest.Run plain = launcher(thisJava(), "--version");
        assertThat(plain.code()).isZero();
        assertThat(plain.output()).startsWith("mini-asyncio ").doesNotContain("running on Java");

        MissingExportTest.Run verbose = launcher(thisJava(), "-v", "--version");
        assertThat(verbose.code()).isZero();
        assertThat(verbose.output()).startsWith("mini-asyncio: running on Java " + System.getProperty("java.version")
                + " at " + System.getProperty("java.home") + ".\nmini-asyncio ");
    }

    @Test
    void startedOnAnOlderJavaTheRerunLineComesOnlyWithMinusVAndOnce() throws Exception {
        JdkFinder.Jdk old = JdkFinder.here().candidates().stream()
                .filter(jdk -> jdk.feature >= 11 && jdk.feature < Launcher.REQUIRED) // 11+: it takes --add-exports
                .findFirst().orElse(null);
        assumeTrue(old != null, "needs a Java older than 21 installed beside this one, to start the launcher on");
        String java = new File(new File(old.home, "bin"), "java").getPath();

        MissingExportTest.Run help = launcher(java, "--help");
        assertThat(help.code()).isZero();
        assertThat(help.output()).startsWith("Usage: mini-asyncio").doesNotContain("this is Java");
        MissingExportTest.Run wrong = launcher(java, "run", "--no-such-option");
        assertThat(wrong.code()).isEqualTo(Cli.USAGE);
        assertThat(wrong.output()).doesNotContain("this is Java");

        MissingExportTest.Run verbose = launcher(java, "-v", "--version");
        assertThat(verbose.code()).isZero();
        assertThat(verbose.output().lines().filter(l -> l.contains("running again on Java"))).hasSize(1);
        assertThat(verbose.output()).startsWith("mini-asyncio: this is Java ").doesNotContain("running on Java");
    }
}
