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
import org.junit.jupiter.api.Test;

class TimeoutsTest {

    static CancellableScheduler scheduler;

    static <T> T run(Callable<T> main) {
        scheduler = new CancellableScheduler(Clock.virtual());
        return scheduler.run("main", main);
    }

    static String work(double seconds, List<String> log) {
        try {
            sleep(seconds);
            return "done";
        } finally {
            log.add("work finally at " + now());
        }
    }

    @Test
    void waitForReturnsTheResultInTimeAndStopsItsTimer() {
        List<String> log = new ArrayList<>();
        String result = run(() -> Timeouts.waitFor(spawn("work", () -> work(0.1, log)), 5.0));
        assertThat(result).isEqualTo("done");
        assertThat(log).containsExactly("work finally at 0.1");
        assertThat(scheduler.now()).as("the 5 s timer was cancelled, not waited for").isEqualTo(0.1);
    }

    @Test
    void waitForCancelsTheTaskAndThrowsATimeoutAfterItsCleanup() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<String> slow = spawn("slow", () -> work(1.0, log));
            try {
                Timeouts.waitFor(slow, 0.2);
                log.add("no timeout?");
            } catch (TimeoutException e) {
                log.add("timeout at " + now() + ", cause " + e.getCause().getClass().getSimpleName());
            }
            log.add("slow cancelled: " + slow.isCancelled());
            return null;
        });
        assertThat(log).containsExactly("work finally at 0.2", "timeout at 0.2, cause CancelledException",
                "slow cancelled: true");
        assertThat(scheduler.now()).isEqualTo(0.2);
    }

    @Test
    void waitForWaitsForTheCancellationToBeHandled() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                Timeouts.waitFor(spawn("work", () -> {
                    try {
                        sleep(1.0);
                    } catch (CancelledException e) {
                        sleep(0.1); // slow cleanup
                        log.add("cleanup done at " + now());
                        throw e;
                    }
                    return null;
                }), 0.2);
            } catch (TimeoutException e) {
                log.add("timeout at " + now());
            }
            return null;
        });
        assertThat(log).containsExactly("cleanup done at 0.3", "timeout at 0.3");
    }

    @Test
    void waitForPassesOnTheTasksOwnFailure() {
        assertThatThrownBy(() -> run(() -> Timeouts.waitFor(spawn("work", () -> {
            sleep(0.1);
            throw new IllegalArgumentException("work failed");
        }), 1.0))).isInstanceOf(IllegalArgumentException.class).hasMessage("work failed");
    }

    @Test
    void aCancelledCallerOfWaitForCancelsTheTaskToo() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<String> inner = spawn("inner", () -> work(5.0, log));
            TaskFuture<Object> caller = spawn("caller", () -> Timeouts.waitFor(inner, 10.0));
            sleep(0.5);
            caller.cancel();
            assertThatThrownBy(() -> await(caller)).isInstanceOf(CancelledException.class);
            sleep(0);
            log.add("inner cancelled: " + inner.isCancelled());
            return null;
        });
        assertThat(log).containsExactly("work finally at 0.5", "inner cancelled: true");
    }

    @Test
    void timeoutScopeReturnsTheBodysValueInTime() {
        assertThat((Object) run(() -> Timeouts.timeout(1.0, () -> {
            sleep(0.4);
            return "in time";
        }))).isEqualTo("in time");
        assertThat(scheduler.now()).isEqualTo(0.4);
    }

    @Test
    void timeoutScopeInterruptsTheBodyWhereverItWaits() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                Timeouts.timeout(0.25, () -> {
                    for (int i = 1; i <= 10; i++) {
                        sleep(0.1);
                        log.add("step " + i);
                    }
                });
            } catch (TimeoutException e) {
                log.add("timeout at " + now());
            }
            return null;
        });
        assertThat(log).containsExactly("step 1", "step 2", "timeout at 0.25");
    }

    @Test
    void nestedTimeoutsEachReportTheirOwn() {
        List<String> log = new ArrayList<>();
        run(() -> {
            // the inner one fires first: the inner scope reports it, the outer body goes on
            Timeouts.timeout(1.0, () -> {
                try {
                    Timeouts.timeout(0.1, () -> sleep(0.5));
                } catch (TimeoutException e) {
                    log.add("inner timeout at " + now());
                }
            });
            // the outer one fires first: it passes through the inner scope untouched
            try {
                Timeouts.timeout(0.2, () -> {
                    try {
                        Timeouts.timeout(1.0, () -> sleep(0.5));
                    } catch (TimeoutException e) {
                        log.add("wrong scope");
                    }
                });
            } catch (TimeoutException e) {
                log.add("outer timeout at " + now());
            }
            return null;
        });
        assertThat(log).containsExactly("inner timeout at 0.1", "outer timeout at 0.3");
    }

    @Test
    void aCancellationFromElsewhereIsNotATimeout() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> t = spawn("scoped", () -> {
                try {
                    Timeouts.timeout(5.0, () -> sleep(1.0));
                } catch (TimeoutException e) {
                    log.add("wrongly a timeout");
                } catch (CancelledException e) {
                    log.add("cancelled");
                    throw e;
                }
                return null;
            });
            sleep(0.1);
            t.cancel();
            try {
                await(t); // awaited, so that a failure of the task other than a cancellation shows here
            } catch (CancelledException expected) {
                log.add("main saw the cancellation");
            }
            return null;
        });
        assertThat(log).containsExactly("cancelled", "main saw the cancellation");
        assertThat(scheduler.now()).isEqualTo(0.1);
    }

    @Test
    void badDurationsAreRejected() {
        run(() -> {
            assertThatThrownBy(() -> Timeouts.timeout(Double.NaN, () -> null)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("timeout()");
            assertThatThrownBy(() -> Timeouts.waitFor(() -> null, Double.NaN))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("waitFor()");
            return null;
        });
    }

    @Test
    void aDeadlineAndASleepThatEndAtTheSameInstantTheDeadlineComesFirst() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                Timeouts.timeout(1.0, () -> sleep(1.0));
                log.add("timeout: the body finished");
            } catch (TimeoutException e) {
                log.add("timeout: timed out at " + now());
            }
            try {
                Timeouts.waitFor(spawn("work", () -> work(1.0, log)), 1.0);
                log.add("waitFor: the task finished");
            } catch (TimeoutException e) {
                log.add("waitFor: timed out at " + now());
            }
            return null;
        });
        assertThat(log).as("asyncio's timer is in its heap from entering on, before the sleep of the body or the task")
                .containsExactly("timeout: timed out at 1.0", "work finally at 2.0", "waitFor: timed out at 2.0");
    }

    @Test
    void aNegativeTimeIsADeadlineAlreadyPassed() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                Timeouts.timeout(-0.5, () -> work(1.0, log));
            } catch (TimeoutException e) {
                log.add("timeout at " + now());
            }
            TaskFuture<String> slow = spawn("slow", () -> work(1.0, log));
            sleep(0); // it has started
            try {
                Timeouts.waitFor(slow, -0.5);
            } catch (TimeoutException e) {
                log.add("waitFor timeout at " + now() + ", cancelled: " + slow.isCancelled());
            }
            return null;
        });
        assertThat(log).containsExactly("work finally at 0.0", "timeout at 0.0", "work finally at 0.0",
                "waitFor timeout at 0.0, cancelled: true");
    }

    @Test
    void anInfiniteTimeSetsNoDeadline() {
        assertThat(run(() -> Timeouts.timeout(Double.POSITIVE_INFINITY, () -> {
            sleep(1e6);
            return Timeouts.waitFor(spawn("long", () -> {
                sleep(1e6);
                return "late";
            }), Double.POSITIVE_INFINITY);
        }))).isEqualTo("late");
        assertThat(scheduler.now()).isEqualTo(2e6);
        // a wait that never ends is a deadlock, as without a timeout, not a timeout at the end of time
        assertThatThrownBy(() -> run(() -> Timeouts.timeout(Double.POSITIVE_INFINITY,
                () -> await(new exercises.step3_futures.Future<>())))).isInstanceOf(miniasyncio.DeadlockException.class);
    }

    @Test
    void waitForWithABodyRunsItInTheCurrentTaskUnlessThereIsNoTimeAtAll() {
        List<String> log = new ArrayList<>();
        run(() -> {
            int me = scheduler.currentTask().tid();
            log.add("same task: " + (Timeouts.waitFor(() -> scheduler.currentTask().tid(), 1.0) == me));
            try {
                Timeouts.waitFor(() -> log.add("the body ran"), 0);
            } catch (TimeoutException e) {
                log.add("0: timeout, the body never ran");
            }
            return null;
        });
        assertThat(log).containsExactly("same task: true", "0: timeout, the body never ran");
    }

    @Test
    void aCancelledCallerOfWaitForWaitsForTheTaskToUnwind() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<String> inner = spawn("inner", () -> {
                try {
                    sleep(5.0);
                    return "done";
                } catch (CancelledException e) {
                    sleep(0.3); // a cleanup that waits
                    log.add("inner cleaned up at " + now());
                    throw e;
                }
            });
            TaskFuture<Object> caller = spawn("caller", () -> Timeouts.waitFor(inner, 10.0));
            sleep(0.5);
            caller.cancel();
            assertThatThrownBy(() -> await(caller)).isInstanceOf(CancelledException.class);
            log.add("caller ended at " + now());
            return null;
        });
        assertThat(log).as("as asyncio's wait_for, a cancelled caller ends after the task it cancelled has unwound")
                .containsExactly("inner cleaned up at 0.8", "caller ended at 0.8");
    }

    @Test
    void anExpiredScopeWhoseBodyCaughtTheCancellationTakesItsRequestBack() {
        List<String> log = new ArrayList<>();
        run(() -> {
            int me = scheduler.currentTask().tid();
            assertThatThrownBy(() -> Timeouts.timeout(1.0, () -> {
                String inner = Timeouts.timeout(0.1, () -> {
                    try {
                        sleep(10);
                        return "in time?";
                    } catch (CancelledException e) {
                        return "caught at " + now(); // the body swallows its scope's cancellation
                    }
                });
                log.add(inner + ", cancelling " + scheduler.cancelling(me));
                sleep(10);
                return null;
            })).isInstanceOf(TimeoutException.class);
            log.add("outer timed out at " + now() + ", cancelling " + scheduler.cancelling(me));
            return null;
        });
        assertThat(log).as("on the way out an expired scope calls uncancel(me) once, whether it raises or not;"
                + " a request left behind would make the outer scope's expiry look like a cancellation from elsewhere")
                .containsExactly("caught at 0.1, cancelling 0", "outer timed out at 1.0, cancelling 0");
    }

    @Test
    void waitForFixesTheDeadlineOnEnteringEvenWhenItsTimerStartsLate() {
        List<String> log = new ArrayList<>();
        run(() -> {
            spawn("busy", () -> {
                ((miniasyncio.VirtualClock) scheduler.clock()).advance(500_000_000); // the loop is busy 0.5 s
                return null;
            });
            assertThatThrownBy(() -> Timeouts.waitFor(spawn("slow", () -> work(1.0, log)), 0.1))
                    .isInstanceOf(TimeoutException.class);
            log.add("timed out at " + now());
            return null;
        });
        assertThat(log).as("the deadline was 0.1, passed while the loop was busy: the timer fires at its first turn")
                .containsExactly("work finally at 0.5", "timed out at 0.5");
    }

    @Test
    void aCancelledCallerOfWaitForGetsTheValueOfATaskThatCaughtTheCancellation() {
        Object result = run(() -> {
            TaskFuture<String> inner = spawn("stubborn", () -> {
                try {
                    sleep(5.0);
                    return "done";
                } catch (CancelledException e) {
                    sleep(0.3);
                    return "caught and returned";
                }
            });
            TaskFuture<String> caller = spawn("caller", () -> Timeouts.waitFor(inner, 10.0) + " at " + now());
            sleep(0.5);
            caller.cancel();
            return await(caller) + ", caller cancelled: " + caller.isCancelled();
        });
        assertThat(result).as("asyncio 3.12+: the caller's cancellation goes to the task it waits for, and the"
                + " caller gets how that task ended").isEqualTo("caught and returned at 0.8, caller cancelled: false");
    }
}
