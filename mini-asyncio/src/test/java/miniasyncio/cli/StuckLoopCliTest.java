package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A loop stuck on a monitor: the CLI prints the report and exits with code 1 (in a JVM of its own). */
class StuckLoopCliTest {

    @Test
    void theCliReportsTheStuckLoopAndExitsWithOne() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(java, "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "miniasyncio.cli.Cli",
                "run", "miniasyncio.cli.HoldsAMonitor", "--virtual-time");
        long started = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the command ends").isTrue();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (Runtime.version().feature() < 24) {
            // JDK 21 refuses the suspension inside synchronized at once, with the same advice
            assertThat(output).contains("cannot suspend here").contains("exercises.step4_sync.Lock");
            assertThat(p.exitValue()).isZero(); // the failure is a child task's, reported, as any other
            return;
        }
        assertThat(p.exitValue()).as(output).isEqualTo(1);
        assertThat(output)
                .contains("first inside")
                .doesNotContain("second inside")
                .contains("task 3 (second) has been blocked for")
                .contains("task 2 (first), suspended inside it at miniasyncio.cli.HoldsAMonitor.enter(HoldsAMonitor.java:")
                .contains("miniasyncio.cli.HoldsAMonitor failed: the event loop is stuck for good; exiting with code 1");
        assertThat((System.nanoTime() - started) / 1e9).as("well before any test timeout").isLessThan(30);
    }
}
