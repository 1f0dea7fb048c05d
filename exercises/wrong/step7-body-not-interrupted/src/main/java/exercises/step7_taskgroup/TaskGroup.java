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
 *       children, and the parent too if it is still in the body; it waits for all of them to
 *       finish, then throws one {@link TaskGroupException} carrying every failure.</li>
 *   <li>If the body itself throws, the same happens, with that exception among the failures.</li>
 *   <li>If the parent is cancelled from outside, the children are cancelled, waited for, and the
 *       parent's {@link CancelledException} comes out.</li>
 * </ul>
 */
public final class TaskGroup {

    /** The body of the group: Python's {@code async with} block. */
    @FunctionalInterface
    public interface Body<T> {
        T run(TaskGroup tg) throws Exception;
    }

    private final CancellableScheduler loop;
    private final Task parent;

    private TaskGroup(CancellableScheduler loop, Task parent) {
        this.loop = loop;
        this.parent = parent;
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
    private final List<Throwable> errors = new ArrayList<>();
    private boolean exiting;              // the body has ended: the parent waits for the children
    private boolean finished;             // run() has returned or thrown
    private boolean aborting;             // a failure happened: the children were cancelled
    private boolean parentCancelledByUs;  // we cancelled the parent to interrupt its body

    private void onChildDone(Future<?> child) {
        Throwable error = child.exception(); // reading it marks the failure as retrieved
        if (error == null || error instanceof CancelledException) {
            return; // a result, or a child cancelled (by us or anyone): not a failure of the group
        }
        errors.add(error);
        abort();
        if (false && !exiting && !parentCancelledByUs) {

            parentCancelledByUs = true; // interrupt the body wherever it waits
            loop.cancel(parent.tid());
        }
    }

    private void abort() {
        if (aborting) {
            return;
        }
        aborting = true;
        for (TaskFuture<?> child : List.copyOf(children)) {
            child.cancel(); // does nothing for a child that has finished
        }
    }
    // END SOLUTION

    /**
     * Python's {@code tg.create_task(coro)}: starts {@code body} as a child task of this group.
     *
     * @throws IllegalStateException once the group has finished, or is shutting down after a failure
     */
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
        CancelledException external = null; // a cancellation of the parent that did not come from us
        try {
            value = body.run(this);
        } catch (CancelledException e) {
            if (!parentCancelledByUs) {
                external = e;
                abort();
            }
            // else: we interrupted the body ourselves after a child failed; the failure is in errors
        } catch (Throwable e) {
            errors.add(e);
            abort();
        }
        exiting = true;
        // Wait for every child, whatever happened. Index loop: children may still add children.
        for (int i = 0; i < children.size(); i++) {
            TaskFuture<?> child = children.get(i);
            while (!child.isDone()) {
                try {
                    Futures.await(child);
                } catch (Throwable e) {
                    if (!child.isDone() && e instanceof CancelledException cancelled) {
                        external = cancelled; // the parent was cancelled while waiting: cancel the rest, keep waiting
                        abort();
                    }
                    // else: the child's own outcome; onChildDone has dealt with it
                }
            }
        }
        finished = true;
        if (!errors.isEmpty()) {
            throw new TaskGroupException(errors);
        }
        if (external != null) {
            throw external;
        }
        return value;
        // END SOLUTION
    }
}
