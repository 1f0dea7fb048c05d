package exercises.step3_futures;

import java.util.Arrays;
import java.util.List;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Scheduler;

/**
 * The functions a task calls to wait: {@code await}, {@code gather}. Given, in {@link FuturesBase}
 * and called as these ({@code Futures.spawn}): {@code spawn}, {@code spawnEager},
 * {@code awaitTask} and {@code gather} of bodies.
 */
public final class Futures extends FuturesBase {

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
}
