package exercises.step4_sync;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import java.util.ArrayDeque;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * asyncio's {@code Lock}: one holder at a time; the others wait, first come, first served.
 *
 * <p>Why a lock in a single thread: a task can be suspended between reading shared data and
 * writing it back ({@code sleep(0)}, any await), and another task runs meanwhile. The lock makes
 * the whole read-wait-write one unit.
 *
 * <p>Each waiter parks on its own {@link Future}. {@link #release()} hands the lock straight to
 * the first waiter (the lock stays locked, its future completes), so no newcomer can barge in
 * between. If a waiter's wait is interrupted (a cancellation, from step 5 on), {@link #acquire()}
 * cleans up: it leaves the queue, or, if the lock had already been handed to it, passes it on.
 */
public final class Lock {

    private boolean held;
    private final ArrayDeque<Future<Void>> line = new ArrayDeque<>();

    public boolean isLocked() {
        return held;
    }

    /** Takes the lock, parking the task until it is free. */
    public void acquire() {
        if (!held) {
            held = true;
            return;
        }
        Future<Void> ticket = new Future<>();
        line.addLast(ticket);
        try {
            Futures.await(ticket);
        } catch (Throwable interrupted) {
            if (ticket.isDone()) {
                release(); // it was handed to us already: pass it on
            } else {
                line.remove(ticket);
            }
            throw interrupted;
        }
    }

    /**
     * Frees the lock, or hands it to the first waiting task.
     *
     * @throws IllegalStateException if the lock is not locked
     */
    public void release() {
        if (!held) {
            throw new IllegalStateException("release() of a lock that is not locked");
        }
        Future<Void> next = line.pollFirst();
        if (next == null) {
            held = false;
        } else {
            next.setResult(null); // stays held: handed over
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
