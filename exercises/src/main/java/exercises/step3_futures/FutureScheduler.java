package exercises.step3_futures;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * Step 3: the lecture's Scheduler plus one syscall, {@link AwaitFuture}. Every task gets a
 * {@link TaskFuture} that {@link #finishTask} completes, so "wait for task 3" is "wait for the
 * future of task 3": the homework's {@code AwaitTask} becomes one case of waiting for a future.
 *
 * <p>A task that waits is <em>parked</em>: it is in neither {@code ready} nor {@code sleeping},
 * but in this class's own table of waiting tasks, and the future's done-callback moves it back
 * to {@code ready}. A parked task still counts as work ({@link #hasWork}): if nothing is ready,
 * nothing sleeps and tasks are still parked, no event can ever wake them, and the run ends in a
 * {@link miniasyncio.DeadlockException} that names them, instead of returning and leaving them
 * suspended forever (their {@code finally} blocks would never run).
 *
 * <p>Given, in {@link FutureSchedulerBase}: the eager start ({@link #createEagerTask},
 * {@link #setEagerTaskFactory}), {@link #cancel(int)} for step 5, {@link #markRetrieved} and
 * {@link #current(String)}.
 */
public class FutureScheduler extends FutureSchedulerBase {

    public FutureScheduler() {
        super();
    }

    public FutureScheduler(Clock clock) {
        super(clock);
    }

    // BEGIN SOLUTION MEMBERS
    /** tid -> the task's future, for every task this scheduler made. */
    private final Map<Integer, TaskFuture<Object>> futures = new HashMap<>();
    /** Parked tasks and the future each one waits for, in the order they parked. */
    private final Map<Task, Future<?>> waiting = new LinkedHashMap<>();
    // END SOLUTION

    /** As the core's, and the new task gets its {@link TaskFuture}. */
    @Override
    public int createTask(String name, Callable<?> body) {
        int tid = super.createTask(name, body);
        // BEGIN SOLUTION
        Task task = ready.peekLast(); // super.createTask appended the new task to ready
        futures.put(tid, new TaskFuture<>(task, this));
        return tid;
        // END SOLUTION
    }

    /**
     * The future of task {@code tid}.
     *
     * @throws IllegalArgumentException if this scheduler made no task {@code tid}
     */
    public TaskFuture<Object> futureOf(int tid) {
        // BEGIN SOLUTION
        TaskFuture<Object> future = futures.get(tid);
        if (future == null) {
            throw new IllegalArgumentException("no task with tid " + tid + " in this scheduler (tids 1.."
                    + nextId + " exist)");
        }
        return future;
        // END SOLUTION
    }

    /** Records the outcome (as the core does), then completes the task's future with it. */
    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
        super.finishTask(task, outcome);
        // BEGIN SOLUTION
        TaskFuture<Object> future = futures.get(task.tid());
        switch (outcome) {
            case Step.Returned(Object value) -> future.setResult(value);
            case Step.Failed(Throwable exception) -> future.setException(exception);
        }
        // END SOLUTION
    }

    /**
     * {@link AwaitFuture}: a done future resumes the task at once (to the back of {@code ready});
     * a pending one parks it until the future's done-callback makes it ready. Other syscalls go to
     * the core.
     */
    @Override
    protected void handleSyscall(Task task, Object syscall) {
        // BEGIN SOLUTION
        if (syscall instanceof AwaitFuture(Future<?> future)) {
            if (future.isDone()) {
                schedule(task, null);
                return;
            }
            waiting.put(task, future);
            // remove(task, future) is false if the task was taken out meanwhile (cancelled, step 5):
            // then the callback must not wake it a second time.
            future.addDoneCallback(done -> {
                if (waiting.remove(task, done)) {
                    schedule(task, null); // Futures.await then reads the result from the future
                }
            });
            return;
        }
        super.handleSyscall(task, syscall);
        // END SOLUTION
    }

    /**
     * Takes {@code task} out of the waiting table, so its future will no longer wake it; a task
     * not parked here may wait in the core (in {@code toThread}): {@code super.unpark} takes it out.
     * (Step 5 uses it to cancel a parked task.)
     *
     * @return true if the task was parked
     */
    @Override
    protected boolean unpark(Task task) {
        // BEGIN SOLUTION
        return waiting.remove(task) != null || super.unpark(task);
        // END SOLUTION
    }

    /** Ready, sleeping, or parked on a future: anything left that may still run. */
    @Override
    protected boolean hasWork() {
        // BEGIN SOLUTION
        return super.hasWork() || !waiting.isEmpty();
        // END SOLUTION
    }

    /** The core's pending tasks plus the parked ones (for deadlock messages and closing). */
    @Override
    protected List<Task> pendingTasks() {
        // BEGIN SOLUTION
        List<Task> pending = super.pendingTasks();
        pending.addAll(waiting.keySet());
        return pending;
        // END SOLUTION
    }
}
