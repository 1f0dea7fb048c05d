package miniasyncio;

/**
 * The scheduler's sense of time, in integer nanoseconds since the clock was made.
 *
 * <p>The lecture uses {@code time.monotonic()} and {@code time.sleep()}. Two clocks implement
 * that here: {@link #monotonic()} is the real one; {@link #virtual()} never waits: when nothing
 * is ready it jumps straight to the next timer. A run on the virtual clock is exact, instant and
 * the same every time, which is what tests and transcripts want.
 */
public interface Clock {

    /** Nanoseconds since this clock was made. Never goes backwards. */
    long nanoTime();

    /** Blocks the scheduler's thread until {@link #nanoTime()} reaches {@code deadline}. */
    void sleepUntil(long deadline);

    /** {@link #nanoTime()} in seconds, as the lecture's {@code time.monotonic()}. */
    default double now() {
        return nanoTime() / 1e9;
    }

    /** A real clock over {@link System#nanoTime()}. */
    static Clock monotonic() {
        return new MonotonicClock();
    }

    /** A clock that starts at 0 and only moves when the scheduler has nothing ready. */
    static Clock virtual() {
        return new VirtualClock();
    }
}
