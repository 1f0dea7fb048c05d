package miniasyncio;

import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;

/**
 * The scheduler's sense of time, in integer nanoseconds since the clock was made.
 *
 * <p>The lecture uses {@code time.monotonic()} and {@code time.sleep()}. Two clocks implement
 * that here: {@link #monotonic()} is the real one ({@link Monotonic}, below); {@link #virtual()}
 * never waits: when nothing is ready it jumps straight to the next timer ({@link VirtualClock}).
 * A run on the virtual clock is exact, instant and the same every time, which is what tests and
 * transcripts want.
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
        return new Monotonic();
    }

    /** A clock that starts at 0 and only moves when the scheduler has nothing ready. */
    static Clock virtual() {
        return new VirtualClock();
    }

    /**
     * Real time: the lecture's {@code time.monotonic()} and {@code time.sleep()}. Idle waits park
     * the thread, so a loop whose tasks all sleep uses no CPU. Here, beside the interface, so that
     * following a sleep on the real clock takes one file.
     */
    final class Monotonic implements Clock {

        private final long origin = System.nanoTime();

        private Monotonic() {
        }

        @Override
        public long nanoTime() {
            return System.nanoTime() - origin;
        }

        @Override
        public void sleepUntil(long deadline) {
            long left;
            while ((left = deadline - nanoTime()) > 0) {
                LockSupport.parkNanos(left); // may return early (spurious wake-up): loop and check again
                if (Thread.currentThread().isInterrupted()) {
                    throw new CancellationException("the scheduler's thread was interrupted while waiting for a timer");
                }
            }
        }

        @Override
        public String toString() {
            return "monotonic clock";
        }
    }
}
