package exercises.step6_timeouts;

import static exercises.step3_futures.Futures.spawn;

import exercises.step5_cancellation.CancellableScheduler;
import java.util.concurrent.Callable;

/**
 * Given: the functions of {@link Timeouts} the kit writes ({@code wait_for} of a body, the
 * {@link Timeout} object's two factories, and the check of a duration your methods start with), so
 * that {@code Timeouts.java} holds only what you write. Call them through {@code Timeouts}
 * ({@code Timeouts.timeoutAt(...)}): {@code Timeouts} extends this class. A release may change
 * this file; yours is never touched. The rest of the kit names {@code Timeouts}, never this class.
 */
public abstract class TimeoutsBase {

    TimeoutsBase() {
    }

    /**
     * {@code asyncio.wait_for(coro, timeout=seconds)}, as CPython 3.12+ runs it: {@code body} runs in
     * the <em>current</em> task, inside {@code timeout(seconds, body)}; with no time at all (0 or
     * less) it is made a task, as {@code wait_for} makes the coroutine one, which is cancelled
     * before it starts.
     */
    public static <T> T waitFor(Callable<T> body, double seconds) {
        requireDuration("waitFor", seconds);
        if (seconds > 0) {
            return Timeouts.timeout(seconds, body);
        }
        return Timeouts.waitFor(spawn("waitFor task", body), seconds);
    }

    /**
     * {@code asyncio.timeout(seconds)} as an object, the optional exercise's {@link Timeout} (enter
     * it with {@link Timeout#enter}): its deadline is the loop's time now plus {@code seconds}; an
     * infinite one is none (asyncio's {@code timeout(None)}).
     *
     * @throws IllegalArgumentException for a NaN {@code seconds}
     */
    public static Timeout timeout(double seconds) {
        requireDuration("timeout", seconds);
        return new Timeout(CancellableScheduler.current("timeout").now() + seconds);
    }

    /**
     * {@code asyncio.timeout_at(when)}, a {@link Timeout} whose deadline is {@code when}, a time of
     * the loop's clock in seconds ({@code loop.now()}); {@code Double.POSITIVE_INFINITY} is none.
     *
     * @throws IllegalArgumentException for a NaN {@code when}
     */
    public static Timeout timeoutAt(double when) {
        requireDuration("timeoutAt", when);
        return new Timeout(when);
    }

    /** NaN is no time at all: asyncio has no rule for it (its loop fails on it in {@code select}). */
    protected static void requireDuration(String caller, double seconds) {
        if (Double.isNaN(seconds)) {
            throw new IllegalArgumentException(caller + "() needs a number of seconds, got NaN");
        }
    }
}
