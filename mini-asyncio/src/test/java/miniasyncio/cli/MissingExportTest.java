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
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), mainClass));
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
    void classPathSeparatorIsPlatformSpecific() {
        assertThat(System.getProperty("java.class.path")).contains(File.pathSeparator);
    }
}
