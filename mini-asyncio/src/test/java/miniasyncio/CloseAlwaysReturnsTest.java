package miniasyncio;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * No body, however it catches, can make {@code close()} or {@code run()} hang. While the loop
 * closes a task, a suspension there suspends (it does not throw "outside a running task", which a
 * {@code catch (Throwable)} would swallow and loop on), so the close sees the body yield again:
 * the task is dropped and reported once, as Python's "generator ignored GeneratorExit", naming
 * the task and its line, and the run goes on to its end.
 */
@Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a regression hangs: fail it instead
class CloseAlwaysReturnsTest {

    private static final AtomicInteger passes = new AtomicInteger();

    /** Swallows everything around a sleep, for ever. */
    @SuppressWarnings({"InfiniteLoopStatement", "CatchMayIgnoreException"})
    private static void stubbornSleeper() {
        while (true) {
            try {
                sleep(1.0);
            } catch (Throwable swallowed) {
                passes.incrementAndGet();
            }
        }
    }

    /** Swallows everything around a park, for ever. */
    @SuppressWarnings({"InfiniteLoopStatement", "CatchMayIgnoreException"})
    private static void stubbornParker() {
        while (true) {
            try {
                ParkingScheduler.park();
            } catch (Throwable swallowed) {
                passes.incrementAndGet();
            }
        }
    }

    /** Catches once around a sleep, then sleeps again in its handler. */
    private static void sleepsAgainWhenClosed() {
        try {
            sleep(1.0);
        } catch (Throwable t) {
            sleep(0.5);
        }
    }

    private static void assertReportedOnceAsIgnoringClose(String stderr, String task) {
        String header = "Task exception was never retrieved: " + task;
        assertThat(stderr.split(java.util.regex.Pattern.quote(header), -1)).hasSize(2); // exactly once
        assertThat(stderr).contains(task + " ignored close(): it caught Coroutine.Exit and suspended again")
                .contains("at miniasyncio.CloseAlwaysReturnsTest."); // the line where it suspended
    }

    @Test
    void endingWithMainATaskThatCatchesThrowableAroundSleepInWhileTrueIsDroppedAndReportedOnce() {
        passes.set(0);
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setEndWithMain(true);
        String result;
        try (Capture capture = new Capture()) {
            result = scheduler.run(() -> {
                createTask("stubborn", CloseAlwaysReturnsTest::stubbornSleeper);
                sleep(0.1);
                return "main done";
            });
            assertReportedOnceAsIgnoringClose(capture.err(), "task 2 (stubborn)");
        }
        assertThat(result).isEqualTo("main done");
        assertThat(passes).hasValue(1); // it caught the close once, then suspended: dropped there
        assertThat(((Step.Failed) scheduler.resultOf(2)).exception())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("ignored close()");
    }

    @Test
    void aTaskThatSleepsAgainInItsHandlerIsReportedWithTheLineOfThatSleep() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setEndWithMain(true);
        try (Capture capture = new Capture()) {
            scheduler.run(() -> {
                createTask("cleaner", CloseAlwaysReturnsTest::sleepsAgainWhenClosed);
                sleep(0);
                return null;
            });
            assertReportedOnceAsIgnoringClose(capture.err(), "task 2 (cleaner)");
            assertThat(capture.err()).contains("(yielding Sleep[duration=0.5]) at miniasyncio.CloseAlwaysReturnsTest"
                    + ".sleepsAgainWhenClosed(CloseAlwaysReturnsTest.java:");
        }
    }

    @Test
    void onADeadlockATaskThatCatchesThrowableAroundParkInWhileTrueIsDroppedAndTheDeadlockComesOut() {
        passes.set(0);
        ParkingScheduler scheduler = new ParkingScheduler();
        try (Capture capture = new Capture()) {
            assertThatThrownBy(() -> scheduler.run(() -> {
                createTask("stubborn", CloseAlwaysReturnsTest::stubbornParker);
                ParkingScheduler.park();
                return null;
            })).isInstanceOf(DeadlockException.class).hasMessageContaining("parked for good");
            assertReportedOnceAsIgnoringClose(capture.err(), "task 2 (stubborn)");
        }
        assertThat(passes).hasValue(1);
    }

    @Test
    void theLecturesRunStoppedByABrokenHookClosesAStubbornSleeperAndReturns() {
        passes.set(0);
        Scheduler scheduler = new Scheduler(Clock.virtual()) {
            @Override
            protected void finishTask(Task task, Step.Outcome outcome) {
                super.finishTask(task, outcome);
                throw new IllegalStateException("broken finishTask");
            }
        };
        try (Capture capture = new Capture()) {
            assertThatThrownBy(() -> scheduler.run(() -> {
                createTask("stubborn", CloseAlwaysReturnsTest::stubbornSleeper);
                sleep(0.1);
                return null;
            })).hasMessage("broken finishTask");
            assertReportedOnceAsIgnoringClose(capture.err(), "task 2 (stubborn)");
        }
        assertThat(passes).hasValue(1);
    }

    @Test
    void aTaskThatLetsTheCloseThroughIsNotReported() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setEndWithMain(true);
        try (Capture capture = new Capture()) {
            scheduler.run(() -> {
                createTask("polite", () -> sleep(1.0));
                sleep(0);
                return null;
            });
            assertThat(capture.err()).isEmpty();
        }
        assertThat(scheduler.view().unretrievedFailures()).isEmpty();
    }
}
