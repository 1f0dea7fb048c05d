package miniasyncio.around;

import java.util.function.Consumer;
import miniasyncio.Scheduler;
import miniasyncio.trace.DebugMode;
import miniasyncio.trace.Instrument;
import miniasyncio.trace.Instruments;

/**
 * A scheduler's settings, reached as {@code scheduler.settings()}. None of them is in the
 * lecture's {@code Scheduler}, so they live here and not beside its loop. Each setting belongs to
 * the collaborator that acts on it, and each collaborator's file says where the loop calls it:
 * {@link DebugMode}, {@link Ending}, {@link VirtualTimeStall}, {@link StuckAction} and the
 * {@link Instrument} hooks.
 */
public final class LoopSettings {

    private final Consumer<Instrument> install; // hands the scheduler the one instrument it holds
    private Instrument instrument; // null when none
    private final DebugMode debug = new DebugMode(this);
    private final Ending ending;
    private final VirtualTimeStall stall;
    final StuckAction stuck = new StuckAction();

    /**
     * Public only because the Scheduler, in package miniasyncio, makes it: {@code install} sets its instrument
     * field (one null check per hook on the loop's hot path), and {@code ending} and {@code stall} are the ones
     * its loop asks.
     */
    public LoopSettings(Consumer<Instrument> install, Ending ending, VirtualTimeStall stall) {
        this.install = install;
        this.ending = ending;
        this.stall = stall;
    }

    /** Debug mode, as asyncio's {@code loop.set_debug(True)}: see {@link DebugMode}. */
    public void setDebug(boolean on) { debug.set(on); }

    public boolean isDebug() { return debug.isOn(); }

    /** In debug mode, a step longer than {@code seconds} (real time) is reported; default 0.1. */
    public void setSlowStepThreshold(double seconds) { debug.setSlowStepThreshold(seconds); }

    public double slowStepThreshold() { return debug.slowStepThreshold(); }

    /**
     * With {@code true}, {@link Scheduler#run} ends as {@code asyncio.run()} does: once main has
     * finished, the tasks still pending are closed (their {@code finally} blocks run). {@code @AsyncTest} uses it.
     */
    public void setEndWithMain(boolean endWithMain) { ending.setWithMain(endWithMain); }

    /** Steps at one virtual instant, with timers pending, before the run stops (default 5,000,000). */
    public void setStallLimit(long steps) { stall.setLimit(steps); }

    /**
     * What to do with the report when the loop's thread is stuck for good on a monitor that a
     * suspended task holds (run on the watchdog's thread; default: print it on stderr).
     * {@link Scheduler#run} never returns then: the blocked thread cannot be woken.
     */
    public void setOnStuck(Consumer<String> action) { stuck.set(action); }

    /** The report of why this loop is stuck for good, or null while it is not. */
    public String stuckReport() { return stuck.report(); }

    /** Hooks that see every spawn, step, exit and idle wait (tracing, statistics, the grader's step meter). */
    public void addInstrument(Instrument added) {
        instrument = Instruments.plus(instrument, added);
        install.accept(instrument);
    }

    public void removeInstrument(Instrument removed) {
        instrument = Instruments.minus(instrument, removed);
        install.accept(instrument);
    }
}
