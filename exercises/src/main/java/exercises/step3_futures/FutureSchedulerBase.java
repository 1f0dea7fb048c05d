package exercises.step3_futures;

import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.NotImplementedYet;
import miniasyncio.Scheduler;

/**
 * Given: the part of {@link FutureScheduler} the kit writes (the eager start of asyncio's
 * {@code create_task}, the task cancels that step 5 fills in, and a few helpers), so that
 * {@code FutureScheduler.java} holds only what you write. A release may change this file; yours is
 * never touched. Only {@link FutureScheduler} extends it: the rest of the kit names
 * {@code FutureScheduler}, never this class.
 */
public abstract class FutureSchedulerBase extends Scheduler {

    private boolean eagerTaskFactory; // whether Futures.spawn starts its tasks eagerly

    FutureSchedulerBase() {
        super();
    }

    FutureSchedulerBase(Clock clock) {
        super(clock);
    }

    /**
     * asyncio's {@code loop.set_task_factory(asyncio.eager_task_factory)} ({@code true}), and back
     * to the default ({@code false}): from now on {@link Futures#spawn} starts every task as
     * {@link #createEagerTask} does.
     */
    public final void setEagerTaskFactory(boolean eager) {
        eagerTaskFactory = eager;
    }

    /** Whether {@link #setEagerTaskFactory} turned eager starts on. */
    public final boolean eagerTaskFactory() {
        return eagerTaskFactory;
    }

    /**
     * asyncio's eager start ({@code Task(coro, eager_start=True)}, what the eager task factory
     * makes). Creates the task as {@link #createTask} does, then runs its body at once, inside the
     * caller's step and before this call returns, until it first waits ({@code await} of a pending
     * future, {@code sleep}) or ends. A task that needs no wait is done when this returns and never
     * waits in {@code ready}; one that waits goes on as any task. Outside a running loop it simply
     * starts at its turn. Saves a turn of the loop for the many tasks that never wait (a cache hit,
     * a check that passes). That first step runs inside its creator's: meanwhile the creator is not
     * the current task, yet still running ({@code task.isRunning()}), which is how step 5's
     * {@code cancel} tells it is cancelled at its next wait.
     */
    public final int createEagerTask(String name, Callable<?> body) {
        int tid = createTask(name, body);
        if (Scheduler.current() == this) { // asyncio starts a task eagerly only in a running loop
            step(ready.pollLast()); // the kernel's step of the task just created (the last in ready), now
        }
        return tid;
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
