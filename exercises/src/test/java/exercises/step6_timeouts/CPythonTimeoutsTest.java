package exercises.step6_timeouts;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.VirtualClock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * CPython 3.13's {@code Lib/test/test_asyncio/test_timeouts.py}, translated: each test keeps the
 * Python test's name, and runs on the virtual clock, so the times are the ones the Python test
 * would give on an idle machine, exactly. {@code async with asyncio.timeout(s):} is
 * {@code Timeouts.timeout(s, () -> ...)}; what the kit leaves out is in the asyncio table at the
 * end of the step's statement (README.md of step6_timeouts).
 */
class CPythonTimeoutsTest {

    static CancellableScheduler loop;

    static <T> T run(Callable<T> main) {
        loop = new CancellableScheduler(Clock.virtual());
        return loop.run("main", main);
    }

    static int me() {
        return loop.currentTask().tid();
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_basic")
    void timeoutBasic() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0.01, () -> sleep(10))).isInstanceOf(TimeoutException.class);
            assertThat(now()).isEqualTo(0.01);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_nested_timeouts: only the topmost scope raises TimeoutError")
    void nestedTimeouts() {
        List<String> log = new ArrayList<>();
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0.01, () -> {
                try {
                    Timeouts.timeout(0.01, () -> sleep(10)); // the same deadline
                } catch (CancelledException e) {
                    log.add("inner scope let the cancellation pass at " + now());
                    throw e;
                }
            })).isInstanceOf(TimeoutException.class);
            log.add("outer scope raised TimeoutException at " + now());
            return null;
        });
        assertThat(log).containsExactly("inner scope let the cancellation pass at 0.01",
                "outer scope raised TimeoutException at 0.01");
    }

    @Test
    @DisplayName("test_timeouts.test_nested_timeouts (same deadline, the inner timeout caught): the outer deadline is kept")
    void nestedTimeoutsTheOuterDeadlineIsKept() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                Timeouts.timeout(5, () -> {
                    try {
                        Timeouts.timeout(5, () -> sleep(10));
                    } catch (TimeoutException e) {
                        log.add("inner timeout caught?"); // CPython: the inner scope raises CancelledError
                    }
                    sleep(1);
                    log.add("outer body went on to " + now());
                });
            } catch (TimeoutException e) {
                log.add("outer timeout at " + now());
            }
            return null;
        });
        assertThat(log).containsExactly("outer timeout at 5.0");
    }

    @Test
    @DisplayName("test_timeouts.test_waiter_cancelled")
    void waiterCancelled() {
        boolean[] cancelled = {false};
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0.01, () -> {
                try {
                    sleep(10);
                } catch (CancelledException e) {
                    cancelled[0] = true;
                    throw e;
                }
            })).isInstanceOf(TimeoutException.class);
            return null;
        });
        assertThat(cancelled[0]).isTrue();
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_not_called")
    void timeoutNotCalled() {
        run(() -> {
            Timeouts.timeout(10, () -> sleep(0.01));
            return null;
        });
        assertThat(loop.now()).as("the 10 s timer does not hold the run").isEqualTo(0.01);
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_zero")
    void timeoutZero() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0, () -> sleep(10))).isInstanceOf(TimeoutException.class);
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_zero_sleep_zero")
    void timeoutZeroSleepZero() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0, () -> sleep(0))).isInstanceOf(TimeoutException.class);
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_in_the_past_sleep_zero")
    void timeoutInThePastSleepZero() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(-11, () -> sleep(0))).isInstanceOf(TimeoutException.class);
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    static class KeyError extends RuntimeException {
    }

    @Test
    @DisplayName("test_timeouts.test_foreign_exception_passed")
    void foreignExceptionPassed() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0.01, () -> {
                throw new KeyError();
            })).isInstanceOf(KeyError.class);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_foreign_exception_on_timeout")
    void foreignExceptionOnTimeout() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0.01, () -> {
                try {
                    sleep(1);
                } finally {
                    int zero = 0;
                    System.out.println(1 / zero);
                }
            })).isInstanceOf(ArithmeticException.class);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_foreign_cancel_doesnt_timeout_if_not_expired")
    void foreignCancelDoesntTimeoutIfNotExpired() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(10, () -> {
                loop.cancel(me());
                sleep(10);
            })).isExactlyInstanceOf(CancelledException.class);
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_outer_task_is_not_cancelled")
    void outerTaskIsNotCancelled() {
        run(() -> {
            TaskFuture<Object> task = spawn("outer", () -> {
                assertThatThrownBy(() -> Timeouts.timeout(0.001, () -> sleep(10))).isInstanceOf(TimeoutException.class);
                return null;
            });
            await(task);
            assertThat(task.isCancelled()).isFalse();
            assertThat(task.isDone()).isTrue();
            return null;
        });
    }

    /** The inner scope, with what came out of it logged; the exception goes on. */
    static void logged(List<String> log, String scope, double seconds, Runnable body) {
        try {
            Timeouts.timeout(seconds, body);
        } catch (RuntimeException | Error e) {
            log.add(scope + " raised " + e.getClass().getSimpleName() + " at " + now());
            throw e;
        }
    }

    // CPython's test wraps the inner scope in assertRaises(TimeoutError), but what passes is the
    // CancelledError (not expired, or not the only request left), which assertRaises lets through;
    // the outer scope turns it into the TimeoutError the test's outer assertRaises sees.
    @Test
    @DisplayName("test_timeouts.test_nested_timeouts_concurrent")
    void nestedTimeoutsConcurrent() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                logged(log, "outer", 0.002, () -> logged(log, "inner", 0.1, () -> {
                    ((VirtualClock) loop.clock()).advance(10_000_000); // time.sleep(0.01): crunching numbers
                    sleep(1);
                }));
            } catch (TimeoutException expected) {
                // logged
            }
            return null;
        });
        assertThat(log).containsExactly("inner raised CancelledException at 0.01", "outer raised TimeoutException at 0.01");
    }

    @Test
    @DisplayName("test_timeouts.test_nested_timeouts_loop_busy: both deadlines passed while the loop was busy")
    void nestedTimeoutsLoopBusy() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                logged(log, "(1)", 0.1, () -> {
                    logged(log, "(2)", 0.01, () -> {
                        ((VirtualClock) loop.clock()).advance(100_000_000); // time.sleep(0.1): the loop is busy
                        sleep(1);
                    });
                    sleep(10);
                });
            } catch (TimeoutException expected) {
                // logged
            }
            return null;
        });
        assertThat(log).containsExactly("(2) raised CancelledException at 0.1", "(1) raised TimeoutException at 0.1");
    }

    @Test
    @DisplayName("test_timeouts.test_nested_timeout_in_finally")
    void nestedTimeoutInFinally() {
        List<String> log = new ArrayList<>();
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0.01, () -> {
                try {
                    sleep(1);
                } finally {
                    assertThatThrownBy(() -> Timeouts.timeout(0.01, () -> sleep(10))).isInstanceOf(TimeoutException.class);
                    log.add("inner timeout at " + now());
                }
            })).isInstanceOf(TimeoutException.class);
            log.add("outer timeout at " + now());
            return null;
        });
        assertThat(log).containsExactly("inner timeout at 0.02", "outer timeout at 0.02");
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_after_cancellation")
    void timeoutAfterCancellation() {
        run(() -> {
            try {
                loop.cancel(me());
                sleep(1); // work which will be cancelled
            } catch (CancelledException e) {
                // swallowed
            } finally {
                assertThatThrownBy(() -> Timeouts.timeout(0.0, () -> sleep(1))).isInstanceOf(TimeoutException.class);
            }
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_cancel_in_timeout_after_cancellation")
    void cancelInTimeoutAfterCancellation() {
        run(() -> {
            try {
                loop.cancel(me());
                sleep(1);
            } catch (CancelledException e) {
                // swallowed
            } finally {
                assertThatThrownBy(() -> Timeouts.timeout(1.0, () -> {
                    loop.cancel(me());
                    sleep(2);
                })).isExactlyInstanceOf(CancelledException.class);
            }
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_exception_cause")
    void timeoutExceptionCause() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(0, () -> sleep(1)))
                    .isInstanceOf(TimeoutException.class).cause().isInstanceOf(CancelledException.class);
            return null;
        });
    }
}
