package exercises.step9_run;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import miniasyncio.Context;
import miniasyncio.Scheduler;
import miniasyncio.Task;

/**
 * Given: asyncio's {@code Runner} (3.11+), the context manager that {@code asyncio.run} is made
 * of. It makes the loop when first asked ({@code loop_factory}, else a new
 * {@link AsyncioScheduler}), sets its debug mode and keeps a copy of the caller's context. Each
 * {@link #run} runs a main as a task in that context until it ends ({@link EventLoop#runUntilDone},
 * asyncio's {@code run_until_complete}) and leaves the other tasks
 * where they wait: the next {@code run} goes on with them. {@link #close} cancels the tasks left
 * (with your step 5 {@code cancel}), runs the loop until they have unwound, and closes the loop:
 *
 * <pre>
 *   try (Runner runner = new Runner(true, () -> new AsyncioScheduler(Clock.virtual()))) {
 *       runner.run(first);
 *       return runner.run(second);   // first's tasks go on here, and see what first set in the context
 *   }
 * </pre>
 */
public final class Runner implements AutoCloseable {

    private enum State { CREATED, INITIALIZED, CLOSED }

    private final Boolean debug; // null: the loop's own setting
    private final Supplier<? extends AsyncioScheduler> loopFactory; // null: a new AsyncioScheduler
    private State state = State.CREATED;
    private AsyncioScheduler loop;
    private Context context; // asyncio's Runner._context: every main runs in it, so what one sets the next sees

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
     * {@code runner.run(main, context=context)}: runs {@code main} as a task in {@code context}
     * until it ends, and returns its result (or throws its exception). The loop stops as asyncio's
     * does, once the tasks ready when main ends have had one more turn; the other tasks wait where
     * they are, for the next {@code run} or for {@link #close}.
     *
     * @throws IllegalStateException inside a running loop ("Runner.run() cannot be called from a
     *     running event loop"), or after {@link #close()} ("Runner is closed")
     */
    public <T> T run(String name, Callable<T> main, Context context) {
        if (Scheduler.current() != null) {
            throw new IllegalStateException("Runner.run() cannot be called from a running event loop");
        }
        lazyInit();
        Context runIn = context != null ? context : this.context;
        return loop.runUntilDone(name, () -> runIn.run(main));
    }

    /** {@code runner.run(main)}: in the runner's context. */
    public <T> T run(Callable<T> main) {
        return run("main", main, null);
    }

    public <T> T run(String name, Callable<T> main) {
        return run(name, main, null);
    }

    /**
     * Closes the runner: the tasks left are cancelled, each once (those started during their cleanup
     * too), and the loop runs until they have unwound (their cleanup may wait), as asyncio's
     * {@code _cancel_all_tasks}; then the loop is closed ({@link EventLoop#close}: the
     * {@code toThread} workers end). {@link #getLoop()} and {@link #run} raise "Runner is closed"
     * from now on. A second call does nothing.
     */
    @Override
    public void close() {
        if (state != State.INITIALIZED) {
            return;
        }
        try {
            cancelAllTasks();
        } finally {
            loop.close();
            state = State.CLOSED;
        }
    }

    /**
     * asyncio's {@code _cancel_all_tasks}: cancels what is left, then runs until it has all finished.
     * A task started during that cleanup is cancelled too, in a round of its own, as
     * {@code runUntilComplete} does (asyncio leaves it pending, see the step's table).
     */
    private void cancelAllTasks() {
        List<Task> left; // each round's are new: the last round's have all finished, so each is cancelled once
        while (!loop.isClosed() && !(left = loop.view().pendingTasks()).isEmpty()) {
            Future<Object> allDone = new Future<>();
            int[] unfinished = {left.size()};
            for (Task task : left) {
                loop.futureOf(task.tid()).addDoneCallback(done -> { // reads nothing: a failure stays unretrieved, reported
                    if (--unfinished[0] == 0) {
                        allDone.setResult(null);
                    }
                });
            }
            for (Task task : left) {
                loop.cancel(task.tid());
            }
            loop.runUntilDone("Runner.close", () -> Futures.await(allDone));
        }
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
        context = Context.copyContext();
        state = State.INITIALIZED;
    }
}
