package miniasyncio.trace;

import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * Debug mode's warning about steps that hold the loop, after asyncio's
 * {@code Executing <Task ...> took 0.213 seconds}. While one step runs, no other task can: a
 * step that takes long (a {@code Thread.sleep}, a blocking call, heavy computation) freezes them
 * all.
 *
 * <p>It measures <em>real</em> time ({@link System#nanoTime()}) around each step, even when the
 * scheduler runs on the virtual clock: virtual time never moves during a step, but the freeze
 * the warning is about is real.
 */
public final class SlowStepWarnings implements Instrument {

    private final LongSupplier thresholdNanos;
    private final Consumer<String> out;
    private long stepStarted;

    /** Reports each step longer than {@code thresholdNanos} (read at every step) to {@code out}. */
    public SlowStepWarnings(LongSupplier thresholdNanos, Consumer<String> out) {
        this.thresholdNanos = thresholdNanos;
        this.out = out;
    }

    @Override
    public void beforeStep(Task task) {
        stepStarted = System.nanoTime();
    }

    @Override
    public void afterStep(Task task, Step step) {
        long took = System.nanoTime() - stepStarted;
        if (took > thresholdNanos.getAsLong()) {
            out.accept(message(task, took));
        }
    }

    /** "Executing task 3 (worker B) took 0.213 s". */
    public static String message(Task task, long nanos) {
        return String.format(Locale.ROOT, "Executing %s took %.3f s", task, nanos / 1e9);
    }
}
