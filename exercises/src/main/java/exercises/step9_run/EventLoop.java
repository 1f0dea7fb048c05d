package exercises.step9_run;

import exercises.step5_cancellation.CancellableScheduler;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import miniasyncio.Clock;
import miniasyncio.Step;

/**
 * Given: what asyncio's event loop has beyond the lecture's {@code run}, which {@link Runner} is
 * made of: {@code loop.run_until_complete(main)} ({@link #runUntilDone}), {@code loop.close()} and
 * {@code loop.is_closed()}. Each is one call of the kernel's {@code runUntil}, the lecture's
 * {@code run} with a stop condition: the loop is entered and left the way {@code run} enters and
 * leaves it (this thread's scheduler, the watchdog, closing on a failure), so nothing here writes
 * that protocol again. Also {@code asyncio.run(main)}, called through {@code AsyncioScheduler}
 * ({@code AsyncioScheduler.asyncioRun(main)}), so that {@code AsyncioScheduler.java} holds only
 * what you write.
 */
public class EventLoop extends CancellableScheduler {

    public EventLoop() {
        super();
    }

    public EventLoop(Clock clock) {
        super(clock);
    }

    /**
     * asyncio's {@code loop.run_until_complete(main)}: {@code main} becomes a task, as in
     * {@code run}, and the loop runs until it has ended; the tasks ready at that moment take one
     * more turn each (asyncio's loop stops one iteration later). Then it returns main's result (or
     * rethrows its exception) and leaves every other task where it waits: a later call goes on
     * with them, {@link #close} closes them. A deadlock or a broken hook closes the loop, as it ends
     * {@code run}.
     *
     * @throws IllegalStateException inside a running loop, or once the loop is closed
     */
    @SuppressWarnings("unchecked")
    public final <T> T runUntilDone(String name, Callable<T> main) {
        int[] lastTurns = {-1}; // -1: main has not ended yet
        Step.Outcome outcome = runUntil("runUntilDone()", name, main, mainTid -> {
            if (!results.containsKey(mainTid)) {
                return false;
            }
            if (lastTurns[0] < 0) {
                lastTurns[0] = ready.size(); // the tasks ready now run once more, then the loop stops
            }
            return lastTurns[0]-- <= 0 || ready.isEmpty();
        }, false);
        return (T) outcome.get(); // its own exception leaves the others where they are
    }

    /**
     * asyncio's {@code loop.close()}: the tasks still pending (a {@link #runUntilDone} left them)
     * are closed, so their {@code finally} blocks run; failures nobody retrieved are reported; the
     * {@code toThread} workers end. Then no run may start. A second call does nothing.
     *
     * @throws IllegalStateException inside a running loop
     */
    public final void close() {
        if (!closed) {
            runUntil("close()", null, null, mainTid -> true, true);
        }
    }

    /** asyncio's {@code loop.is_closed()}: true once {@code run} has ended or {@link #close} was called. */
    public final boolean isClosed() {
        return closed;
    }

    /** {@code asyncio.run(main)} on a new scheduler. */
    public static <T> T asyncioRun(Callable<T> main) {
        return asyncioRun(main, null, null);
    }

    /**
     * {@code asyncio.run(main, debug=..., loop_factory=...)}: your {@link AsyncioScheduler#runUntilComplete}
     * on the loop a {@link Runner} would make ({@code loopFactory}, else a new
     * {@code AsyncioScheduler}; {@code debug} null leaves the loop's own setting). asyncio's is a
     * Runner's {@code run} then {@code close}, which end as {@code runUntilComplete} does.
     *
     * @throws IllegalStateException inside a running loop ("asyncio.run() cannot be called from a
     *     running event loop")
     */
    public static <T> T asyncioRun(Callable<T> main, Boolean debug, Supplier<? extends AsyncioScheduler> loopFactory) {
        if (miniasyncio.Scheduler.current() != null) {
            throw new IllegalStateException("asyncio.run() cannot be called from a running event loop");
        }
        AsyncioScheduler loop = loopFactory == null ? new AsyncioScheduler() : loopFactory.get();
        if (debug != null) {
            loop.settings().setDebug(debug);
        }
        return loop.runUntilComplete(main);
    }
}
