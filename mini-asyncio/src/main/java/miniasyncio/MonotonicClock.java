package miniasyncio;

import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;

/** Real time. Idle waits park the thread, so a loop whose tasks all sleep uses no CPU. */
public final class MonotonicClock implements Clock {

    private final long origin = System.nanoTime();

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
