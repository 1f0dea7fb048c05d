package exercises.step3_futures;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.Context;
import miniasyncio.ContextVar;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The options of asyncio's {@code create_task} that step 3 gives: eager start, from CPython
 * 3.13's {@code Lib/test/test_asyncio/test_eager_task_factory.py} ({@code EagerTaskFactoryLoopTests},
 * the loop's task factory set to {@code eager_task_factory}: here
 * {@link FutureScheduler#setEagerTaskFactory}), and {@code context=}, from
 * {@code test_tasks.py}; each keeps the Python test's name. The two cancellation tests of
 * {@code test_eager_task_factory.py} need step 5: they are in {@code CPythonCancellationTest}.
 * {@code all_tasks()} has no counterpart here (its two tests are left out).
 */
class CPythonCreateTaskTest {

    static FutureScheduler loop;

    /** {@code run_coro} with the eager task factory set, as the Python tests' {@code setUp}. */
    static <T> T runEager(Callable<T> main) {
        loop = new FutureScheduler(Clock.virtual());
        loop.setEagerTaskFactory(true);
        return loop.run("main", main);
    }

    @Test
    @DisplayName("test_eager_task_factory.test_eager_task_factory_set")
    void eagerTaskFactorySet() {
        runEager(() -> {
            assertThat(loop.eagerTaskFactory()).isTrue();
            TaskFuture<Object> t = spawn("noop", () -> null);
            assertThat(t).isInstanceOf(TaskFuture.class);
            return await(t);
        });
    }

    @Test
    @DisplayName("test_eager_task_factory.test_await_future_during_eager_step")
    void awaitFutureDuringEagerStep() {
        String result = runEager(() -> {
            Future<String> fut = new Future<>();
            TaskFuture<Object> t = spawn("set_result", () -> {
                fut.setResult("my message");
                return null;
            });
            assertThat(t.isDone()).as("the eager step completed the task").isTrue();
            return await(fut);
        });
        assertThat(result).isEqualTo("my message");
    }

    @Test
    @DisplayName("test_eager_task_factory.test_eager_completion")
    void eagerCompletion() {
        String result = runEager(() -> {
            TaskFuture<String> t = spawn("coro", () -> "hello");
            assertThat(t.isDone()).as("the eager step completed the task").isTrue();
            assertThat(loop.view().pendingTasks()).as("never scheduled: it never waited in ready").isEmpty();
            return await(t);
        });
        assertThat(result).isEqualTo("hello");
    }

    @Test
    @DisplayName("test_eager_task_factory.test_block_after_eager_step")
    void blockAfterEagerStep() {
        String result = runEager(() -> {
            TaskFuture<String> t = spawn("coro", () -> {
                sleep(0.1);
                return "finished after blocking";
            });
            assertThat(t.isDone()).isFalse();
            String r = await(t);
            assertThat(t.isDone()).isTrue();
            return r;
        });
        assertThat(result).isEqualTo("finished after blocking");
    }

    @Test
    @DisplayName("test_eager_task_factory.test_current_task")
    void currentTask() {
        Task[] captured = {null};
        runEager(() -> {
            TaskFuture<Object> t = spawn("coro", () -> {
                captured[0] = Scheduler.current().currentTask();
                sleep(0.1); // the task before and after blocking is the same
                assertThat(Scheduler.current().currentTask()).isSameAs(captured[0]);
                return null;
            });
            assertThat(captured[0]).isSameAs(t.task());
            return await(t);
        });
    }

    @Test
    @DisplayName("test_eager_task_factory.test_context_vars")
    void contextVars() {
        ContextVar<Integer> cv = new ContextVar<>("cv", 0);
        boolean[] stepRan = {false, false};
        runEager(() -> {
            cv.set(1);
            TaskFuture<Object> t = spawn("coro", () -> {
                assertThat(cv.get()).isEqualTo(1);
                cv.set(2);
                assertThat(cv.get()).isEqualTo(2);
                stepRan[0] = true;
                sleep(0.1);
                assertThat(cv.get()).isEqualTo(2);
                cv.set(3);
                assertThat(cv.get()).isEqualTo(3);
                stepRan[1] = true;
                return null;
            });
            assertThat(stepRan[0]).isTrue();
            assertThat(stepRan[1]).isFalse();
            assertThat(cv.get()).isEqualTo(1);
            await(t);
            assertThat(stepRan[1]).isTrue();
            assertThat(cv.get()).isEqualTo(1);
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_context_5: create_task(coro, context=ctx) runs the task in ctx")
    void context5() {
        ContextVar<Integer> cvar = new ContextVar<>("cvar");
        List<Integer> ret = new FutureScheduler(Clock.virtual()).run(() -> {
            List<Integer> seen = new ArrayList<>();
            Context ctx = Context.copyContext();
            seen.add(ctx.get(cvar));
            TaskFuture<Object> t1 = spawn("coro(1)", () -> coro(cvar, 1), ctx);
            await(t1);
            seen.add(ctx.get(cvar));
            TaskFuture<Object> t2 = spawn("coro(2)", () -> coro(cvar, 2), ctx);
            await(t2);
            seen.add(ctx.get(cvar));
            return seen;
        });
        assertThat(ret).containsExactly(null, 1, 2);
    }

    static Object coro(ContextVar<Integer> cvar, int val) {
        sleep(0);
        cvar.set(val);
        return null;
    }
}
