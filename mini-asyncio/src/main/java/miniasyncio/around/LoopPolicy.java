package miniasyncio.around;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import miniasyncio.Clock;
import miniasyncio.Scheduler;

/**
 * How new schedulers are set up when the code that makes them says nothing: which clock, and
 * what else to apply (instruments, debug mode). asyncio calls this an event loop policy; its
 * {@code PYTHONASYNCIODEBUG=1} works the same way, switching on debug for loops the program
 * creates without asking.
 *
 * <p>The CLI uses it: {@code run Example --virtual-time} makes the example's own
 * {@code new Scheduler()} run on the virtual clock without the example knowing.
 *
 * <p>Beside the setups, one watcher: a tool outside the program that looks at every loop it makes
 * ({@code ./test.sh --step-through} records each test's loops). {@link #reset} leaves it in place,
 * because the program resets the policy itself: a test's own helper ({@code VisibleRun}, the
 * exercises' {@code StepBudget}) resets after each run, and must not switch off the runner that
 * watches the test.
 */
public final class LoopPolicy {

    private static volatile Supplier<Clock> clocks = Clock::monotonic;
    private static final List<Consumer<Scheduler>> setups = new CopyOnWriteArrayList<>();
    private static volatile Consumer<Scheduler> watcher;

    private LoopPolicy() {
    }

    /** New schedulers made without a clock take one from {@code clockFactory}. */
    public static void setClock(Supplier<Clock> clockFactory) {
        clocks = clockFactory;
    }

    /** Every new scheduler is passed to {@code setup} once, when it is made. */
    public static void onNewScheduler(Consumer<Scheduler> setup) {
        setups.add(setup);
    }

    /**
     * Every new scheduler is passed to {@code watching} too, before the setups, until
     * {@link #unwatch}: an instrument it adds hears each step before any instrument of the program
     * can stop the loop there (a step budget throws in {@code beforeStep}). One watcher at a time:
     * a second replaces the first.
     */
    public static void watch(Consumer<Scheduler> watching) {
        watcher = watching;
    }

    /** No watcher from now on. */
    public static void unwatch() {
        watcher = null;
    }

    /** Back to the defaults: monotonic clock, no setup (the watcher stays: see the class comment). */
    public static void reset() {
        clocks = Clock::monotonic;
        setups.clear();
    }

    /* Public, as apply: the Scheduler, in package miniasyncio, asks both when it is made. */

    /** The clock for a scheduler made without one. */
    public static Clock newClock() {
        return clocks.get();
    }

    /**
     * Runs {@code body} with the setups (and the watcher) switched off on this thread: the schedulers
     * it makes get no instrument, no debug mode, nothing the CLI asked for. For runs that are not the
     * program's own, such as a silent warm-up before a timed run: a {@code --trace} must not
     * show them.
     */
    public static void withoutSetups(Runnable body) {
        boolean was = SUSPENDED.get();
        SUSPENDED.set(true);
        try {
            body.run();
        } finally {
            SUSPENDED.set(was);
        }
    }

    private static final ThreadLocal<Boolean> SUSPENDED = ThreadLocal.withInitial(() -> false);

    /** Passes a new scheduler to the watcher and every setup (unless {@link #withoutSetups} runs on this thread). */
    public static void apply(Scheduler scheduler) {
        if (SUSPENDED.get()) {
            return;
        }
        Consumer<Scheduler> watching = watcher;
        if (watching != null) {
            watching.accept(scheduler);
        }
        for (Consumer<Scheduler> setup : setups) {
            setup.accept(scheduler);
        }
    }
}
