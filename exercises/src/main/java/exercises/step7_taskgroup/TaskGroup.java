package exercises.step7_taskgroup;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Task;

/**
 * Step 7: asyncio's {@code TaskGroup}, structured concurrency. Child tasks end before the block
 * that started them does:
 *
 * <pre>{@code
 * TaskGroup.run(tg -> {                         // async with asyncio.TaskGroup() as tg:
 *     tg.createTask("A", () -> worker("A", 0.1));   //     tg.create_task(worker("A", 0.1))
 *     tg.createTask("B", () -> worker("B", 0.2));
 *     return null;
 * });                                           // waits here for A and B
 * }</pre>
 *
 * <ul>
 *   <li>{@code run} returns only when every child has finished.</li>
 *   <li>When a child fails (with anything but a cancellation), the group cancels the other
 *       children, and the parent too, wherever it waits (in the body, or in {@code run}'s wait
 *       for the children, as asyncio 3.13); it waits for all of them to
 *       finish, then throws one {@link TaskGroupException} carrying every failure.</li>
 *   <li>If the body itself throws, the same happens, with that exception among the failures.</li>
 *   <li>If the parent is cancelled from outside, the children are cancelled, waited for, and the
 *       parent's {@link CancelledException} comes out.</li>
 * </ul>
 *
 * <p>Given, in {@link TaskGroupBase}: {@code loop}, {@code parent} and
 * {@code createTask(name, body, context)}.
 */
public final class TaskGroup extends TaskGroupBase {

    /** The body of the group: Python's {@code async with} block. */
    @FunctionalInterface
    public interface Body<T> {
        T run(TaskGroup tg) throws Exception;
    }

    private TaskGroup(CancellableScheduler loop, Task parent) {
        super(loop, parent);
    }

    /**
     * Runs {@code body} with a new group, then waits for all its children.
     *
     * @return what {@code body} returned
     * @throws TaskGroupException if any child (or the body) failed
     */
    public static <T> T run(Body<T> body) {
        CancellableScheduler loop = CancellableScheduler.current("TaskGroup.run");
        return new TaskGroup(loop, loop.currentTask()).scope(body);
    }

    // BEGIN SOLUTION MEMBERS
    private final List<TaskFuture<?>> children = new ArrayList<>();
    private final List<TaskFuture<?>> running = new ArrayList<>(); // children not finished yet, in order
    private final List<Throwable> errors = new ArrayList<>();
    private boolean exiting;              // the body has ended: the parent waits for the children
    private boolean finished;             // run() has returned or thrown
    private boolean aborting;             // the children were cancelled (a failure, or the parent was)
    private boolean parentCancelRequested; // we cancelled the parent, once: we must take it back
    private Future<Void> allDone;         // what the parent waits on while children run

    private void onChildDone(Future<?> child) {
        running.remove(child);
        if (allDone != null && running.isEmpty() && !allDone.isDone()) {
            allDone.setResult(null);
        }
        if (child.isCancelled()) {
            return; // a child cancelled (by us or anyone): not a failure of the group
        }
        Throwable error = child.exception(); // reading it marks the failure as retrieved
        if (error == null) {
            return; // a result
        }
        errors.add(error);
        if (!aborting && !parentCancelRequested) {
            // Interrupt the parent wherever it waits, in the body or below it; counted, so that
            // at the end we can tell whether anyone else cancelled it too (asyncio: uncancel()).
            abort();
            parentCancelRequested = true;
            loop.cancel(parent.tid());
        }
    }

    private void abort() {
        aborting = true;
        for (TaskFuture<?> child : List.copyOf(running)) {
            child.cancel();
        }
    }
    // END SOLUTION

    /**
     * Python's {@code tg.create_task(coro)}: starts {@code body} as a child task of this group.
     *
     * @throws IllegalStateException once the group has finished, or is shutting down after a failure
     */
    @Override
    public <T> TaskFuture<T> createTask(String name, Callable<T> body) {
        // BEGIN SOLUTION
        if (finished) {
            throw new IllegalStateException("createTask(" + name + ") on a TaskGroup that has finished:"
                    + " create tasks inside its run() body, or from its children");
        }
        if (aborting) {
            throw new IllegalStateException("createTask(" + name + ") on a TaskGroup that is shutting down"
                    + " after a failure: no new tasks are started");
        }
        TaskFuture<T> child = Futures.spawn(name, body);
        children.add(child);
        running.add(child);
        child.addDoneCallback(this::onChildDone);
        return child;
        // END SOLUTION
    }

    /** The children so far, in the order they were created. */
    public List<TaskFuture<?>> tasks() {
        // BEGIN SOLUTION
        return List.copyOf(children);
        // END SOLUTION
    }

    /** {@code __aenter__}, the body, then {@code __aexit__}: see the class comment. */
    private <T> T scope(Body<T> body) {
        // BEGIN SOLUTION
        T value = null;
        CancelledException propagate = null; // the parent's own cancellation, if it came out of a wait
        try {
            value = body.run(this);
        } catch (CancelledException e) {
            propagate = e;
            if (!aborting) {
                abort(); // the parent was cancelled in the body: cancel the children
            }
        } catch (Throwable e) {
            errors.add(e);
            if (!aborting) {
                abort();
            }
        }
        exiting = true;
        // Wait for every child, whatever happened; children may still add children meanwhile.
        // The parent waits on a future of its own, so that what it gets is its own cancellation
        // only, never a child's outcome.
        while (!running.isEmpty()) {
            allDone = new Future<>();
            try {
                Futures.await(allDone);
            } catch (CancelledException e) {
                if (!aborting) {
                    propagate = e; // the parent was cancelled from outside while waiting
                    abort();
                }
            }
            allDone = null;
        }
        finished = true;
        if (parentCancelRequested && loop.uncancel(parent.tid()) == 0) {
            propagate = null; // the only cancellation was ours: it is handled here
        }
        if (!errors.isEmpty()) {
            // Errors take priority over a cancellation. But if the parent was also cancelled from
            // outside, that request must not be lost: renew it, and the parent gets it at its
            // next wait (asyncio: uncancel() and cancel() again, the count stays the same).
            if (loop.cancelling(parent.tid()) > 0) {
                loop.uncancel(parent.tid());
                loop.cancel(parent.tid());
            }
            throw new TaskGroupException(errors);
        }
        if (propagate != null) {
            throw propagate;
        }
        return value;
        // END SOLUTION
    }
}
