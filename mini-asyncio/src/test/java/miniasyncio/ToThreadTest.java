package miniasyncio;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static miniasyncio.MiniAsyncio.toThread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** asyncio.to_thread: a blocking call on a worker thread, the task resumed on the loop. */
class ToThreadTest {

    @Test
    void theResultComesBackToTheTaskOnTheLoopThread() {
        Thread[] threads = new Thread[3];
        String result = new Scheduler(Clock.virtual()).run(() -> {
            threads[0] = Thread.currentThread();
            String r = toThread(() -> {
                threads[1] = Thread.currentThread();
                return "from the worker";
            });
            threads[2] = Thread.currentThread();
            return r;
        });
        assertThat(result).isEqualTo("from the worker");
        assertThat(threads[1]).isNotSameAs(threads[0]);
        assertThat(threads[2]).as("resumed on the loop").isSameAs(threads[0]);
    }

    @Test
    void theOtherTasksRunWhileTheWorkerBlocks() {
        List<String> log = new CopyOnWriteArrayList<>();
        new Scheduler(Clock.monotonic()).run(() -> {
            createTask("ticker", () -> {
                for (int i = 1; i <= 3; i++) {
                    sleep(0.02);
                    log.add("tick " + i);
                }
            });
            toThread(() -> {
                Thread.sleep(300); // blocks the worker, not the loop
                return null;
            });
            log.add("worker done");
            return null;
        });
        assertThat(log).containsExactly("tick 1", "tick 2", "tick 3", "worker done");
    }

    @Test
    void theLoopDoesNotPollWhileItWaitsForAWorker() {
        var bean = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[1];
        long wall = System.nanoTime();
        new Scheduler(Clock.monotonic()).run(() -> {
            long before = bean.getCurrentThreadCpuTime();
            toThread(() -> {
                Thread.sleep(400);
                return null;
            });
            cpu[0] = bean.getCurrentThreadCpuTime() - before;
            return null;
        });
        wall = System.nanoTime() - wall;
        assertThat(wall).isGreaterThan(400_000_000L);
        assertThat(cpu[0]).as("loop thread CPU while the worker sleeps 0.4 s").isLessThan(wall / 4);
    }

    @Test
    void whatTheCallThrowsIsThrownInTheTaskAsItIs() {
        String caught = new Scheduler(Clock.virtual()).run(() -> {
            try {
                toThread(() -> {
                    throw new IOException("disk full");
                });
                return "no exception";
            } catch (IOException e) {
                return "caught " + e.getMessage();
            }
        });
        assertThat(caught).isEqualTo("caught disk full");
    }

    @Test
    void onTheVirtualClockAWorkerTakesNoVirtualTimeAndTheOrderIsFixed() {
        List<String> log = new CopyOnWriteArrayList<>();
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.run(() -> {
            createTask("sleeper", () -> {
                sleep(0.1);
                log.add("sleeper at " + now());
            });
            toThread(() -> {
                Thread.sleep(50);
                return null;
            });
            log.add("main at " + now());
            return null;
        });
        assertThat(log).containsExactly("main at 0.0", "sleeper at 0.1");
    }

    @Test
    void aTaskWaitingForAWorkerIsPendingAndIsClosedWhenMainEnds() {
        List<String> log = new CopyOnWriteArrayList<>();
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setEndWithMain(true);
        scheduler.run(() -> {
            createTask("waiter", () -> {
                try {
                    toThread(() -> {
                        Thread.sleep(200);
                        return null;
                    });
                    log.add("resumed");
                } finally {
                    log.add("waiter closed");
                }
            });
            sleep(0); // the waiter starts its worker
            assertThat(scheduler.view().pendingTasks()).extracting(Task::name).containsExactly("waiter");
            return null;
        });
        assertThat(log).containsExactly("waiter closed");
    }

    @Test
    void toThreadOutsideATaskSaysHowToStartOne() {
        assertThatThrownBy(() -> toThread(() -> 1)).hasMessageContaining("toThread() called outside a running task");
        assertThatThrownBy(() -> new ToThread(null)).hasMessageContaining("toThread(null)");
    }
}
