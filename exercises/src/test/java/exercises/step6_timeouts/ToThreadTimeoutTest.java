package exercises.step6_timeouts;

import static miniasyncio.MiniAsyncio.toThread;
import static org.assertj.core.api.Assertions.assertThat;

import exercises.step5_cancellation.CancellableScheduler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import miniasyncio.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code waitFor} times out a task that waits in {@code toThread} like any other waiting task
 * (asyncio: {@code wait_for(to_thread(f), 0.3)} raises {@code TimeoutError} after 0.3 s; the
 * thread runs on and its result is dropped). The blocking call waits on a latch the test opens
 * only at its end: a scheduler that waited for the worker would hang here instead of passing.
 * On the real clock, since no virtual time passes while a worker runs.
 */
class ToThreadTimeoutTest {

    private final CountDownLatch never = new CountDownLatch(1);

    @AfterEach
    void letTheWorkerGo() {
        never.countDown();
    }

    private String blockUntilTheTestEnds() throws InterruptedException {
        never.await();
        return "late";
    }

    @Test
    void waitForOnAToThreadCallTimesOutOnTimeAndTheCallsFinallyRuns() {
        List<String> log = new CopyOnWriteArrayList<>();
        CancellableScheduler scheduler = new CancellableScheduler(Clock.monotonic());
        String result = scheduler.run("main", () -> {
            double start = scheduler.now();
            try {
                return Timeouts.waitFor(() -> {
                    try {
                        return toThread(this::blockUntilTheTestEnds);
                    } finally {
                        log.add("call unwound");
                    }
                }, 0.3);
            } catch (TimeoutException e) {
                double waited = scheduler.now() - start;
                log.add("timed out");
                return waited < 5 ? "on time" : "after " + waited + " s";
            }
        });
        assertThat(result).isEqualTo("on time");
        assertThat(log).containsExactly("call unwound", "timed out");
    }
}
