package exercises.step10_network;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One loop thread answers every message of 1,000 concurrent loopback clients (virtual threads). */
class EchoServerTest {

    static final int CLIENTS = 1_000;
    static final int MESSAGES = 10;

    @Test
    @Timeout(120)
    void oneLoopThreadAnswersEveryMessageOfAThousandConcurrentClients() throws Exception {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        CompletableFuture<Long> echoed = new CompletableFuture<>();
        Thread loop = Thread.ofPlatform().name("echo loop").start(() -> {
            try {
                echoed.complete(new IoScheduler().runUntilComplete("echo server",
                        () -> EchoServer.serve(Loopback.HOST, 0, CLIENTS, port::complete, false)));
            } catch (Throwable failure) {
                port.completeExceptionally(failure);
                echoed.completeExceptionally(failure);
            }
        });
        EchoClients.Totals totals = EchoClients.drive(Loopback.HOST, port.get(30, TimeUnit.SECONDS), CLIENTS, MESSAGES);
        String figures = "echo, " + CLIENTS + " clients x " + MESSAGES + " messages: " + totals; // said on failure only
        assertThat(totals.answered()).as(figures).isEqualTo((long) CLIENTS * MESSAGES);
        assertThat(echoed.get(30, TimeUnit.SECONDS)).as("lines the server echoed").isEqualTo((long) CLIENTS * MESSAGES);
        loop.join(10_000);
        assertThat(totals.elapsedNanos() / 1e9).as("seconds for every round trip (%s)", figures).isLessThan(60);
    }
}
