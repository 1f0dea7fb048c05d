package exercises.step9_run;

import java.util.concurrent.Callable;
import java.util.function.Supplier;
import miniasyncio.Scheduler;

/**
 * Given: asyncio's {@code Runner} (3.11+), the context manager that {@code asyncio.run} is made
 * of, built on your {@link AsyncioScheduler#runUntilComplete}. It makes the loop when first asked
 * ({@code loop_factory}, else a new {@link AsyncioScheduler}), sets its debug mode, runs a main on
 * it, and is closed afterwards:
 *
 * <pre>
 *   try (Runner runner = new Runner(true, () -> new AsyncioScheduler(Clock.virtual()))) {
 *       return runner.run(main);
 *   }
 * </pre>
 *
 * <p>One difference from asyncio: a Runner runs one main. asyncio's loop stops between two
 * {@code runner.run(...)} calls, its tasks waiting where they are, and goes on at the next call;
 * the kit's loop ({@code Scheduler.run}) runs once, to its end, and cancels what is left when main
 * ends (step 9). So a second {@code run} is refused; make a Runner for each main.
 */
public final class Runner implements AutoCloseable {

    private enum State { CREATED, INITIALIZED, CLOSED }

    private final Boolean debug; // null: the loop's own setting
    private final Supplier<? extends AsyncioScheduler> loopFactory; // null: a new AsyncioScheduler
    private State state = State.CREATED;
    private AsyncioScheduler loop;
    private boolean ran;

    /** {@code asyncio.Runner()}: the loop's own debug setting, a new {@link AsyncioScheduler}. */
    public Runner() {
        this(null, null);
    }

    /** {@code asyncio.Runner(debug=debug)}. */
    public Runner(boolean debug) {
        this(debug, null);
    }

    /**
     * {@code asyncio.Runner(debug=..., loop_factory=...)}: {@code debug} null leaves the loop's own
     * setting; {@code loopFactory} null makes a new {@link AsyncioScheduler} (on the real clock).
     */
    public Runner(Boolean debug, Supplier<? extends AsyncioScheduler> loopFactory) {
        this.debug = debug;
        this.loopFactory = loopFactory;
    }

    /** The runner's loop, made now if it is not yet. */
    public AsyncioScheduler getLoop() {
        lazyInit();
        return loop;
    }

    /**
     * Runs {@code main} on the loop as {@link AsyncioScheduler#runUntilComplete} does: main's
     * result, or its exception; the tasks left when main ends are cancelled and waited for.
     *
     * @throws IllegalStateException inside a running loop ("Runner.run() cannot be called from a
     *     running event loop"), after {@link #close()} ("Runner is closed"), or for a second main
     */
    public <T> T run(String name, Callable<T> main) {
        if (Scheduler.current() != null) {
            throw new IllegalStateException("Runner.run() cannot be called from a running event loop");
        }
        lazyInit();
        if (ran) {
            throw new IllegalStateException("this Runner has run a main already: the kit's loop runs once,"
                    + " so make a Runner for each main");
        }
        ran = true;
        return loop.runUntilComplete(name, main);
    }

    public <T> T run(Callable<T> main) {
        return run("main", main);
    }

    /**
     * Closes the runner: {@link #getLoop()} and {@link #run} raise "Runner is closed" from now on.
     * A second call does nothing. (asyncio's close also cancels the tasks left and shuts the
     * default executor down; here {@code runUntilComplete} has done both when main ended.)
     */
    @Override
    public void close() {
        if (state != State.INITIALIZED) {
            return;
        }
        state = State.CLOSED;
    }

    private void lazyInit() {
        if (state == State.CLOSED) {
            throw new IllegalStateException("Runner is closed");
        }
        if (state == State.INITIALIZED) {
            return;
        }
        loop = loopFactory == null ? new AsyncioScheduler() : loopFactory.get();
        if (debug != null) {
            loop.settings().setDebug(debug);
        }
        state = State.INITIALIZED;
    }
}
