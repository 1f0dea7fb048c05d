package exercises.step10_network;

import static org.assertj.core.api.Assertions.assertThat;

import exercises.ExamplesTest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code run EchoServer} (in a process of its own, as a user starts it) serves until stopped and
 * prints a line per connection; {@code run EchoClients --clients N --messages M} drives it and
 * prints the totals; wrong arguments are usage errors (exit code 2).
 */
class EchoCliTest {

    static final int CLIENTS = 20;
    static final int MESSAGES = 5;

    @Test
    @Timeout(120)
    void theClientsGetEveryEchoAndTheServerPrintsALinePerConnection() throws Exception {
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "miniasyncio.cli.Cli", "run", "EchoServer", "--port", "0")
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            String first = out.readLine();
            Matcher listening = Pattern.compile("echo server on 127\\.0\\.0\\.1:(\\d+), until stopped \\(Ctrl-C\\)").matcher(
                    String.valueOf(first));
            assertThat(listening.matches()).as("the server's first line: %s", first).isTrue();

            ExamplesTest.Output clients = ExamplesTest.cli("run", "EchoClients", "--clients", "" + CLIENTS,
                    "--messages", "" + MESSAGES, "--port", listening.group(1));
            assertThat(clients.exitCode()).as(clients.err()).isZero();
            assertThat(clients.out()).startsWith(CLIENTS + " clients x " + MESSAGES + " messages: "
                    + CLIENTS * MESSAGES + " answers in ");

            List<String> lines = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                lines.add(out.readLine()); // a client's line may come a moment after its close
            }
            for (int i = 1; i <= CLIENTS; i++) {
                assertThat(lines).contains("connection " + i + " ended after " + MESSAGES + " lines");
            }
            assertThat(server.isAlive()).as("the server serves until stopped").isTrue();
        } finally {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void wrongArgumentsAreUsageErrors() throws IOException {
        ExamplesTest.Output noNumber = ExamplesTest.cli("run", "EchoClients", "--clients", "many");
        assertThat(noNumber.exitCode()).isEqualTo(2);
        assertThat(noNumber.err()).contains("--clients takes a whole number, got 'many'",
                "usage: run EchoClients --clients N --messages M [--port 8888]");

        ExamplesTest.Output unknown = ExamplesTest.cli("run", "EchoServer", "--verbose", "1");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown option '--verbose'", "usage: run EchoServer");

        ExamplesTest.Output tooFew = ExamplesTest.cli("run", "EchoClients", "--clients", "0", "--messages", "3");
        assertThat(tooFew.exitCode()).isEqualTo(2);
        assertThat(tooFew.err()).contains("--clients must be at least 1, got 0");

        ExamplesTest.Output missing = ExamplesTest.cli("run", "EchoClients", "--messages");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("--messages needs a number after it");

        // an example that takes no options still says a typo of run's own is one
        ExamplesTest.Output typo = ExamplesTest.cli("run", "Ex9Run", "--virtual-tim");
        assertThat(typo.exitCode()).isEqualTo(2);
        assertThat(typo.err()).contains("Unknown option: '--virtual-tim'");
    }
}
