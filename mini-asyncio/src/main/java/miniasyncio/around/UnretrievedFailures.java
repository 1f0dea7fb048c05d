package miniasyncio.around;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * Tasks that failed and whose exception nobody has looked at yet. asyncio reports such a task
 * when it is garbage-collected ({@code Task exception was never retrieved}); the kit reports
 * them at the end of {@link Scheduler#run}, on every way out of it, so that no exception is lost.
 *
 * <p>Joined to the loop at these points: {@link Scheduler#finishTask} adds a failure, and so does
 * {@code closeAll} for a task that fails while it is closed; {@link Scheduler#takeResult} takes it
 * away; the end of {@code run} prints what is left, and {@code unretrievedFailures()} lists it.
 */
public final class UnretrievedFailures {

    /* Public, as its methods: the Scheduler, in package miniasyncio, keeps one and calls it. */

    private final Map<Integer, Task> tasks = new LinkedHashMap<>();
    private List<Task> reported = List.of(); // what the end of run printed: the step-through page lists them

    public void add(Task task) {
        tasks.put(task.tid(), task);
    }

    public void remove(int tid) {
        tasks.remove(tid);
    }

    public List<Task> list() {
        return List.copyOf(tasks.values());
    }

    /** The tasks the last {@link #report} printed. */
    public List<Task> reported() {
        return reported;
    }

    /**
     * Prints each one with its stack trace, the kit's frames folded (and, in debug mode, where its task
     * was created), then forgets them.
     */
    public void report(PrintStream err, Map<Integer, Step.Outcome> results) {
        for (Task task : tasks.values()) {
            Throwable e = ((Step.Failed) results.get(task.tid())).exception();
            err.println("Task exception was never retrieved: " + task);
            if (task.creationSite() != null) {
                err.println("  " + task + " was created at:");
                for (StackTraceElement frame : task.creationSite()) {
                    err.println("    at " + frame);
                }
            }
            err.print(FoldedStack.of(e)); // the program's frames, the kit's and the JDK's runs folded
        }
        reported = List.copyOf(tasks.values());
        tasks.clear();
    }
}
