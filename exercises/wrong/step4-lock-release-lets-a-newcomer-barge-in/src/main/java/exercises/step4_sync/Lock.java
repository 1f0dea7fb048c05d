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

    // BEGIN SOLUTION MEMBERS
    private boolean locked;
    private final ArrayDeque<Future<Void>> waiters = new ArrayDeque<>();
    // END SOLUTION

    public boolean isLocked() {
        // BEGIN SOLUTION
        return locked;
        // END SOLUTION
    }

    /** Takes the lock, parking the task until it is free. */
    public void acquire() {
        // BEGIN SOLUTION
        if (!locked) {
            locked = true;
            return;
        }
        Future<Void> waiter = new Future<>();
        waiters.addLast(waiter);
        try {
            Futures.await(waiter);
        } catch (RuntimeException | Error interrupted) {
            if (waiter.isDone()) {
                release();                 // release() had handed us the lock: pass it on
            } else {
                waiters.remove(waiter);    // still queued: just leave the queue
            }
            throw interrupted;
        }
        while (locked) { // woken: take it if nobody else did
            Future<Void> again = new Future<>();
            waiters.addFirst(again);
            Futures.await(again);
        }
        locked = true;
        // END SOLUTION
    }

    /**
     * Frees the lock, or hands it to the first waiting task.
     *
     * @throws IllegalStateException if the lock is not locked
     */
    public void release() {
        // BEGIN SOLUTION
        if (!locked) {
            throw new IllegalStateException("release() of a Lock that is not locked: release only a lock you acquired");
        }
        locked = false;
        Future<Void> next = waiters.pollFirst();
        if (next != null) {
            next.setResult(null);
        }

        // END SOLUTION
    }

    /** Python's {@code async with lock:}: acquires, runs {@code body}, releases even if it throws. */
    public void withLock(Runnable body) {
        // BEGIN SOLUTION
        acquire();
        try {
            body.run();
        } finally {
            release();
        }
        // END SOLUTION
    }
}
