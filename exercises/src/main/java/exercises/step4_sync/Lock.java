package exercises.step4_sync;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import java.util.ArrayDeque;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.Waitable;

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
 *
 * <p>A {@link Waitable} only for the step-through page: it names the task holding the lock
 * ({@link #holder()}), so that a task waiting for it is shown as waiting for that task, and a ring
 * of such waits (the lecture's deadlock) is named as one. asyncio's Lock does not know its holder.
 */
public final class Lock implements Waitable {

    // BEGIN SOLUTION MEMBERS
    private boolean locked;
    private final ArrayDeque<Future<Void>> waiters = new ArrayDeque<>();
    private Task holder; // for the step-through page: who holds the lock (null while free, or handed on)

    /** The task holding the lock, for the step-through page (null: free, or handed to a waiter that has not run yet). */
    @Override
    public Task holder() {
        return holder;
    }

    private static Task running() {
        Scheduler loop = Scheduler.current();
        return loop == null ? null : loop.currentTask();
    }
    // END SOLUTION

    public boolean isLocked() {
        // BEGIN SOLUTION
        return locked;
        // END SOLUTION
    }

    /** For the step-through page, when it cannot name the holder: "locked" or "free". It only reads. */
    @Override
    public String waitingBecause() {
        return isLocked() ? "locked" : "free";
    }

    /** Takes the lock, parking the task until it is free. */
    public void acquire() {
        // BEGIN SOLUTION
        if (!locked && waiters.isEmpty()) {
            locked = true;
            holder = running();
            return;
        }
        Future<Void> waiter = new Future<Void>().waitsOn(this);
        waiters.addLast(waiter);
        try {
            Futures.await(waiter);
            holder = running(); // release() handed the lock to us
        } catch (RuntimeException | Error interrupted) {
            if (waiter.isDone()) {
                release();                 // release() had handed us the lock: pass it on
            } else {
                waiters.remove(waiter);    // still queued: just leave the queue
            }
            throw interrupted;
        }
        // release() handed the lock over: it stayed locked, and it is ours now
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
        Future<Void> next = waiters.pollFirst();
        if (next != null) {
            next.setResult(null); // the lock stays locked: it now belongs to that waiter
        } else {
            locked = false;
        }
        holder = null; // handed on, the waiter names itself when it runs
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
