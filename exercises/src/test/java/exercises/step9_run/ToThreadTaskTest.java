package exercises.step9_run;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;
import static miniasyncio.MiniAsyncio.toThread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import miniasyncio.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A task waiting in {@code toThread} is cancelled, timed out and ended like any other waiting
 * task (asyncio: {@code wait_for(to_thread(f), 0.3)} raises {@code TimeoutError} after 0.3 s, the
 * thread runs on and its result is dropped). The core parks such a task itself; step 3's
 * {@code unpark} hands what it does not park to {@code super.unpark}, so step 5's
 * {@code cancel} reaches it. The blocking calls wait on a latch the test opens only at its end:
 * a scheduler that waited for the worker would hang here instead of passing.
 */
class ToThreadTaskTest {

    private final CountDownLatch never = new CountDownLatch(1);

    @AfterEach
    void letTheWorkersGo() {
        never.countDown();
    }

    private String blockUntilTheTestEnds() throws InterruptedException {
        never.await();
        return "late";
    }

    @Test
    void cancelReachesATaskInToThreadAtOnce() {
        List<String> log = new CopyOnWriteArrayList<>();
        new AsyncioScheduler(Clock.virtual()).runUntilComplete(() -> {
            TaskFuture<String> reader = spawn("reader", () -> toThread(this::blockUntilTheTestEnds));
            sleep(0); // the reader is in toThread now (on the virtual clock time stands still while a worker runs)
            assertThat(reader.cancel()).isTrue();
            assertThatThrownBy(() -> await(reader)).isInstanceOf(CancelledException.class);
            log.add("reader cancelled");
            return null;
        });
        assertThat(log).containsExactly("reader cancelled");
    }

    @Test
    void runUntilCompleteCancelsATaskLeftInToThreadWhenMainReturns() {
        List<String> log = new CopyOnWriteArrayList<>();
        AsyncioScheduler scheduler = new AsyncioScheduler(Clock.virtual());
        String result = scheduler.runUntilComplete(() -> {
            spawn("reader", () -> {
                try {
                    return toThread(this::blockUntilTheTestEnds);
                } catch (CancelledException e) {
                    log.add("reader cancelled");
                    throw e;
                }
            });
            sleep(0); // the reader is in toThread now
            return "main done";
        });
        assertThat(result).isEqualTo("main done");
        assertThat(log).containsExactly("reader cancelled");
        assertThat(scheduler.view().pendingTasks()).isEmpty();
    }

    @Test
    void theLecturesRunWaitsForATaskInToThread() {
        List<String> log = new CopyOnWriteArrayList<>();
        new AsyncioScheduler(Clock.virtual()).run("main", () -> {
            spawn("reader", () -> log.add("reader got " + toThread(() -> "data")));
            log.add("main done");
            return null;
        });
        assertThat(log).containsExactly("main done", "reader got data");
    }
}
