package miniasyncio;

/**
 * Time that passes only when the scheduler waits. Waiting "until t" sets the clock to t at
 * once, so timers fire in exactly the order and at exactly the times they were set for, and a
 * test of a ten-minute timeout takes microseconds. Running code never moves the clock: a step
 * takes no virtual time at all.
 */
public final class VirtualClock implements Clock {

    private long now;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void sleepUntil(long deadline) {
        if (deadline > now) {
            now = deadline;
        }
    }

    /** Moves time forward by {@code nanos}, as if the loop had waited that long. */
    public void advance(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a clock cannot go backwards: advance(" + nanos + ")");
        }
        now += nanos;
    }

    @Override
    public String toString() {
        return "virtual clock at " + now + " ns";
    }
}
