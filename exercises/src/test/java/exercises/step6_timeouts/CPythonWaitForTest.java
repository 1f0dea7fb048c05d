package exercises.step6_timeouts;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * CPython 3.13's {@code Lib/test/test_asyncio/test_waitfor.py}, translated on the virtual clock:
 * each test keeps the Python test's name; the times are CPython's on an idle machine, exactly.
 */
class CPythonWaitForTest {

    static final double EPSILON = 0.0001;

    static CancellableScheduler loop;

    static <T> T run(Callable<T> main) {
        loop = new CancellableScheduler(Clock.virtual());
        return loop.run("main", main);
    }

    /** Runs for TASK_TIMEOUT seconds, ignoring cancel requests. */
    static final class SlowTask {
        static final double TASK_TIMEOUT = 0.2;
        boolean exited;

        Object run() {
            double exitAt = now() + TASK_TIMEOUT;
            while (true) {
                double toSleep = exitAt - now();
                if (toSleep <= 0) {
                    break;
                }
                try {
                    sleep(toSleep);
                } catch (CancelledException ignored) {
                    // ignored on purpose
                }
            }
            exited = true;
            return null;
        }
    }

    @Test
    @DisplayName("test_waitfor.test_asyncio_wait_for_cancelled")
    void asyncioWaitForCancelled() {
        SlowTask t = new SlowTask();
        run(() -> {
            TaskFuture<Object> waitForTask = spawn("wait_for", () -> Timeouts.waitFor(t::run, SlowTask.TASK_TIMEOUT * 2));
            sleep(0); // the body runs inside the wait_for task (3.12+): one turn has it started
            waitForTask.cancel();
            try {
                await(waitForTask);
            } catch (CancelledException e) {
                // asyncio.wait({waitfortask}) only waits
            }
            assertThat(now()).isEqualTo(0.2);
            return null;
        });
        assertThat(t.exited).isTrue();
    }

    @Test
    @DisplayName("test_waitfor.test_asyncio_wait_for_timeout")
    void asyncioWaitForTimeout() {
        SlowTask t = new SlowTask();
        run(() -> {
            try {
                Timeouts.waitFor(t::run, SlowTask.TASK_TIMEOUT / 2);
            } catch (TimeoutException e) {
                // either way
            }
            assertThat(now()).isEqualTo(0.2);
            return null;
        });
        assertThat(t.exited).isTrue();
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_timeout_less_then_0_or_0_future_done")
    void waitForTimeoutZeroFutureDone() {
        run(() -> {
            TaskFuture<String> done = spawn("done", () -> "done");
            await(done);
            assertThat(Timeouts.waitFor(done, 0)).isEqualTo("done");
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_timeout_less_then_0_or_0_coroutine_do_not_started")
    void waitForTimeoutZeroCoroutineNotStarted() {
        coroutineNotStarted(0);
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_timeout_less_then_0_or_0_coroutine_do_not_started (timeout=-1)")
    void waitForTimeoutBelowZeroCoroutineNotStarted() {
        coroutineNotStarted(-1);
    }

    private static void coroutineNotStarted(double timeout) {
        boolean[] fooStarted = {false};
        run(() -> {
            assertThatThrownBy(() -> Timeouts.waitFor(() -> {
                fooStarted[0] = true;
                return null;
            }, timeout)).isInstanceOf(TimeoutException.class);
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
        assertThat(fooStarted[0]).as("foo_started").isFalse();
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_timeout_less_then_0_or_0 (timeout=-1)")
    void waitForTimeoutBelowZero() {
        waitForTimeoutLessThanZeroOrZero(-1);
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_timeout_less_then_0_or_0 (timeout=0)")
    void waitForTimeoutZero() {
        waitForTimeoutLessThanZeroOrZero(0);
    }

    private static void waitForTimeoutLessThanZeroOrZero(double timeout) {
        Boolean[] fooRunning = {null};
        run(() -> {
            Future<Void> started = new Future<>();
            TaskFuture<String> fut = spawn("foo", () -> {
                fooRunning[0] = true;
                started.setResult(null);
                try {
                    sleep(10);
                } finally {
                    fooRunning[0] = false;
                }
                return "done";
            });
            await(started);
            assertThatThrownBy(() -> Timeouts.waitFor(fut, timeout)).isInstanceOf(TimeoutException.class);
            assertThat(fut.isDone()).isTrue();
            assertThat(fut.isCancelled()).isTrue();
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
        assertThat(fooRunning[0]).isFalse();
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for")
    void waitFor() {
        Boolean[] fooRunning = {null};
        run(() -> {
            TaskFuture<String> fut = spawn("foo", () -> {
                fooRunning[0] = true;
                try {
                    sleep(10);
                } finally {
                    fooRunning[0] = false;
                }
                return "done";
            });
            assertThatThrownBy(() -> Timeouts.waitFor(fut, 0.1)).isInstanceOf(TimeoutException.class);
            assertThat(now()).isEqualTo(0.1);
            assertThat(fut.isDone()).isTrue();
            assertThat(fut.isCancelled()).isTrue();
            return null;
        });
        assertThat(fooRunning[0]).isFalse();
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_race_condition")
    void waitForRaceCondition() {
        run(() -> {
            Future<String> fut = new Future<>();
            spawn("call_later(0.1, fut.set_result)", () -> {
                sleep(0.1);
                fut.setResult("ok");
                return null;
            });
            assertThat(Timeouts.waitFor(() -> await(fut), 0.2)).isEqualTo("ok");
            assertThat(now()).isEqualTo(0.1);
            return null;
        });
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_cancellation_race_condition")
    void waitForCancellationRaceCondition() {
        run(() -> {
            int result = Timeouts.waitFor(() -> {
                assertThatThrownBy(() -> sleep(1)).isInstanceOf(CancelledException.class);
                return 1;
            }, 0.01);
            assertThat(result).isEqualTo(1);
            return null;
        });
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_waits_for_task_cancellation")
    void waitForWaitsForTaskCancellation() {
        boolean[] taskDone = {false};
        run(() -> {
            TaskFuture<Object> innerTask = spawn("inner", () -> {
                try {
                    sleep(10);
                } catch (CancelledException e) {
                    sleep(EPSILON);
                    throw e;
                } finally {
                    taskDone[0] = true;
                }
                return null;
            });
            assertThatThrownBy(() -> Timeouts.waitFor(innerTask, EPSILON))
                    .isInstanceOf(TimeoutException.class).cause().isInstanceOf(CancelledException.class);
            assertThat(now()).isEqualTo(2 * EPSILON);
            return null;
        });
        assertThat(taskDone[0]).isTrue();
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_waits_for_task_cancellation_w_timeout_0")
    void waitForWaitsForTaskCancellationWithTimeoutZero() {
        boolean[] taskDone = {false};
        run(() -> {
            TaskFuture<Object> innerTask = spawn("inner", () -> {
                try {
                    sleep(10);
                } catch (CancelledException e) {
                    sleep(EPSILON);
                    throw e;
                } finally {
                    taskDone[0] = true;
                }
                return null;
            });
            sleep(EPSILON);
            assertThatThrownBy(() -> Timeouts.waitFor(innerTask, 0))
                    .isInstanceOf(TimeoutException.class).cause().isInstanceOf(CancelledException.class);
            assertThat(now()).isEqualTo(2 * EPSILON);
            return null;
        });
        assertThat(taskDone[0]).isTrue();
    }

    static class FooException extends RuntimeException {
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_reraises_exception_during_cancellation")
    void waitForReraisesExceptionDuringCancellation() {
        run(() -> {
            TaskFuture<Object> innerTask = spawn("inner", () -> {
                try {
                    sleep(0.2);
                } finally {
                    throw new FooException();
                }
            });
            assertThatThrownBy(() -> Timeouts.waitFor(innerTask, EPSILON)).isInstanceOf(FooException.class);
            return null;
        });
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_self_cancellation")
    void waitForSelfCancellation() {
        run(() -> {
            TaskFuture<Integer> innerTask = spawn("inner", () -> {
                try {
                    sleep(0.3);
                } catch (CancelledException e) {
                    try {
                        sleep(0.3);
                    } catch (CancelledException again) {
                        sleep(0.3);
                    }
                }
                return 42;
            });
            TaskFuture<Integer> task = spawn("wait_for", () -> Timeouts.waitFor(innerTask, 0.1));
            task.cancel();
            assertThatThrownBy(() -> await(task)).isInstanceOf(CancelledException.class);
            assertThat((int) await(innerTask)).isEqualTo(42);
            assertThat(now()).isEqualTo(0.3);
            return null;
        });
    }

    @Test
    @DisplayName("test_waitfor.test_cancel_blocking_wait_for")
    void cancelBlockingWaitFor() {
        cancelWaitFor(Double.POSITIVE_INFINITY); // timeout=None
    }

    @Test
    @DisplayName("test_waitfor.test_cancel_wait_for")
    void cancelWaitFor() {
        cancelWaitFor(60.0);
    }

    /** {@code _test_cancel_wait_for(timeout)}. */
    private static void cancelWaitFor(double timeout) {
        run(() -> {
            TaskFuture<Object> task = spawn("blocking_coroutine", () -> await(new Future<>())); // never set
            TaskFuture<Object> wait = spawn("wait_for", () -> Timeouts.waitFor(task, timeout));
            spawn("call_soon(wait.cancel)", () -> wait.cancel());
            assertThatThrownBy(() -> await(wait)).isInstanceOf(CancelledException.class);
            assertThat(task.isCancelled()).as("Python issue #23219: cancelling the wait must also cancel the task").isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_blocking")
    void waitForBlocking() {
        assertThat(run(() -> Timeouts.waitFor(() -> "done", Double.POSITIVE_INFINITY))).isEqualTo("done");
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_cancel_suppressed")
    void waitForCancelSuppressed() {
        run(() -> {
            int result = Timeouts.waitFor(() -> {
                try {
                    sleep(10);
                } catch (CancelledException e) {
                    return 42;
                }
                return 0;
            }, 0.1);
            assertThat(result).isEqualTo(42);
            assertThat(now()).isEqualTo(0.1);
            return null;
        });
    }

    @Test
    @DisplayName("test_waitfor.test_wait_for_issue86296")
    void waitForIssue86296() {
        boolean[] reachedEnd = {false};
        run(() -> {
            TaskFuture<Object> task = spawn("wait_for_coro", () -> {
                Timeouts.waitFor(() -> null, 100);
                sleep(1);
                reachedEnd[0] = true;
                return null;
            });
            sleep(0);
            assertThat(task.isDone()).isFalse();
            task.cancel();
            assertThatThrownBy(() -> await(task)).isInstanceOf(CancelledException.class);
            return null;
        });
        assertThat(reachedEnd[0]).isFalse();
    }
}
