package exercises.step10_network;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import miniasyncio.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --only echo} runs the step-10 loop server and the virtual-thread server, each in a
 * process of its own, driven by the bench's client, and writes their figures (tiny sizes: it
 * proves the workload runs here, where the exercises are on the class path; it judges no speed).
 */
class EchoWorkloadTest {

    @Test
    @Timeout(120)
    void theEchoWorkloadDrivesTheLoopAndTheVirtualThreadServers(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("echo.json");
        PrintStream oldOut = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            exit = Cli.execute("bench", "--smoke", "--only", "echo", "--json", json.toString());
        } finally {
            System.setOut(oldOut);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(printed).isZero();
        String figures = Files.readString(json);
        assertThat(figures).doesNotContain("\"echo.skipped\"");
        for (String server : new String[] {"loop", "vthreads"}) {
            assertThat(figures).as(printed).contains(
                    "\"echo." + server + ".round_trips_per_s_at_10_64b\"",
                    "\"echo." + server + ".p50_ms_at_10_64b\"",
                    "\"echo." + server + ".p99_ms_at_10_64b\"",
                    "\"echo." + server + ".server_cpu_pct_at_10_64b\"");
        }
        assertThat(figures).contains("\"echo.vthreads_over_loop_at_10_64b\"");
        // at the connection count looked at closest, every server runs in rounds, in turn
        assertThat(printed).contains("10 conns    64 B  loop", ", round 1 of 2", ", round 2 of 2");
        if (Files.isReadable(Path.of("/proc/self/stat"))) { // Linux: user and kernel time apart, and the ceiling
            assertThat(figures).as(printed).contains("\"echo.loop.server_user_us_per_round_trip_at_10_64b\"",
                    "\"echo.kernel_ceiling_round_trips_per_s_at_10_64b\"");
            // the share is written always (null when unknown): here it must be a number
            assertThat(figures).as(printed).containsPattern("\"echo\\.loop\\.server_kernel_share_at_10_64b\": [0-9.]+");
            assertThat(printed).contains("each server's own (user) time per round trip: loop ",
                    "ceiling: min(", " cores / (server's kernel ", "), 1 client thread / ");
        }
        // paced: every server offered the same round trips a second, which a server this fast keeps up with
        java.util.regex.Matcher offered = java.util.regex.Pattern
                .compile("\"echo\\.round_trips_per_s_offered_paced_at_10_64b\": ([0-9.]+)").matcher(figures);
        java.util.regex.Matcher loopPaced = java.util.regex.Pattern
                .compile("\"echo\\.loop\\.round_trips_per_s_paced_at_10_64b\": ([0-9.]+)").matcher(figures);
        assertThat(offered.find() && loopPaced.find()).as(printed).isTrue();
        assertThat(Double.parseDouble(loopPaced.group(1)) / Double.parseDouble(offered.group(1)))
                .as("the loop's round trips a second, paced, over those offered (generous bounds: real time)")
                .isBetween(0.5, 1.5);
        assertThat(printed).contains("round trips/s, paced at ");
        // asyncio runs where python3 does; where it does not, the workload says so in one line
        assertThat(figures).containsAnyOf("\"echo.asyncio.round_trips_per_s_at_10_64b\"", "\"echo.asyncio.skipped\"");
        assertThat(printed).containsAnyOf("uvloop: skipped", "10 conns    64 B  uvloop");
    }
}
