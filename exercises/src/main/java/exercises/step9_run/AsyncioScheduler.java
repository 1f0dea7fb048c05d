package exercises.step9_run;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Task;

/**
 * Step 9: {@code asyncio.run} semantics. The lecture's {@code run(main)} (still here, inherited)
 * waits for <em>all</em> tasks. {@link #runUntilComplete} returns when <em>main</em> finishes:
 * the tasks still running then are cancelled (each once; their {@code finally} blocks run, and
 * the loop runs until they have finished), and main's result is returned (or its exception
 * thrown).
 *
 * <p>The hook is {@link #hasWork()}: the core loop asks it before every iteration. Once main is
 * done, the only work left is the cancellation of the rest.
 *
 * <p>Given, in {@link EventLoop}: {@code asyncioRun} ({@code asyncio.run}, on your
 * {@code runUntilComplete}), and what {@link Runner} runs on.
 */
public class AsyncioScheduler extends EventLoop {

    public AsyncioScheduler() {
        super();
    }

    public AsyncioScheduler(Clock clock) {
        super(clock);
    }

    // BEGIN SOLUTION MEMBERS
    private int mainTid = -1;                        // -1: plain run(), the lecture's semantics
    private final Set<Integer> cancelledAtExit = new HashSet<>();
    private int lastTurns = -1;                      // -1: main has not ended yet
    // END SOLUTION

    /**
     * {@code asyncio.run(main)}: runs {@code main} as task 1 until it finishes, then cancels
     * whatever else still runs and waits for that to unwind.
     *
     * @return main's result
     */
    public <T> T runUntilComplete(String name, Callable<T> main) {
        // BEGIN SOLUTION
        mainTid = nextId + 1; // run() makes main the next task
        return run(name, main);
        // END SOLUTION
    }

    public <T> T runUntilComplete(Callable<T> main) {
        return runUntilComplete("main", main);
    }

    /**
     * Once main is done, and the tasks ready then have taken their turn, cancels each unfinished
     * task (once), then: is there work left?
     */
    @Override
    protected boolean hasWork() {
        // BEGIN SOLUTION
        if (mainTid > 0 && mainTid <= nextId && futureOf(mainTid).isDone()) {
            if (lastTurns < 0) {
                lastTurns = ready.size(); // asyncio's loop stops one pass later: the tasks ready now run first
            }
            if (lastTurns > 0 && !ready.isEmpty()) {
                lastTurns--;
                return true;
            }
            for (Task task : pendingTasks()) {
                if (cancelledAtExit.add(task.tid())) {
                    cancel(task.tid());
                }
            }
        }
        return super.hasWork();
        // END SOLUTION
    }
}
