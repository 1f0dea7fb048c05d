package exercises.step5_cancellation;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.TaskFuture;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The cancellation tests of CPython 3.13's {@code Lib/test/test_asyncio/test_tasks.py},
 * translated on the virtual clock; each keeps the Python test's name. {@code run_briefly} is a
 * {@code sleep(0)} of the main task. White-box checks of {@code _fut_waiter} and
 * {@code _must_cancel} have no counterpart; where the kit differs, the asyncio table at the end of
 * the step's statement (README.md of step5_cancellation) says so.
 */
class CPythonCancellationTest {

    static CancellableScheduler loop;

    static <T> T run(Callable<T> main) {
        loop = new CancellableScheduler(Clock.virtual());
        return loop.run("main", main);
    }

    @Test
    @DisplayName("test_tasks.test_cancel_yield")
    void cancelYield() {
        run(() -> {
            TaskFuture<Integer> t = spawn("task", () -> {
                sleep(0);
                sleep(0);
                return 12;
            });
            sleep(0); // run_briefly: start coro
            t.cancel();
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            assertThat(t.isDone()).isTrue();
            assertThat(t.isCancelled()).isTrue();
            assertThat(t.cancel()).isFalse();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_inner_future")
    void cancelInnerFuture() {
        run(() -> {
            Future<Object> f = new Future<>();
            TaskFuture<Integer> t = spawn("task", () -> {
                await(f);
                return 12;
            });
            sleep(0);
            f.cancel();
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            assertThat(f.isCancelled()).isTrue();
            assertThat(t.isCancelled()).isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_both_task_and_inner_future")
    void cancelBothTaskAndInnerFuture() {
        run(() -> {
            Future<Object> f = new Future<>();
            TaskFuture<Integer> t = spawn("task", () -> {
                await(f);
                return 12;
            });
            sleep(0);
            f.cancel();
            t.cancel();
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            assertThat(t.isDone()).isTrue();
            assertThat(f.isCancelled()).isTrue();
            assertThat(t.isCancelled()).isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_task_catching")
    void cancelTaskCatching() {
        run(() -> {
            Future<Object> fut1 = new Future<>();
            Future<Object> fut2 = new Future<>();
            TaskFuture<Integer> t = spawn("task", () -> {
                await(fut1);
                try {
                    await(fut2);
                } catch (CancelledException e) {
                    return 42;
                }
                return 0;
            });
            sleep(0);
            fut1.setResult(null);
            sleep(0);
            t.cancel();
            assertThat(fut2.isCancelled()).as("the future the task awaits is cancelled with it").isTrue();
            assertThat((int) await(t)).isEqualTo(42);
            assertThat(t.isCancelled()).isFalse();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_task_ignoring")
    void cancelTaskIgnoring() {
        run(() -> {
            Future<Object> fut1 = new Future<>();
            Future<Object> fut2 = new Future<>();
            Future<Integer> fut3 = new Future<>();
            TaskFuture<Integer> t = spawn("task", () -> {
                await(fut1);
                try {
                    await(fut2);
                } catch (CancelledException e) {
                    // ignored
                }
                return await(fut3);
            });
            sleep(0);
            fut1.setResult(null);
            sleep(0);
            t.cancel();
            assertThat(fut2.isCancelled()).as("the future the task awaits is cancelled with it").isTrue();
            sleep(0);
            fut3.setResult(42);
            assertThat((int) await(t)).isEqualTo(42);
            assertThat(fut3.isCancelled()).isFalse();
            assertThat(t.isCancelled()).isFalse();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_current_task")
    void cancelCurrentTask() {
        run(() -> {
            TaskFuture<?>[] self = {null};
            TaskFuture<Integer> t = spawn("task", () -> {
                self[0].cancel();
                sleep(100); // cancelled immediately
                return 12;
            });
            self[0] = t;
            assertThat(t.isCancelled()).isFalse();
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            assertThat(t.isDone()).isTrue();
            assertThat(t.isCancelled()).isTrue();
            assertThat(t.cancel()).isFalse();
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_at_end")
    void cancelAtEnd() {
        run(() -> {
            TaskFuture<?>[] self = {null};
            TaskFuture<Integer> t = spawn("task", () -> {
                self[0].cancel();
                return 12;
            });
            self[0] = t;
            assertThatThrownBy(() -> await(t)).isInstanceOf(CancelledException.class);
            assertThat(t.isCancelled()).isTrue();
            assertThat(t.cancel()).isFalse();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_awaited_task: a task that cancelled itself and then awaits a task cancels that one, and so the future it awaits")
    void cancelAwaitedTask() {
        run(() -> {
            Future<Object> fut = new Future<>();
            TaskFuture<?>[] nested = {null};
            TaskFuture<?>[] self = {null};
            TaskFuture<Object> task = spawn("coro", () -> {
                nested[0] = spawn("nested", () -> await(fut));
                sleep(0);
                self[0].cancel();
                return await(nested[0]); // the nested task is cancelled at once
            });
            self[0] = task;
            assertThatThrownBy(() -> await(task)).isInstanceOf(CancelledException.class);
            assertThat(task.isCancelled()).isTrue();
            assertThat(nested[0].isCancelled()).isTrue();
            assertThat(fut.isCancelled()).as("the future the nested task awaits").isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_task_cancel_waiter_future")
    void taskCancelWaiterFuture() {
        run(() -> {
            Future<Object> fut = new Future<>();
            TaskFuture<Object> task = spawn("coro", () -> await(fut));
            sleep(0); // run_briefly
            task.cancel();
            sleep(0); // run_briefly
            assertThatThrownBy(() -> await(task)).isInstanceOf(CancelledException.class);
            assertThat(fut.isCancelled()).as("the future the task awaited").isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_yield_future_passes_cancel: cancelling outer() cancels inner() cancels waiter")
    void yieldFuturePassesCancel() {
        int[] proof = {0};
        Future<Object> waiter = new Future<>();
        run(() -> {
            TaskFuture<Object> f = spawn("outer", () -> {
                try {
                    // inner(), a coroutine awaited in outer's own task: here a plain method call
                    try {
                        await(waiter);
                    } catch (CancelledException e) {
                        proof[0] += 1;
                        throw e;
                    }
                    throw new AssertionError("got past the wait in inner()");
                } catch (CancelledException e) {
                    proof[0] += 100; // expect this path
                }
                return null;
            });
            sleep(0); // run_briefly
            f.cancel();
            await(f);
            return null;
        });
        assertThat(proof[0]).isEqualTo(101);
        assertThat(waiter.isCancelled()).as("the future inner() awaited").isTrue();
    }

    @Test
    @DisplayName("asyncio Task.cancel(): cancelling a task that awaits another task cancels that task too (its _fut_waiter)")
    void cancellingATaskCancelsTheTaskItAwaits() {
        run(() -> {
            TaskFuture<Object> inner = spawn("nested", () -> {
                sleep(10);
                return null;
            });
            TaskFuture<Object> outer = spawn("coro", () -> await(inner));
            sleep(0);
            outer.cancel();
            assertThatThrownBy(() -> await(outer)).isInstanceOf(CancelledException.class);
            assertThat(inner.isCancelled()).as("the awaited task").isTrue();
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_shield_effect: cancelling outer() does not affect inner()")
    void shieldEffect() {
        int[] proof = {0};
        run(() -> {
            Future<Object> waiter = new Future<>();
            TaskFuture<Object> f = spawn("outer", () -> {
                TaskFuture<Object> inner = spawn("inner", () -> {
                    await(waiter);
                    proof[0] += 1;
                    return null;
                });
                await(CancellableScheduler.shield(inner));
                proof[0] += 100;
                return null;
            });
            sleep(0);
            f.cancel();
            assertThatThrownBy(() -> await(f)).isInstanceOf(CancelledException.class);
            waiter.setResult(null);
            sleep(0);
            return null;
        });
        assertThat(proof[0]).isEqualTo(1);
    }

    @Test
    @DisplayName("test_tasks.test_shield_result")
    void shieldResult() {
        Future<Integer> inner = new Future<>();
        Future<Integer> outer = CancellableScheduler.shield(inner);
        inner.setResult(42);
        assertThat(outer.result()).isEqualTo(42);
    }

    @Test
    @DisplayName("test_tasks.test_shield_exception")
    void shieldException() {
        Future<Integer> inner = new Future<>();
        Future<Integer> outer = CancellableScheduler.shield(inner);
        RuntimeException exc = new RuntimeException("expected");
        inner.setException(exc);
        assertThat(outer.exception()).isSameAs(exc);
    }

    @Test
    @DisplayName("test_tasks.test_shield_cancel")
    void shieldCancel() {
        Future<Integer> inner = new Future<>();
        Future<Integer> outer = CancellableScheduler.shield(inner);
        inner.cancel();
        assertThat(outer.isCancelled()).isTrue();
    }

    @Test
    @DisplayName("test_tasks.test_shield_shortcut")
    void shieldShortcut() {
        int res = run(() -> {
            Future<Integer> fut = new Future<>();
            fut.setResult(42);
            return await(CancellableScheduler.shield(fut));
        });
        assertThat(res).isEqualTo(42);
    }

    @Test
    @DisplayName("test_tasks.test_uncancel_resets_must_cancel")
    void uncancelResetsMustCancel() {
        run(() -> {
            Future<Object> fut = new Future<>();
            TaskFuture<Integer> task = spawn("coro", () -> {
                await(fut);
                return 42;
            });
            sleep(0); // get the task waiting for fut
            fut.setResult(null); // make the task runnable
            assertThat(task.cancel()).isTrue(); // enter the cancelled state
            assertThat(loop.cancelling(task.tid())).isEqualTo(1);
            assertThat(loop.uncancel(task.tid())).isZero(); // undo the cancellation
            assertThat(loop.cancelling(task.tid())).isZero();
            assertThat((int) await(task)).isEqualTo(42);
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_with_message_then_future_result")
    void cancelWithMessageThenFutureResult() {
        run(() -> {
            TaskFuture<Object> task = spawn("sleep", () -> {
                sleep(10);
                return null;
            });
            sleep(0);
            assertThat(loop.cancel(task.tid(), "my message")).isTrue();
            Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> await(task));
            assertThat(thrown).isInstanceOf(CancelledException.class);
            assertThat(thrown.getMessage()).isEqualTo("my message");
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_with_message_then_future_exception")
    void cancelWithMessageThenFutureException() {
        run(() -> {
            TaskFuture<Object> task = spawn("sleep", () -> {
                sleep(10);
                return null;
            });
            sleep(0);
            loop.cancel(task.tid(), "my message");
            sleep(0);
            Throwable raised = org.assertj.core.api.Assertions.catchThrowable(task::exception); // asyncio raises it
            assertThat(raised).isInstanceOf(CancelledException.class);
            assertThat(raised.getMessage()).isEqualTo("my message");
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_with_message_before_starting_task")
    void cancelWithMessageBeforeStartingTask() {
        run(() -> {
            TaskFuture<Object> task = spawn("sleep", () -> {
                sleep(10);
                return null;
            });
            loop.cancel(task.tid(), "my message"); // deliberately no sleep before it
            sleep(0);
            Throwable raised = org.assertj.core.api.Assertions.catchThrowable(task::exception); // asyncio raises it
            assertThat(raised).isInstanceOf(CancelledException.class);
            assertThat(raised.getMessage()).isEqualTo("my message");
            return null;
        });
    }
    @Test
    @DisplayName("test_tasks.test_task_cancel_message_getter: taskFuture.cancel(msg), before the task has started")
    void taskCancelMessageGetter() {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> run(() -> {
            TaskFuture<Object> t = spawn("coro", () -> null);
            assertThat(t.cancel("my message")).isTrue();
            return await(t);
        }));
        assertThat(thrown).isInstanceOf(CancelledException.class);
        assertThat(thrown.getMessage()).isEqualTo("my message");
    }

    /** {@code run_coro} on a loop whose task factory is {@code eager_task_factory} (test_eager_task_factory.py). */
    static <T> T runEager(Callable<T> main) {
        loop = new CancellableScheduler(Clock.virtual());
        loop.setEagerTaskFactory(true);
        return loop.run("main", main);
    }

    @Test
    @DisplayName("test_eager_task_factory.test_cancellation_after_eager_completion")
    void cancellationAfterEagerCompletion() {
        String result = runEager(() -> {
            TaskFuture<String> t = spawn("coro", () -> "finished without blocking");
            assertThat(t.cancel()).isFalse();
            String r = await(t);
            assertThat(t.isCancelled()).as("a finished task can't be cancelled").isFalse();
            return r;
        });
        assertThat(result).isEqualTo("finished without blocking");
    }

    @Test
    @DisplayName("test_eager_task_factory.test_cancellation_after_eager_step_blocks")
    void cancellationAfterEagerStepBlocks() {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> runEager(() -> {
            TaskFuture<String> t = spawn("coro", () -> {
                sleep(0.1);
                return "finished after blocking";
            });
            t.cancel("cancellation message");
            assertThat(loop.cancelling(t.tid())).isGreaterThan(0);
            return await(t);
        }));
        assertThat(thrown).isInstanceOf(CancelledException.class);
        assertThat(thrown.getMessage()).isEqualTo("cancellation message");
        assertThat(loop.now()).as("cancelled where it slept").isEqualTo(0.0);
    }
}
