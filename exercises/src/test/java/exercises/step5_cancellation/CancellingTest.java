package exercises.step5_cancellation;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code cancelling(tid)} and {@code uncancel(tid)}: asyncio's count of cancellation requests. */
class CancellingTest {

    @Test
    @DisplayName("each cancel() counts, uncancel() takes one back, never below 0")
    void eachRequestCountsAndUncancelTakesOneBack() {
        CancellableScheduler loop = new CancellableScheduler(Clock.virtual());
        List<String> log = new ArrayList<>();
        loop.run("main", () -> {
            TaskFuture<Object> task = spawn("sleeper", () -> {
                try {
                    sleep(10);
                } catch (CancelledException e) {
                    log.add("cancelled at " + now());
                }
                return "swallowed";
            });
            sleep(0.1);
            assertThat(loop.cancelling(task.tid())).isZero();
            assertThat(task.cancel()).isTrue();
            assertThat(task.cancel()).isTrue();
            assertThat(loop.cancelling(task.tid())).isEqualTo(2);
            assertThat(loop.uncancel(task.tid())).isEqualTo(1);
            assertThat(await(task)).isEqualTo("swallowed");
            assertThat(task.cancel()).as("a finished task").isFalse();
            assertThat(loop.cancelling(task.tid())).as("a refused cancel does not count").isEqualTo(1);
            assertThat(loop.uncancel(task.tid())).isZero();
            assertThat(loop.uncancel(task.tid())).isZero();
            return null;
        });
        assertThat(log).as("two requests before it ran: one delivery").containsExactly("cancelled at 0.1");
        assertThatThrownBy(() -> loop.cancelling(99)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("99");
    }

    @Test
    @DisplayName("uncancel() down to 0 withdraws a request that has not reached the running task yet")
    void uncancelToZeroWithdrawsARequestNotDeliveredYet() {
        CancellableScheduler loop = new CancellableScheduler(Clock.virtual());
        Object result = loop.run("main", () -> {
            int me = loop.currentTask().tid();
            loop.cancel(me); // running: it would get the exception at its next yield
            assertThat(loop.uncancel(me)).isZero();
            sleep(0.5); // not interrupted
            return "went on to " + now();
        });
        assertThat(result).isEqualTo("went on to 0.5");
    }

    @Test
    @DisplayName("uncancel() with requests left keeps the one not delivered yet")
    void uncancelWithRequestsLeftKeepsThePendingOne() {
        CancellableScheduler loop = new CancellableScheduler(Clock.virtual());
        loop.run("main", () -> {
            int me = loop.currentTask().tid();
            loop.cancel(me);
            loop.cancel(me);
            assertThat(loop.uncancel(me)).isEqualTo(1);
            assertThatThrownBy(() -> sleep(0.5)).isInstanceOf(CancelledException.class);
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    @Test
    @DisplayName("uncancel() down to 0 before a cancelled task has started lets it run its body")
    void uncancelToZeroBeforeTheTaskStartsLetsItRun() {
        CancellableScheduler loop = new CancellableScheduler(Clock.virtual());
        Object result = loop.run("main", () -> {
            TaskFuture<String> task = spawn("late", () -> {
                sleep(0.5);
                return "ran at " + now();
            });
            assertThat(task.cancel()).isTrue();
            assertThat(task.cancel()).isTrue();
            assertThat(loop.uncancel(task.tid())).as("a request left: still cancelled").isEqualTo(1);
            assertThat(loop.uncancel(task.tid())).isZero();
            return await(task);
        });
        assertThat(result).isEqualTo("ran at 0.5");
    }

    @Test
    @DisplayName("uncancel() down to 0 resumes a task cancelled in ready with what it was woken with, an exception too")
    void uncancelToZeroResumesTheTaskWithWhatItWasWokenWith() {
        CancellableScheduler loop = new CancellableScheduler(Clock.virtual());
        Object result = loop.run("main", () -> {
            TaskFuture<String> task = spawn("odd", () -> {
                try {
                    miniasyncio.Scheduler.syscall("odd", "not a syscall"); // the loop throws an error back in
                    return "resumed with no error";
                } catch (CancelledException e) {
                    return "cancelled";
                } catch (RuntimeException e) {
                    return "resumed with the loop's error";
                }
            });
            sleep(0); // it yields the odd request and waits in ready, to be resumed with the loop's error
            assertThat(task.cancel()).isTrue();
            assertThat(loop.uncancel(task.tid())).isZero();
            return await(task);
        });
        assertThat(result).isEqualTo("resumed with the loop's error");
    }
}
