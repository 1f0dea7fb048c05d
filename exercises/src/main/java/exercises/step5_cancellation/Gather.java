package exercises.step5_cancellation;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import exercises.step3_futures.TaskFuture;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * asyncio's {@code gather(*aws, return_exceptions=...)} with its cancellation. Given: nothing to
 * write here, it is built on steps 3 and 5 only. Step 3's {@code Futures.gather} is a plain
 * future of the results, which cancels nothing; this one is a <em>task</em> that waits for the
 * results, so that cancelling it, or cancelling a task that awaits it (step 5: a task awaiting
 * a task cancels that task), cancels every child that has not finished.
 *
 * <ul>
 *   <li>Without {@code returnExceptions}: the results in argument order, or the first failure (a
 *       child's cancellation included), as soon as it happens; the other children go on.</li>
 *   <li>With {@code returnExceptions}: when every child has finished, their results in order,
 *       each failure in its child's place.</li>
 *   <li>Cancelled: the children that have not finished are cancelled, and the gather ends as
 *       above, but cancelled with {@code returnExceptions} too (asyncio's issue 32684). A gather
 *       cancelled before its task has started ends cancelled at once, and its children are
 *       cancelled then.</li>
 * </ul>
 *
 * <p>One difference: asyncio's gathering future refuses a cancel once every child has finished
 * ({@code cancel()} is false, its waiter is cancelled instead); this gather is a task, which a
 * cancel that returned true ends cancelled.
 */
public final class Gather {

    private Gather() {
    }

    /** {@code asyncio.gather(*children, return_exceptions=returnExceptions)}. */
    public static TaskFuture<List<Object>> gather(boolean returnExceptions, Future<?>... children) {
        List<Future<?>> all = List.of(children);
        Future<List<Object>> outcome = new Future<>(); // completed by the children's callbacks
        int[] finished = {0};
        for (Future<?> child : all) {
            child.addDoneCallback(done -> {
                finished[0]++;
                Throwable error = failureOf(done); // reading it marks a task's failure as retrieved
                if (outcome.isDone()) {
                    return;
                }
                if (error != null && !returnExceptions) {
                    outcome.setException(error); // the first failure, at once
                } else if (finished[0] == all.size()) {
                    outcome.setResult(outcomes(all));
                }
            });
        }
        if (all.isEmpty()) {
            outcome.setResult(List.of());
        }
        TaskFuture<List<Object>> gather = Futures.spawn("gather", () -> awaitOutcome(outcome, all));
        gather.addDoneCallback(done -> {
            if (!outcome.isDone()) {
                all.forEach(Future::cancel); // cancelled before its body ran: nobody else will cancel them
            }
        });
        return gather;
    }

    /** {@code asyncio.gather(coro1, coro2, ..., return_exceptions=...)}: each body becomes a task, then as above. */
    public static TaskFuture<List<Object>> gather(boolean returnExceptions, Callable<?>... bodies) {
        Future<?>[] children = new Future<?>[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            children[i] = Futures.spawn("gather child " + (i + 1), bodies[i]);
        }
        return gather(returnExceptions, children);
    }

    /** The gather task's body: waits for the outcome; cancelled, it cancels the children first. */
    private static List<Object> awaitOutcome(Future<List<Object>> outcome, List<Future<?>> children) {
        CancelledException cancelled = null; // ours, once a child was cancelled for it
        while (true) {
            try {
                // Through a shield: cancelling this task cancels what it awaits (step 5), and the
                // outcome, which the children's callbacks complete, must stay theirs to complete.
                List<Object> results = Futures.await(CancellableScheduler.shield(outcome));
                if (cancelled != null) {
                    throw cancelled; // cancelled, even with returnExceptions
                }
                return results;
            } catch (CancelledException e) {
                if (outcome.isDone() && failureOf(outcome) == e) {
                    throw e; // a child's cancellation, the gather's outcome
                }
                boolean any = false;
                for (Future<?> child : children) {
                    any |= child.cancel();
                }
                if (!any) {
                    throw e; // they had all finished: nothing to wait for
                }
                cancelled = e; // wait on for the outcome, then end cancelled
            }
        }
    }

    /** The exception {@code done} ended with, a cancellation too (which {@code exception()} raises, as asyncio's). */
    private static Throwable failureOf(Future<?> done) {
        try {
            return done.exception();
        } catch (CancelledException cancelled) {
            return cancelled;
        }
    }

    /** Each child's result or exception, in order. */
    private static List<Object> outcomes(List<Future<?>> children) {
        Object[] results = new Object[children.size()];
        for (int i = 0; i < results.length; i++) {
            Throwable error = failureOf(children.get(i));
            results[i] = error != null ? error : children.get(i).result();
        }
        return Arrays.asList(results);
    }
}
