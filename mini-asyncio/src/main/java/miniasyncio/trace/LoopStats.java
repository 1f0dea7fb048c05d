package miniasyncio.trace;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import miniasyncio.Scheduler;
import miniasyncio.Sleep;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * The numbers worth watching in a loop ({@code run --stats}), as the asyncio seeds list them:
 * loop iterations, the longest step (the lag it caused every other task), the peak size of
 * {@code ready}, the peak number of pending tasks, and timers set and fired.
 *
 * <p>One iteration of the lecture's loop either steps one task or waits idle, so iterations are
 * counted as steps plus idle waits. A timer is a {@code Sleep} with a duration; it has fired
 * when the sleeping task runs again. The timer lag is how late that was: zero on the virtual
 * clock, and the damage a blocking step does on the real one.
 */
public final class LoopStats implements Instrument {

    private final Scheduler scheduler;
    private long steps;
    private long idleWaits;
    private long longestStepNanos = -1;
    private String longestStepTask = "-";
    private int peakReady;
    private int pending;
    private int peakPending;
    private long timersSet;
    private long timersFired;
    private long worstTimerLagNanos;
    private long stepStarted;
    private final Map<Task, Long> onTimer = new HashMap<>(); // task -> when its timer is due (clock nanoseconds)

    public LoopStats(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Statistics added to {@code scheduler} as an instrument. */
    public static LoopStats attach(Scheduler scheduler) {
        LoopStats stats = new LoopStats(scheduler);
        scheduler.settings().addInstrument(stats);
        return stats;
    }

    @Override
    public void taskSpawned(Task task, Task creator) {
        peakPending = Math.max(peakPending, ++pending);
    }

    @Override
    public void beforeStep(Task task) {
        // stepOne has just taken this task out of `ready`: count it back in.
        peakReady = Math.max(peakReady, scheduler.view().ready().size() + 1);
        Long due = onTimer.remove(task);
        if (due != null) {
            timersFired++;
            worstTimerLagNanos = Math.max(worstTimerLagNanos, scheduler.clock().nanoTime() - due);
        }
        stepStarted = System.nanoTime();
    }

    @Override
    public void afterStep(Task task, Step step) {
        long took = System.nanoTime() - stepStarted;
        steps++;
        if (took > longestStepNanos) {
            longestStepNanos = took;
            longestStepTask = task.toString();
        }
        if (step instanceof Step.Yielded yielded && yielded.value instanceof Sleep sleep && sleep.nanos() > 0) {
            timersSet++;
            onTimer.put(task, LoopState.dueAt(scheduler.clock().nanoTime(), sleep));
        }
    }

    @Override
    public void taskExited(Task task, Step.Outcome outcome) {
        pending--;
    }

    @Override
    public void idleWait(long from, long to) {
        idleWaits++;
    }

    public long iterations() {
        return steps + idleWaits;
    }

    public long steps() {
        return steps;
    }

    public long idleWaits() {
        return idleWaits;
    }

    /** The longest step in real nanoseconds (-1 before any step). */
    public long longestStepNanos() {
        return longestStepNanos;
    }

    public String longestStepTask() {
        return longestStepTask;
    }

    public int peakReady() {
        return peakReady;
    }

    public int peakPending() {
        return peakPending;
    }

    public long timersSet() {
        return timersSet;
    }

    public long timersFired() {
        return timersFired;
    }

    /** How late the latest timer's task ran after its wake time, in clock nanoseconds. */
    public long worstTimerLagNanos() {
        return worstTimerLagNanos;
    }

    /** The report {@code run --stats} prints. */
    public void print(PrintStream out) {
        out.println("loop statistics:");
        out.printf(Locale.ROOT, "  loop iterations      %d (%d steps, %d idle waits)%n", iterations(), steps, idleWaits);
        out.printf(Locale.ROOT, "  longest step         %s%n", longestStepNanos < 0 ? "-"
                : String.format(Locale.ROOT, "%.6f s, %s (real time: every other task waited that long)",
                        longestStepNanos / 1e9, longestStepTask));
        out.printf(Locale.ROOT, "  peak ready           %d%n", peakReady);
        out.printf(Locale.ROOT, "  peak pending tasks   %d%n", peakPending);
        out.printf(Locale.ROOT, "  timers set / fired   %d / %d%n", timersSet, timersFired);
        out.printf(Locale.ROOT, "  worst timer lag      %.6f s%n", worstTimerLagNanos / 1e9);
    }
}
