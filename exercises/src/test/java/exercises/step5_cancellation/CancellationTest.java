package exercises.step5_cancellation;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static exercises.step3_futures.Futures.spawnEager;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.TaskFuture;
import exercises.step4_sync.Event;
import exercises.step4_sync.Lock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

class CancellationTest {

    static CancellableScheduler scheduler;

    static <T> T run(Callable<T> main) {
        scheduler = new CancellableScheduler(Clock.virtual());
        return scheduler.run("main", main);
    }

    @Test
    void theGivenCallAtRunsItsActionAtItsTimeBeforeALaterSleeperAndACancelCallsItOff() {
        List<String> log = new ArrayList<>();
        run(() -> {
            long at = scheduler.clock().nanoTime() + 1_000_000_000L;
            scheduler.callAt("timer", at, () -> log.add("timer at " + now()));
            TaskFuture<Object> off = scheduler.callAt("called off", at, () -> log.add("called off: ran"));
            scheduler.callAt("due", at - 2_000_000_000L, () -> log.add("due at " + now()));
            off.cancel();
            sleep(1.0); // ends at the same instant, after the timer that went to sleep first
            log.add("sleeper at " + now());
            log.add("called off: " + off.isCancelled());
            return null;
        });
        assertThat(log).containsExactly("due at 0.0", "timer at 1.0", "sleeper at 1.0", "called off: true");
    }

    @Test
    void aSleepingTaskIsCancelledAtOnceItsFinallyRunsAndItsAwaiterGetsTheCancellation() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<String> slow = spawn("slow", () -> {
                try {
                    sleep(1.0);
                    return "done";
                } finally {
                    log.add("slow finally at " + now());
                }
            });
            sleep(0.2);
            assertThat(slow.cancel()).isTrue();
            try {
                await(slow);
                log.add("not cancelled?");
            } catch (CancelledException e) {
                log.add("main got the cancellation at " + now());
            }
            log.add("cancelled: " + slow.isCancelled());
            return null;
        });
        assertThat(log).containsExactly("slow finally at 0.2", "main got the cancellation at 0.2", "cancelled: true");
        assertThat(scheduler.now()).as("the cancelled timer no longer holds the run until 1.0").isEqualTo(0.2);
    }

    @Test
    void aTaskCancelledBeforeItStartsNeverRuns() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> never = spawn("never", () -> log.add("body ran"));
            never.cancel();
            assertThatThrownBy(() -> await(never)).isInstanceOf(CancelledException.class);
            return null;
        });
        assertThat(log).isEmpty();
    }

    @Test
    void aTaskParkedOnAFutureIsCancelledAndTheFutureDoesNotWakeItAgain() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Future<String> f = new Future<>();
            TaskFuture<Object> waiter = spawn("waiter", () -> {
                try {
                    return await(f);
                } catch (CancelledException e) {
                    log.add("waiter cancelled"); // once: the cancelled future must not resume it a second time
                    throw e;
                }
            });
            sleep(0.1);
            waiter.cancel();
            log.add("future cancelled with its task: " + f.isCancelled());
            sleep(0.1);
            log.add("waiter cancelled: " + waiter.isCancelled());
            return null;
        });
        assertThat(log).containsExactly("future cancelled with its task: true", "waiter cancelled", "waiter cancelled: true");
    }

    @Test
    void aTaskThatCancelledItselfCancelsTheFutureItThenAwaits() {
        run(() -> {
            Future<String> f = new Future<>();
            TaskFuture<?>[] self = {null};
            TaskFuture<Object> t = spawn("t", () -> {
                self[0].cancel(); // running: the request waits for its next yield
                return await(f);  // that yield: the future it awaits is cancelled too
            });
            self[0] = t;
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            assertThat(f.isCancelled()).as("the future a task that cancelled itself goes on to await is cancelled").isTrue();
            return null;
        });
    }

    @Test
    void aTaskThatCancelledItselfWaitsForTheTaskItThenAwaitsToUnwind() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<?>[] self = {null};
            TaskFuture<Object> t = spawn("t", () -> {
                TaskFuture<Object> nested = spawn("nested", () -> {
                    try {
                        sleep(10);
                        return null;
                    } catch (CancelledException e) {
                        sleep(0.1); // a cleanup that waits
                        log.add("nested cleaned up at " + now());
                        throw e;
                    }
                });
                sleep(0); // nested starts
                self[0].cancel(); // running: the request waits for its next yield
                return await(nested); // that yield cancels nested, and t waits until nested has ended
            });
            self[0] = t;
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            log.add("t ended at " + now());
            return null;
        });
        assertThat(log).containsExactly("nested cleaned up at 0.1", "t ended at 0.1");
    }

    @Test
    void aTaskMayCatchTheCancellationCleanUpEvenWaitingAndRethrow() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> t = spawn("careful", () -> {
                try {
                    sleep(5.0);
                } catch (CancelledException e) {
                    sleep(0.3); // cleanup may wait: the cancellation was delivered once
                    log.add("cleaned up at " + now());
                    throw e;
                }
                return null;
            });
            sleep(0.1);
            t.cancel();
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            log.add("awaiter resumed at " + now());
            return null;
        });
        assertThat(log).containsExactly("cleaned up at 0.4", "awaiter resumed at 0.4");
    }

    @Test
    void aTaskThatSwallowsTheCancellationEndsNormally() {
        Object result = run(() -> {
            TaskFuture<String> t = spawn("stubborn", () -> {
                try {
                    sleep(1.0);
                } catch (CancelledException ignored) {
                    // swallowed: the task goes on, and ends with a result (do not do this)
                }
                return "finished anyway";
            });
            sleep(0.1);
            t.cancel();
            return await(t) + ", cancelled: " + t.isCancelled();
        });
        assertThat(result).isEqualTo("finished anyway, cancelled: false");
    }

    @Test
    void aComputingTaskGetsTheCancellationOnlyAtItsNextYield() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> busy = spawn("busy", () -> {
                CancellableScheduler.cancelTask(CancellableScheduler.current("test").currentTask().tid());
                log.add("still computing");
                try {
                    sleep(0);
                    log.add("not reached");
                } catch (CancelledException e) {
                    log.add("got it at the yield");
                    throw e;
                }
                return null;
            });
            assertThatThrownBy(() -> await(busy)).isInstanceOf(CancelledException.class);
            return null;
        });
        assertThat(log).containsExactly("still computing", "got it at the yield");
    }

    @Test
    void cancellingAFinishedTaskDoesNothingAndAnUnknownTidIsAnError() {
        run(() -> {
            TaskFuture<Integer> t = spawn("quick", () -> 1);
            assertThat(await(t)).isEqualTo(1);
            assertThat(t.cancel()).isFalse();
            assertThat(t.result()).isEqualTo(1);
            assertThatThrownBy(() -> CancellableScheduler.cancelTask(42))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("42");
            return null;
        });
    }

    @Test
    void cancelledTasksAreNotReportedAsLostFailures() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            run(() -> {
                TaskFuture<Object> t = spawn("victim", () -> {
                    sleep(1.0);
                    return null;
                });
                sleep(0.1);
                t.cancel(); // nobody awaits it
                return null;
            });
        } finally {
            System.setErr(err);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("never retrieved");
    }

    @Test
    void aCancelledLockWaiterLeavesTheQueueAndPassesOnItsWakeUp() {
        List<String> order = new ArrayList<>();
        run(() -> {
            Lock lock = new Lock();
            lock.acquire();
            TaskFuture<Object> b = spawn("B", () -> {
                lock.withLock(() -> order.add("B has it"));
                return null;
            });
            TaskFuture<Object> c = spawn("C", () -> {
                lock.withLock(() -> order.add("C has it"));
                return null;
            });
            TaskFuture<Object> d = spawn("D", () -> {
                lock.withLock(() -> order.add("D has it"));
                return null;
            });
            sleep(0); // B, C, D wait in that order
            lock.release(); // wakes the first waiter, B, which takes the lock when it runs
            b.cancel();     // woken, and cancelled before it ran: it must pass the wake-up on
            c.cancel();     // still waiting: it leaves the queue
            sleep(0.1);
            order.add("locked: " + lock.isLocked());
            order.add("B cancelled: " + b.isCancelled() + ", C cancelled: " + c.isCancelled() + ", D done: " + d.isDone());
            d.cancel(); // if D still waits, end the run anyway, so the check below says why
            return null;
        });
        assertThat(order).as("B was woken and cancelled, C cancelled while waiting: D gets the lock")
                .containsExactly("D has it", "locked: false", "B cancelled: true, C cancelled: true, D done: true");
    }

    @Test
    void aCancelledLockWaiterThatUnwindsBeforeTheReleaseLeavesTheQueue() {
        List<String> order = new ArrayList<>();
        run(() -> {
            Lock lock = new Lock();
            lock.acquire();
            TaskFuture<Object> b = spawn("B", () -> {
                lock.withLock(() -> order.add("B has it"));
                return null;
            });
            TaskFuture<Object> c = spawn("C", () -> {
                lock.withLock(() -> order.add("C has it"));
                return null;
            });
            sleep(0); // B and C wait in that order
            b.cancel();
            sleep(0); // B unwinds now, while the lock is still held
            lock.release();
            sleep(0.1);
            order.add("locked: " + lock.isLocked());
            order.add("B cancelled: " + b.isCancelled() + ", C done: " + c.isDone());
            c.cancel(); // if C still waits (the lock went to B), end the run anyway, so the check below says why
            return null;
        });
        assertThat(order).as("a cancelled lock waiter leaves the queue, so release() wakes the next waiter, not"
                + " the cancelled one").containsExactly("C has it", "locked: false",
                "B cancelled: true, C done: true");
    }

    @Test
    void aCancelledEventWaiterIsForgotten() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Event event = new Event();
            TaskFuture<Object> w1 = spawn("w1", () -> log.add("w1 woke: " + event.await()));
            TaskFuture<Object> w2 = spawn("w2", () -> log.add("w2 woke: " + event.await()));
            sleep(0);
            log.add("waiting: " + event.waiting());
            w1.cancel();
            sleep(0);
            log.add("after w1 was cancelled, waiting: " + event.waiting());
            event.set();
            await(w2);
            log.add("w1 cancelled: " + w1.isCancelled());
            return null;
        });
        assertThat(log).as("the event forgets a waiter whose wait was cancelled")
                .containsExactly("waiting: 2", "after w1 was cancelled, waiting: 1", "w2 woke: true", "w1 cancelled: true");
    }

    @Test
    void aTaskThatCancelsItselfAndReturnsWithoutYieldingEndsCancelled() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<String> t = spawn("quitter", () -> {
                CancellableScheduler.cancelTask(CancellableScheduler.current("test").currentTask().tid());
                return "a value nobody should see"; // no yield after the cancel: asyncio still ends it cancelled
            });
            try {
                log.add("result: " + await(t));
            } catch (CancelledException e) {
                log.add("cancelled: " + t.isCancelled());
            }
            return null;
        });
        assertThat(log).containsExactly("cancelled: true");
    }

    @Test
    void anEagerTaskThatCancelsItsCreatorDuringItsFirstStepCancelsItAtItsNextYield() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<String> creator = spawn("creator", () -> {
                int me = CancellableScheduler.current("test").currentTask().tid();
                // The eager task's first step runs inside this one's: the creator is running, mid-step, beneath it.
                TaskFuture<String> eager = spawnEager("eager", () -> {
                    log.add("eager cancels its creator: " + CancellableScheduler.cancelTask(me, "from the eager task"));
                    return "eager done";
                });
                log.add("the creator goes on computing; eager: " + eager.result());
                Future<String> never = new Future<>();
                try {
                    await(never);
                } catch (CancelledException e) {
                    log.add("creator cancelled at its next yield, at " + now() + ": " + e.getMessage()
                            + "; the future it awaited is cancelled: " + never.isCancelled());
                    throw e;
                }
                return "a value nobody should see";
            });
            try {
                await(creator);
            } catch (CancelledException e) {
                log.add("its awaiter gets the cancellation: " + creator.isCancelled());
            }
            TaskFuture<String> quitter = spawn("quitter", () -> {
                int me = CancellableScheduler.current("test").currentTask().tid();
                spawnEager("eager", () -> CancellableScheduler.cancelTask(me));
                return "a value nobody should see"; // no yield after the eager step's cancel: it ends cancelled
            });
            try {
                log.add("result: " + await(quitter));
            } catch (CancelledException e) {
                log.add("a creator that returns without yielding again ends cancelled: " + quitter.isCancelled());
            }
            return null;
        });
        assertThat(log).containsExactly(
                "eager cancels its creator: true",
                "the creator goes on computing; eager: eager done",
                "creator cancelled at its next yield, at 0.0: from the eager task; the future it awaited is cancelled: true",
                "its awaiter gets the cancellation: true",
                "a creator that returns without yielding again ends cancelled: true");
    }

    @Test
    void aTaskThatCancelsItselfAndThenFailsKeepsItsFailure() {
        Object seen = run(() -> {
            TaskFuture<String> t = spawn("failing", () -> {
                CancellableScheduler.cancelTask(CancellableScheduler.current("test").currentTask().tid());
                throw new IllegalStateException("failed after the cancel");
            });
            try {
                return await(t);
            } catch (IllegalStateException e) {
                return e.getMessage() + ", cancelled: " + t.isCancelled();
            }
        });
        assertThat(seen).isEqualTo("failed after the cancel, cancelled: false");
    }

    @Test
    void theCancellationIsAnErrorSoCatchExceptionDoesNotSwallowIt() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> t = spawn("careless", () -> {
                try {
                    sleep(1.0);
                } catch (Exception e) {
                    log.add("swallowed by catch (Exception e)");
                }
                return null;
            });
            sleep(0.1);
            t.cancel();
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            return null;
        });
        assertThat(log).isEmpty();
    }

    @Test
    void aTaskAwaitingATaskStaysParkedUntilThatTaskHasUnwoundThenGetsItsCancellation() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<String> inner = spawn("inner", () -> {
                try {
                    sleep(5.0);
                    return "done";
                } catch (CancelledException e) {
                    sleep(0.3); // a cleanup that waits: the waiter must not be resumed meanwhile
                    log.add("inner cleaned up at " + now());
                    throw e;
                }
            });
            TaskFuture<String> outer = spawn("outer", () -> {
                try {
                    return await(inner);
                } catch (CancelledException e) {
                    log.add("outer got the cancellation at " + now());
                    throw e;
                }
            });
            sleep(0.1);
            assertThat(outer.cancel()).isTrue();
            assertThatThrownBy(() -> await(outer)).isInstanceOf(CancelledException.class);
            log.add("inner cancelled: " + inner.isCancelled() + ", outer cancelled: " + outer.isCancelled());
            return null;
        });
        assertThat(log).as("the waiting task gets the awaited task's outcome when that task has ended")
                .containsExactly("inner cleaned up at 0.4", "outer got the cancellation at 0.4",
                        "inner cancelled: true, outer cancelled: true");
    }

    @Test
    void aTaskAwaitingATaskThatSwallowsTheCancellationGetsItsValue() {
        Object result = run(() -> {
            TaskFuture<String> inner = spawn("stubborn", () -> {
                try {
                    sleep(5.0);
                } catch (CancelledException ignored) {
                    sleep(0.3); // swallowed, after a cleanup that waits
                }
                return "finished anyway";
            });
            TaskFuture<String> outer = spawn("outer", () -> await(inner) + " at " + now());
            sleep(0.1);
            outer.cancel();
            return await(outer) + ", outer cancelled: " + outer.isCancelled();
        });
        assertThat(result).as("the cancellation went to the awaited task; its outcome is the waiter's")
                .isEqualTo("finished anyway at 0.4, outer cancelled: false");
    }

    @Test
    void aGatherIsCancelledWithTheTaskThatAwaitsItAndCancelsItsChildrenThenWaitsForThem() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Callable<String> child = () -> {
                try {
                    sleep(5.0);
                    return "done";
                } catch (CancelledException e) {
                    sleep(0.2); // a cleanup that waits
                    log.add("child cleaned up at " + now());
                    throw e;
                }
            };
            TaskFuture<List<Object>> gather = Gather.gather(true, child, child);
            TaskFuture<Object> waiter = spawn("waiter", () -> await(gather));
            sleep(0.1);
            waiter.cancel();
            assertThatThrownBy(() -> await(waiter)).isInstanceOf(CancelledException.class);
            log.add("waiter ended at " + now() + ", gather cancelled: " + gather.isCancelled() + ", its exception: "
                    + gather.exception().getClass().getSimpleName());
            return null;
        });
        assertThat(log).as("as asyncio's gather: cancelled through its waiter, it cancels its children and, with"
                + " returnExceptions, fails with a CancelledException when they all have ended (asyncio's gathering"
                + " future is never cancelled itself)").containsExactly("child cleaned up at 0.3",
                "child cleaned up at 0.3", "waiter ended at 0.3, gather cancelled: false, its exception: CancelledException");
    }

    @Test
    void aGatherWithNoChildLeftToCancelRefusesACancelItsWaiterIsCancelledInsteadAndItsOwnCancelCarriesItsMessage() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Future<Object> a = new Future<>();
            TaskFuture<List<Object>> gather = Gather.gather(false, a);
            TaskFuture<Object> waiter = spawn("waiter", () -> await(gather));
            sleep(0); // the gather and its waiter wait
            a.setResult(1); // the gather is woken, and has not ended yet
            log.add("gather.cancel(): " + gather.cancel());
            log.add("waiter.cancel(): " + waiter.cancel());
            log.add("waiter: " + outcome(waiter));
            log.add("gather: " + await(gather) + ", cancelled: " + gather.isCancelled());

            Future<Object> c = new Future<>();
            TaskFuture<List<Object>> third = Gather.gather(false, c);
            TaskFuture<Object> self = spawn("self", () -> {
                c.setResult(3); // the gather is woken, and has not ended: nothing left to cancel
                scheduler.cancel(scheduler.currentTask().tid()); // while running; then it awaits the gather
                return await(third);
            });
            log.add("self: " + outcome(self) + ", third: " + await(third));

            Future<Object> b = new Future<>();
            TaskFuture<List<Object>> second = Gather.gather(true, b, spawn("child", () -> {
                sleep(1);
                return null;
            }));
            sleep(0);
            log.add("second.cancel(\"stop\"): " + second.cancel("stop") + ", b says " + catchThrowable(b::result).getMessage());
            log.add("second says " + catchThrowable(() -> await(second)).getMessage() + " at " + now());
            return null;
        });
        assertThat(log).as("as asyncio's gathering future: cancel() cancels the children, and is refused when none"
                + " is left to cancel").containsExactly("gather.cancel(): false", "waiter.cancel(): true",
                "waiter: CancelledException", "gather: [1], cancelled: false", "self: CancelledException, third: [3]",
                "second.cancel(\"stop\"): true, b says stop", "second says stop at 0.0");
    }

    @Test
    void aGatherIsNotStartedEagerlyAndFailsWithAChildsCancellationWithoutBeingCancelled() {
        List<String> log = new ArrayList<>();
        scheduler = new CancellableScheduler(Clock.virtual());
        scheduler.setEagerTaskFactory(true); // its children start eagerly, the gather itself does not
        scheduler.run("main", () -> {
            Future<Object> cancelled = new Future<>();
            cancelled.cancel();
            TaskFuture<List<Object>> gather = Gather.gather(false, cancelled);
            log.add("done at once: " + gather.isDone());
            log.add("awaited: " + outcome(gather) + ", cancelled: " + gather.isCancelled() + ", exception(): "
                    + gather.exception().getClass().getSimpleName());
            return null;
        });
        assertThat(log).as("asyncio's gathering future: no task, done a turn later, failed with the child's"
                + " CancelledError").containsExactly("done at once: false",
                "awaited: CancelledException, cancelled: false, exception(): CancelledException");
    }

    @Test
    void aGatherCancelledByItsTidBeforeItStartsEndsAtOnceAndCancelsItsChildrenThen() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<String> child = spawn("child", () -> {
                sleep(1.0);
                return "late";
            });
            TaskFuture<List<Object>> gather = Gather.gather(false, child);
            assertThat(scheduler.cancel(gather.tid())).as("by its tid: no cancel through its future").isTrue();
            log.add("gather: " + outcome(gather) + " at " + now());
            log.add("child: " + outcome(child) + " at " + now());
            return null;
        });
        assertThat(log).as("a gather cancelled before its body ran ends at once, and its children are cancelled then")
                .containsExactly("gather: CancelledException at 0.0", "child: CancelledException at 0.0");
    }

    /** How {@code task} ended, awaited: the class of its exception, or its value. */
    static String outcome(TaskFuture<?> task) {
        try {
            return "value " + await(task);
        } catch (Throwable e) {
            return e.getClass().getSimpleName();
        }
    }

    @Test
    void aCancelMessageReachesTheTaskThroughTheTaskItAwaitsAndARunningTaskAtItsNextYield() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> inner = spawn("inner", () -> {
                sleep(10);
                return null;
            });
            TaskFuture<Object> outer = spawn("outer", () -> await(inner));
            sleep(0);
            scheduler.cancel(outer.tid(), "stop, outer");
            try {
                await(outer);
            } catch (CancelledException e) {
                log.add("outer: " + e.getMessage() + ", inner: " + catchThrowable(inner::exception).getMessage());
            }
            TaskFuture<Object> self = spawn("self", () -> {
                CancellableScheduler.cancelTask(scheduler.currentTask().tid(), "stop, self");
                sleep(1);
                return null;
            });
            try {
                await(self);
            } catch (CancelledException e) {
                log.add("self: " + e.getMessage());
            }
            TaskFuture<Object> plain = spawn("plain", () -> {
                sleep(1);
                return null;
            });
            sleep(0);
            plain.cancel();
            sleep(0);
            log.add("plain names its task: " + catchThrowable(plain::exception).getMessage().contains("plain"));

            Future<Object> f = new Future<>();
            TaskFuture<Object> parked = spawn("parked", () -> await(f));
            sleep(0);
            scheduler.cancel(parked.tid(), "stop, parked");
            sleep(0);
            log.add("parked: " + catchThrowable(parked::exception).getMessage() + ", its future: "
                    + catchThrowable(f::exception).getMessage());
            TaskFuture<Object> nested = spawn("nested", () -> {
                sleep(10);
                return null;
            });
            Future<Object> g = new Future<>();
            TaskFuture<Object> running = spawn("running", () -> {
                CancellableScheduler.cancelTask(scheduler.currentTask().tid(), "stop, running");
                return await(nested); // it passes its cancellation on to the task it awaits
            });
            TaskFuture<Object> runningOnAFuture = spawn("running on a future", () -> {
                CancellableScheduler.cancelTask(scheduler.currentTask().tid(), "stop, on a future");
                return await(g);
            });
            log.add("running: " + catchThrowable(() -> await(running)).getMessage() + ", nested: "
                    + catchThrowable(nested::exception).getMessage());
            log.add("running on a future: " + catchThrowable(() -> await(runningOnAFuture)).getMessage()
                    + ", its future: " + catchThrowable(g::exception).getMessage());
            return null;
        });
        assertThat(log).as("asyncio's task.cancel(msg): the CancelledException says msg, also through what the task"
                + " awaits (fut_waiter.cancel(msg))").containsExactly("outer: stop, outer, inner: stop, outer",
                "self: stop, self", "plain names its task: true", "parked: stop, parked, its future: stop, parked",
                "running: stop, running, nested: stop, running",
                "running on a future: stop, on a future, its future: stop, on a future");
    }
}
