package exercises.step3_futures;

import java.util.function.Predicate;
import miniasyncio.Task;

/**
 * The future of a task: "a Task is a Future" (asyncio's {@code Task} subclasses {@code Future}).
 * The kit's {@link Task} is a final class of the core runtime, so instead each task gets one of
 * these, and {@link FutureScheduler#finishTask} completes it with how the task ended.
 *
 * <p>Reading the outcome ({@link #result()} or {@link #exception()}) counts as retrieving it: a
 * failure someone has looked at is not reported as "never retrieved" at the end of the run.
 */
public final class TaskFuture<T> extends Future<T> {

    private final Task task;
    private final FutureScheduler scheduler;
    private boolean cancelled; // the task ended by a CancelledException
    private Predicate<String> beforeCancel; // given for step 5's Gather, see beforeCancel
    private boolean cancellationFails; // given for step 5's Gather, see failWhenCancelled

    public TaskFuture(Task task, FutureScheduler scheduler) {
        this.task = task;
        this.scheduler = scheduler;
    }

    /** The task this future belongs to. */
    public Task task() {
        return task;
    }

    public int tid() {
        return task.tid();
    }

    @Override
    public T result() {
        scheduler.markRetrieved(task.tid());
        return super.result();
    }

    @Override
    public Throwable exception() {
        scheduler.markRetrieved(task.tid());
        return super.exception();
    }

    /**
     * Cancels the <em>task</em> (not just this future): its scheduler delivers a
     * {@link CancelledException} where the task waits, and the future completes when the task
     * has finished unwinding.
     */
    @Override
    public boolean cancel() {
        return accepts(null) && scheduler.cancel(task.tid());
    }

    /** Cancels the task with a message (asyncio's {@code task.cancel(msg)}): the scheduler's {@code cancel(tid, message)}. */
    @Override
    public boolean cancel(String message) {
        return accepts(message) && scheduler.cancel(task.tid(), message);
    }

    /**
     * Given, for step 5's {@code Gather}: {@code decide} is called first by each cancel of this
     * future not done yet, with the cancel's message (or null), and returning false refuses it: the
     * cancel returns false, and the task goes on. asyncio's gathering future cancels its children
     * there, and refuses once none of them could be cancelled.
     */
    public void beforeCancel(Predicate<String> decide) {
        beforeCancel = decide;
    }

    /**
     * Given, for step 5's {@code Gather}: a task that ends by a {@link CancelledException} makes this
     * future fail with it rather than be cancelled: {@link #isCancelled()} is false and
     * {@link #exception()} returns it, as asyncio's gathering future, which a cancel never makes
     * cancelled: it fails with a {@code CancelledError}. Awaiting it throws the exception all the same.
     */
    public void failWhenCancelled() {
        cancellationFails = true;
    }

    private boolean accepts(String message) {
        return beforeCancel == null || isDone() || beforeCancel.test(message);
    }

    /** As {@link Future#setException}, noting first whether the task ended cancelled: the done-callbacks ask. */
    @Override
    public void setException(Throwable error) {
        if (!isDone()) {
            cancelled = error instanceof CancelledException && !cancellationFails;
        }
        super.setException(error);
    }

    /**
     * A task is cancelled when it ended by a {@link CancelledException} (asyncio: a task whose
     * coroutine raises {@code CancelledError} is cancelled), however the exception reached it
     * (unless {@link #failWhenCancelled()}).
     */
    @Override
    public boolean isCancelled() {
        return cancelled && isDone();
    }

    @Override
    public String toString() {
        return "future of " + task;
    }
}
