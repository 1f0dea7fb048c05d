package miniasyncio.trace;

import miniasyncio.Scheduler;
import miniasyncio.around.LoopSettings;

/**
 * A scheduler's debug mode, as asyncio's {@code loop.set_debug(True)}: tasks remember where they
 * were created (reports show that place), and every step that holds the loop longer than the
 * slow-step threshold is reported on stderr ({@link SlowStepWarnings}).
 *
 * <p>Joined to the loop at one point: {@link Scheduler#createTask} records where a task is created
 * while {@link #isOn}. The warnings are an instrument.
 */
public final class DebugMode {

    private final LoopSettings settings;
    private boolean on;
    private long slowStepNanos = 100_000_000L; // asyncio's slow_callback_duration: 0.1 s
    private SlowStepWarnings warnings;         // installed while debug is on

    /* Public, as its methods: LoopSettings, in miniasyncio.around, keeps one and calls it. */
    public DebugMode(LoopSettings settings) {
        this.settings = settings;
    }

    public boolean isOn() {
        return on;
    }

    public void set(boolean debug) {
        on = debug;
        if (debug && warnings == null) {
            warnings = new SlowStepWarnings(() -> slowStepNanos, line -> System.err.println(line));
            settings.addInstrument(warnings);
        } else if (!debug && warnings != null) {
            settings.removeInstrument(warnings);
            warnings = null;
        }
    }

    public void setSlowStepThreshold(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("the slow-step threshold must be a finite number of seconds >= 0, got "
                    + seconds);
        }
        slowStepNanos = Math.round(seconds * 1e9);
    }

    public double slowStepThreshold() {
        return slowStepNanos / 1e9;
    }
}
