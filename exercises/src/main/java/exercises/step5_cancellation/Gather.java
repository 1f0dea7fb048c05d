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
 *       above, but with a {@link CancelledException} with {@code returnExceptions} too (asyncio's
 *       issue 32684). A gather cancelled before its task has started ends so at once, and its
 *       children are cancelled then. As asyncio's gathering future, its future is then not
 *       cancelled but failed: {@code isCancelled()} is false, {@code exception()} returns the
 *       {@link CancelledException}, and awaiting it throws it.</li>
 *   <li>Once no child can be cancelled any more (they have all finished, and the gather has not
 *       yet), its future refuses a cancel, as asyncio's gathering future: {@code cancel()} returns
 *       false and the gather ends with its outcome; a task awaiting it that is cancelled is then
 *       cancelled itself (step 5: the task it awaits refused).</li>
 * </ul>
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
        boolean[] cancelRequested = {false}; // asyncio's _cancel_requested: its children were cancelled for it
        // A task, but started at its turn even with the eager task factory: asyncio's gathering
        // future is no task, and its hooks below must be in place before it can end.
        CancellableScheduler loop = CancellableScheduler.current("Gather.gather");
        @SuppressWarnings("unchecked")
        TaskFuture<List<Object>> gather = (TaskFuture<List<Object>>) (TaskFuture<?>) loop.futureOf(
                loop.createTask("gather", () -> awaitOutcome(outcome, all, cancelRequested)));
        gather.failWhenCancelled(); // asyncio's gathering future fails with CancelledError, never cancelled
        gather.beforeCancel(message -> {
            // asyncio's _GatheringFuture.cancel(msg): cancel the children; accepted if any of them was
            boolean any = cancelChildren(all, message);
            cancelRequested[0] |= any;
            return any;
        });
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

    /**
     * The gather task's body: waits for the outcome, then, if it was cancelled, ends with its
     * {@link CancelledException}. A cancel through its future has cancelled the children already
     * ({@code cancelRequested}); one by its tid alone cancels them here.
     */
    private static List<Object> awaitOutcome(Future<List<Object>> outcome, List<Future<?>> children,
            boolean[] cancelRequested) {
        CancelledException cancelled = null; // ours, once a child was cancelled for it
        while (true) {
            List<Object> results;
            try {
                // Through a shield: cancelling this task cancels what it awaits (step 5), and the
                // outcome, which the children's callbacks complete, must stay theirs to complete.
                results = Futures.await(CancellableScheduler.shield(outcome));
            } catch (CancelledException e) {
                if (outcome.isDone() && failureOf(outcome) == e) {
                    throw e; // a child's cancellation, the gather's outcome
                }
                if (!cancelRequested[0] && !cancelChildren(children, null)) {
                    throw e; // they had all finished: nothing to wait for
                }
                cancelled = e; // wait on for the outcome, then end cancelled
                continue;
            }
            if (cancelled != null) {
                throw cancelled; // cancelled, even with returnExceptions
            }
            return results;
        }
    }

    /** Cancels each child with {@code message} (null: none); true if any was still running and is now cancelled. */
    private static boolean cancelChildren(List<Future<?>> children, String message) {
        boolean any = false;
        for (Future<?> child : children) {
            any |= child.cancel(message);
        }
        return any;
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
