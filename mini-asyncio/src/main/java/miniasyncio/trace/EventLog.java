package miniasyncio.trace;

import java.io.PrintStream;
import java.util.Locale;
import miniasyncio.Scheduler;
import miniasyncio.Sleep;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * An instrument that prints every hook as it happens, one line each: the smallest useful
 * instrument, and a template for your own. Try it from the command line:
 * {@code run Example --virtual-time --instrument miniasyncio.trace.EventLog}.
 *
 * <pre>
 * [  0.100] step   task 2 (worker A)
 * [  0.100] yield  task 2 (worker A): Sleep[duration=0.1]
 * [  0.100] idle   until 0.150
 * </pre>
 */
public class EventLog implements Instrument {

    private final Scheduler scheduler;
    private final PrintStream out;

    /** The form {@code --instrument} uses: lines go to stderr, apart from the program's output. */
    public EventLog(Scheduler scheduler) {
        this(scheduler, System.err);
    }

    public EventLog(Scheduler scheduler, PrintStream out) {
        this.scheduler = scheduler;
        this.out = out;
    }

    private void line(String what, String text) {
        out.printf(Locale.ROOT, "[%8.3f] %-6s %s%n", scheduler.now(), what, text);
    }

    @Override
    public void taskSpawned(Task task, Task creator) {
        line("spawn", task + (creator == null ? "" : " by " + creator));
    }

    @Override
    public void beforeStep(Task task) {
        line("step", task.toString());
    }

    @Override
    public void afterStep(Task task, Step step) {
        if (step instanceof Step.Yielded yielded) {
            line("yield", task + ": " + yielded.value);
        }
    }

    @Override
    public void taskExited(Task task, Step.Outcome outcome) {
        line("exit", task + (outcome instanceof Step.Failed(Throwable e) ? " failed: " + e : " returned"));
    }

    @Override
    public void idleWait(long from, long to) {
        line("idle", String.format(Locale.ROOT, "until %.3f", to / 1e9));
    }
}
