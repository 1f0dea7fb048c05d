package exercises.step3_futures;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.NotImplementedYet;
import miniasyncio.Scheduler;
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
 */
public class FutureScheduler extends Scheduler {

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

    /** Given: whether {@link Futures#spawn} starts its tasks eagerly. */
    private boolean eagerTaskFactory;

    /**
     * Given: asyncio's {@code loop.set_task_factory(asyncio.eager_task_factory)} ({@code true}), and
     * back to the default ({@code false}): from now on {@link Futures#spawn} starts every task as
     * {@link #createEagerTask} does.
     */
    public final void setEagerTaskFactory(boolean eager) {
        eagerTaskFactory = eager;
    }

    /** Given: whether {@link #setEagerTaskFactory} turned eager starts on. */
    public final boolean eagerTaskFactory() {
        return eagerTaskFactory;
    }

    /**
     * Given: asyncio's eager start ({@code Task(coro, eager_start=True)}, what the eager task
     * factory makes). Creates the task as {@link #createTask} does, then runs its body at once,
     * inside the caller's step and before this call returns, until it first waits ({@code await}
     * of a pending future, {@code sleep}) or ends. A task that needs no wait is done when this
     * returns and never waits in {@code ready}; one that waits goes on as any task. Outside a
     * running loop it simply starts at its turn. Saves a turn of the loop for the many tasks that
     * never wait (a cache hit, a check that passes). That first step runs inside its creator's:
     * meanwhile the creator is not the current task, yet still running ({@code task.isRunning()}),
     * which is how step 5's {@code cancel} tells it is cancelled at its next wait.
     */
    public final int createEagerTask(String name, Callable<?> body) {
        int tid = createTask(name, body);
        if (Scheduler.current() == this) { // asyncio starts a task eagerly only in a running loop
            step(ready.pollLast()); // the kernel's step of the task just created (the last in ready), now
        }
        return tid;
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

    /**
     * Cancels task {@code tid}: {@code task.cancel()} ends up here. Plain futures can be
     * cancelled from step 3 on; tasks only from step 5, by {@code CancellableScheduler}.
     */
    public boolean cancel(int tid) {
        throw new UnsupportedOperationException("cancel(" + tid + "): " + getClass().getSimpleName()
                + " cannot cancel tasks; run on a CancellableScheduler (step 5) to cancel them");
    }

    /** Cancels task {@code tid} with a message ({@code task.cancel(msg)}): from step 5 on, as {@link #cancel(int)}. */
    public boolean cancel(int tid, String message) {
        throw new UnsupportedOperationException("cancel(" + tid + ", message): " + getClass().getSimpleName()
                + " cannot cancel tasks; run on a CancellableScheduler (step 5) to cancel them");
    }

    /**
     * As the core's (closes every unfinished task after a failed run), except that a missing
     * exercise method met while closing does not hide the one the run failed on: the first
     * {@link NotImplementedYet} is the method to write first.
     */
    @Override
    protected void closeAll() {
        try {
            super.closeAll();
        } catch (NotImplementedYet alsoMissing) {
            // pendingTasks() is not written yet either; the run's own exception goes on
        }
    }

    /** Marks task {@code tid}'s failure as seen, so the end of the run does not report it. */
    public void markRetrieved(int tid) {
        takeResult(tid);
    }

    /** The running FutureScheduler; {@code caller} names the method for the error outside one. */
    public static FutureScheduler current(String caller) {
        if (Scheduler.current() instanceof FutureScheduler scheduler) {
            return scheduler;
        }
        throw new IllegalStateException(caller + "() needs a running FutureScheduler (or a subclass):"
                + " start the program with new FutureScheduler().run(main)"
                + (Scheduler.current() == null ? "" : ", not a plain Scheduler"));
    }
}
