package exercises.step3_futures;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * Given: the functions of {@link Futures} the kit writes (starting tasks, and waiting for one by
 * its tid), so that {@code Futures.java} holds only what you write. Call them through
 * {@code Futures} ({@code Futures.spawn(...)}): {@code Futures} extends this class, and a static
 * method is called through a subclass as through its own class. A release may change this file;
 * yours is never touched. The rest of the kit names {@code Futures}, never this class.
 */
public abstract class FuturesBase {

    FuturesBase() {
    }

    /** Waits for task {@code tid} and returns its result (or throws its exception): the homework's {@code awaitTask}. */
    @SuppressWarnings("unchecked")
    public static <T> T awaitTask(int tid) {
        return (T) Futures.await(FutureScheduler.current("awaitTask").futureOf(tid));
    }

    /**
     * {@code asyncio.create_task}: starts {@code body} as a new task and returns its future (eagerly,
     * once the scheduler's eager task factory is on: {@link FutureScheduler#setEagerTaskFactory}).
     */
    public static <T> TaskFuture<T> spawn(String name, Callable<T> body) {
        FutureScheduler scheduler = FutureScheduler.current("spawn");
        return futureOf(scheduler, scheduler.eagerTaskFactory()
                ? scheduler.createEagerTask(name, body) : scheduler.createTask(name, body));
    }

    /**
     * {@code asyncio.create_task(coro, context=ctx)}: the task runs in {@code context}, not in a copy
     * of its creator's values: what it sets stays in {@code context}, where its creator (or the next
     * task given it) reads it. The body runs inside {@code context.run}, as asyncio runs each step
     * of such a task in {@code ctx.run}.
     */
    public static <T> TaskFuture<T> spawn(String name, Callable<T> body, miniasyncio.Context context) {
        return spawn(name, () -> context.run(body));
    }

    /** {@code create_task(coro, eager_start=True)}: {@link FutureScheduler#createEagerTask}, returning its future. */
    public static <T> TaskFuture<T> spawnEager(String name, Callable<T> body) {
        FutureScheduler scheduler = FutureScheduler.current("spawnEager");
        return futureOf(scheduler, scheduler.createEagerTask(name, body));
    }

    @SuppressWarnings("unchecked")
    private static <T> TaskFuture<T> futureOf(FutureScheduler scheduler, int tid) {
        return (TaskFuture<T>) (TaskFuture<?>) scheduler.futureOf(tid);
    }

    /** {@code asyncio.gather(coro1, coro2, ...)}: each body becomes a task, then as {@link Futures#gather(Future...)}. */
    public static Future<List<Object>> gather(Callable<?>... bodies) {
        Future<?>[] futures = new Future<?>[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            futures[i] = spawn("gather child " + (i + 1), bodies[i]);
        }
        return Futures.gather(futures);
    }
}
