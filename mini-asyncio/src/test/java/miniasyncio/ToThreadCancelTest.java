package miniasyncio;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static miniasyncio.MiniAsyncio.toThread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A task waiting in {@code toThread} is a waiting task like any other: the one cancellation path
 * of the exercises ({@code ready.remove || sleeping.remove || unpark}) reaches it, at once, while
 * its worker still blocks; the worker's late result is dropped; closing it does not wait for the
 * worker either. The blocking calls here wait on a latch the test opens only at its end, so that
 * a wait for the worker would hang the test (Surefire's timeout) rather than pass.
 */
@Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a regression hangs: fail it instead
class ToThreadCancelTest {

    private final CountDownLatch never = new CountDownLatch(1);

    @AfterEach
    void letTheWorkersGo() {
        never.countDown();
    }

    private Object blockUntilTheTestEnds() throws InterruptedException {
        never.await();
        return "late";
    }

    @Test
    void aTaskInToThreadIsCancelledAtOnceAndItsWorkersLateResultIsDropped() {
        List<String> log = new CopyOnWriteArrayList<>();
        CountDownLatch firstWorkerBack = new CountDownLatch(1);
        ParkingScheduler scheduler = new ParkingScheduler(Clock.monotonic());
        scheduler.run(() -> {
            int tid = createTask("reader", () -> {
                try {
                    toThread(() -> {
                        try {
                            return blockUntilTheTestEnds();
                        } finally {
                            firstWorkerBack.countDown();
                        }
                    });
                    log.add("the first call returned");
                } catch (CancellationException e) {
                    log.add("cancelled");
                }
                never.countDown(); // the first worker now hands back "late", while...
                Object second = toThread(() -> {
                    firstWorkerBack.await(5, TimeUnit.SECONDS); // ...this second call waits for it
                    Thread.sleep(50);                           // and comes back after it
                    return "second";
                });
                log.add("got " + second);
            });
            sleep(0.05); // the reader is in toThread now
            assertThat(scheduler.view().pendingTasks()).extracting(Task::name).containsExactly("reader");
            assertThat(scheduler.cancel(tid)).isTrue();
            return null;
        });
        assertThat(log).containsExactly("cancelled", "got second");
        assertThat(scheduler.view().unretrievedFailures()).isEmpty();
    }

    @Test
    void whenMainEndsTheRunClosesATaskInToThreadWithoutWaitingForItsWorker() {
        List<String> log = new CopyOnWriteArrayList<>();
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setEndWithMain(true);
        String result = scheduler.run(() -> {
            createTask("reader", () -> {
                try {
                    toThread(this::blockUntilTheTestEnds);
                } finally {
                    log.add("reader closed");
                }
            });
            sleep(0);
            return "main done";
        });
        assertThat(result).isEqualTo("main done");
        assertThat(log).containsExactly("reader closed");
        assertThat(scheduler.view().pendingTasks()).isEmpty();
    }

    @Test
    void theLecturesRunWaitsForATaskInToThread() {
        List<String> log = new CopyOnWriteArrayList<>();
        new Scheduler(Clock.virtual()).run(() -> {
            createTask("reader", () -> log.add("reader got " + toThread(() -> {
                Thread.sleep(50);
                return "data";
            })));
            log.add("main done");
            return null;
        });
        assertThat(log).containsExactly("main done", "reader got data");
    }

    @Test
    void aTaskInToThreadIsNotDeadlockedWhileItsWorkerRuns() {
        List<String> log = new CopyOnWriteArrayList<>();
        ParkingScheduler scheduler = new ParkingScheduler(Clock.virtual());
        assertThatThrownBy(() -> scheduler.run(() -> {
            createTask("stuck", ParkingScheduler::park);
            createTask("reader", () -> {
                toThread(() -> {
                    Thread.sleep(100);
                    return null;
                });
                log.add("reader back from its worker");
            });
            ParkingScheduler.park();
            return null;
        }))
                .isInstanceOf(DeadlockException.class)
                .hasMessage("deadlock: parked for good: [task 1 (main), task 2 (stuck)]");
        assertThat(log).as("no deadlock while the worker ran").containsExactly("reader back from its worker");
    }
}
