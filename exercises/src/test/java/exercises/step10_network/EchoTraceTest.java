package exercises.step10_network;

import static exercises.step10_network.Loopback.HOST;
import static org.assertj.core.api.Assertions.assertThat;

import exercises.step10_network.Streams.Server;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import miniasyncio.trace.Recorder;
import miniasyncio.trace.Span;
import miniasyncio.trace.TaskRow;
import miniasyncio.trace.TerminalTimeline;
import miniasyncio.trace.Timeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What {@code --trace} shows of an echo run: the loop idle in select, tasks waiting for the network. */
@Timeout(20)
class EchoTraceTest {

    @Test
    void theTraceOfAnEchoRunShowsTheLoopIdleInSelectAndTheTasksWaitingForTheNetwork() {
        IoScheduler scheduler = new IoScheduler();
        Recorder recorder = Recorder.attach(scheduler);
        AtomicReference<String> echoed = new AtomicReference<>();
        scheduler.runUntilComplete(() -> {
            Server server = Streams.startServer(StreamsTest::echoLines, HOST, 0);
            int port = server.port();
            Thread client = Thread.ofPlatform().daemon().start(() -> {
                try (Socket socket = new Socket(HOST, port)) {
                    Thread.sleep(200); // the loop has nothing to do meanwhile: it waits in select
                    OutputStream out = socket.getOutputStream();
                    out.write("ping\n".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    echoed.set(new BufferedReader(new InputStreamReader(socket.getInputStream(),
                            StandardCharsets.UTF_8)).readLine());
                } catch (Exception e) {
                    echoed.set("failed: " + e);
                }
            });
            while (client.isAlive()) {
                miniasyncio.MiniAsyncio.sleep(0.05);
            }
            server.close();
            return null;
        });
        assertThat(echoed.get()).isEqualTo("ping");

        Timeline timeline = recorder.timeline();
        long longestIdle = timeline.idle().stream().mapToLong(wait -> wait[1] - wait[0]).max().orElse(0);
        assertThat(longestIdle).as("the longest wait in select, in ns (nothing to do while the client sleeps)")
                .isGreaterThan(20_000_000L);
        TaskRow connection = timeline.rows().stream().filter(row -> row.name().startsWith("connection"))
                .findFirst().orElseThrow();
        assertThat(connection.spans()).filteredOn(span -> span.kind() == Span.Kind.IO_WAITING)
                .as("the connection's wait for the client's line").isNotEmpty()
                .allSatisfy(span -> assertThat(span.detail()).contains("ReadWait"));
        String picture = TerminalTimeline.render(timeline, 40);
        assertThat(picture).contains("=").containsPattern("(?m)^  loop .*z");
    }
}
