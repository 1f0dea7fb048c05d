package exercises.step7_taskgroup;

import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.concurrent.Callable;
import miniasyncio.Task;

/**
 * Given: the part of {@link TaskGroup} the kit writes (what a group knows of its loop and parent,
 * and the child with a context), so that {@code TaskGroup.java} holds only what you write, beside
 * its body's type, its constructor and {@code run}, the one way to make a group. A release may change
 * this file; yours is never touched. Only {@link TaskGroup} extends it: the rest of the kit names
 * {@code TaskGroup}.
 */
public abstract class TaskGroupBase {

    /** The loop the group runs on. */
    protected final CancellableScheduler loop;
    /** The task that runs the body: the group's parent. */
    protected final Task parent;

    TaskGroupBase(CancellableScheduler loop, Task parent) {
        this.loop = loop;
        this.parent = parent;
    }

    /** Yours, in {@link TaskGroup}: Python's {@code tg.create_task(coro)}. */
    public abstract <T> TaskFuture<T> createTask(String name, Callable<T> body);

    /**
     * {@code tg.create_task(coro, context=ctx)}: as {@link #createTask(String, Callable)}, and the
     * child runs in {@code context} (see {@code Futures.spawn(name, body, context)}).
     */
    public <T> TaskFuture<T> createTask(String name, Callable<T> body, miniasyncio.Context context) {
        return createTask(name, () -> context.run(body));
    }
}
