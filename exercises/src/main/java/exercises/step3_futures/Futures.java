package exercises.step3_futures;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Scheduler;

/** The functions a task calls to wait: {@code await}, {@code awaitTask}, {@code gather}. */
public final class Futures {

    private Futures() {
    }

    /**
     * Python's {@code await future}: returns the future's result, or throws its exception. A
     * pending future parks the task (syscall {@link AwaitFuture}) until it is done. A future that
     * is already done returns at once <em>without yielding</em>, as in asyncio: awaiting a done
     * future is not a switch point.
     */
    public static <T> T await(Future<T> future) {
        // BEGIN SOLUTION
        if (!future.isDone()) {
            Scheduler.syscall("await", new AwaitFuture(future)); // parked until the future is done
        }
        return future.result();
        // END SOLUTION
    }

    /** Waits for task {@code tid} and returns its result (or throws its exception): the homework's {@code awaitTask}. */
    @SuppressWarnings("unchecked")
    public static <T> T awaitTask(int tid) {
        return (T) await(FutureScheduler.current("awaitTask").futureOf(tid));
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
     * Given: {@code asyncio.create_task(coro, context=ctx)}: the task runs in {@code context}, not in
     * a copy of its creator's values: what it sets stays in {@code context}, where its creator (or
     * the next task given it) reads it. The body runs inside {@code context.run}, as asyncio runs
     * each step of such a task in {@code ctx.run}.
     */
    public static <T> TaskFuture<T> spawn(String name, Callable<T> body, miniasyncio.Context context) {
        return spawn(name, () -> context.run(body));
    }

    /** Given: {@code create_task(coro, eager_start=True)}: {@link FutureScheduler#createEagerTask}, returning its future. */
    public static <T> TaskFuture<T> spawnEager(String name, Callable<T> body) {
        FutureScheduler scheduler = FutureScheduler.current("spawnEager");
        return futureOf(scheduler, scheduler.createEagerTask(name, body));
    }

    @SuppressWarnings("unchecked")
    private static <T> TaskFuture<T> futureOf(FutureScheduler scheduler, int tid) {
        return (TaskFuture<T>) (TaskFuture<?>) scheduler.futureOf(tid);
    }

    /**
     * {@code asyncio.gather(*futures)} as a {@link Future}: done when all the given futures are,
     * with their results <em>in argument order</em>; or, at the first failure, done with that
     * exception. The other futures are not cancelled: they go on, and can still be awaited.
     */
    public static Future<List<Object>> gather(Future<?>... futures) {
        // BEGIN SOLUTION
        Future<List<Object>> outer = new Future<>();
        Object[] results = new Object[futures.length];
        int[] remaining = {futures.length};
        if (futures.length == 0) {
            outer.setResult(List.of());
        }
        for (int i = 0; i < futures.length; i++) {
            int index = i;
            futures[i].addDoneCallback(child -> {
                Throwable error = failureOf(child); // reading it marks a task's failure as retrieved
                if (outer.isDone()) {
                    return; // an earlier child failed: the first error wins
                }
                if (error != null) {
                    outer.setException(error);
                    return;
                }
                results[index] = child.result();
                if (--remaining[0] == 0) {
                    outer.setResult(Arrays.asList(results));
                }
            });
        }
        return outer;
        // END SOLUTION
    }

    // BEGIN SOLUTION MEMBERS
    /** The exception {@code done} ended with, a cancellation too (which {@code exception()} raises). */
    private static Throwable failureOf(Future<?> done) {
        try {
            return done.exception();
        } catch (CancelledException cancelled) {
            return cancelled;
        }
    }
    // END SOLUTION

    /** {@code asyncio.gather(coro1, coro2, ...)}: each body becomes a task, then as above. */
    public static Future<List<Object>> gather(Callable<?>... bodies) {
        Future<?>[] futures = new Future<?>[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            futures[i] = spawn("gather child " + (i + 1), bodies[i]);
        }
        return gather(futures);
    }
}
