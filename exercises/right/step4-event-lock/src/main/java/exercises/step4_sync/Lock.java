package exercises.step4_sync;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import java.util.ArrayDeque;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * asyncio's {@code Lock}: one holder at a time; the others wait, first come, first served.
 *
 * <p>{@link #release()} unlocks and wakes the first waiter, which takes the lock when it runs;
 * meanwhile its ticket is still first in line, so a newcomer waits behind it. A waiter whose wait
 * is interrupted leaves the line, and wakes the next one if the lock is free.
 */
public final class Lock {

    private boolean held;
    private final ArrayDeque<Future<Void>> line = new ArrayDeque<>();

    public boolean isLocked() {
        return held;
    }

    /** Takes the lock, parking the task until it is free and its turn has come. */
    public void acquire() {
        if (!held && line.stream().allMatch(Future::isCancelled)) {
            held = true;
            return;
        }
        Future<Void> ticket = new Future<>();
        line.addLast(ticket);
        try {
            Futures.await(ticket);
        } catch (Throwable interrupted) {
            line.remove(ticket);
            if (!held) {
                wakeHead(); // maybe we had been woken: the next in line must not wait in vain
            }
            throw interrupted;
        }
        line.remove(ticket);
        held = true;
    }

    /**
     * Unlocks, and wakes the first in line.
     *
     * @throws IllegalStateException if the lock is not locked
     */
    public void release() {
        if (!held) {
            throw new IllegalStateException("release() of a lock that is not locked");
        }
        held = false;
        wakeHead();
    }

    private void wakeHead() {
        Future<Void> head = line.peekFirst();
        if (head != null && !head.isDone()) {
            head.setResult(null);
        }
    }

    /** Python's {@code async with lock:}: acquires, runs {@code body}, releases even if it throws. */
    public void withLock(Runnable body) {
        acquire();
        try {
            body.run();
        } finally {
            release();
        }
    }
}
