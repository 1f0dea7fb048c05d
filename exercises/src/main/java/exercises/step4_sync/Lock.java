package exercises.step4_sync;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import java.util.ArrayDeque;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.trace.Waitable;

/**
 * asyncio's {@code Lock}: one holder at a time; the others wait, first come, first served.
 *
 * <p>Why a lock in a single thread: a task can be suspended between reading shared data and
 * writing it back ({@code sleep(0)}, any await), and another task runs meanwhile. The lock makes
 * the whole read-wait-write one unit.
 *
 * <p>Each waiter parks on its own {@link Future}, in a queue. {@link #release()} unlocks and
 * wakes the first waiter, which takes the lock when it runs. Until then its future stays first in
 * the queue, so a newcomer's {@link #acquire()} waits behind it instead of barging in (it takes
 * a free lock at once only when nobody waits, or every waiter was cancelled). If a waiter's wait
 * is interrupted (a cancellation, from step 5 on), it leaves the queue, and if the lock is free
 * it wakes the next waiter: a wake-up handed to a waiter cancelled before it ran is passed on.
 *
 * <p>A {@link Waitable} only for the step-through page: it names the task holding the lock
 * ({@link #holder()}), so that a task waiting for it is shown as waiting for that task, and a ring
 * of such waits (the lecture's deadlock) is named as one. asyncio's Lock does not know its holder.
 */
public final class Lock extends LockBase {

    // BEGIN SOLUTION MEMBERS
    private boolean locked;
    private final ArrayDeque<Future<Void>> waiters = new ArrayDeque<>();
    private Task holder; // for the step-through page: who holds the lock (null while free)

    /** The task holding the lock, for the step-through page (null: free, or woken waiter that has not run yet). */
    @Override
    public Task holder() {
        return holder;
    }

    private static Task running() {
        Scheduler loop = Scheduler.current();
        return loop == null ? null : loop.currentTask();
    }

    /** Wakes the first waiter, unless it is woken already (or cancelled: it wakes the next itself). */
    private void wakeUpFirst() {
        Future<Void> first = waiters.peekFirst();
        if (first != null && !first.isDone()) {
            first.setResult(null);
        }
    }
    // END SOLUTION

    @Override
    public boolean isLocked() {
        // BEGIN SOLUTION
        return locked;
        // END SOLUTION
    }

    /** Takes the lock, parking the task until it is free and its turn has come. */
    public void acquire() {
        // BEGIN SOLUTION
        if (!locked && waiters.stream().allMatch(Future::isCancelled)) {
            locked = true; // free, and nobody (alive) waits before us
            holder = running();
            return;
        }
        Future<Void> waiter = new Future<Void>().waitsOn(this);
        waiters.addLast(waiter);
        try {
            try {
                Futures.await(waiter);
            } finally {
                waiters.remove(waiter);
            }
        } catch (RuntimeException | Error interrupted) {
            if (!locked) {
                wakeUpFirst(); // we may have been woken: the next waiter must not wait for nothing
            }
            throw interrupted;
        }
        locked = true; // woken by release(): the lock is free, and our turn
        holder = running();
        // END SOLUTION
    }

    /**
     * Unlocks, and wakes the first waiting task, which takes the lock when it runs.
     *
     * @throws IllegalStateException if the lock is not locked
     */
    public void release() {
        // BEGIN SOLUTION
        if (!locked) {
            throw new IllegalStateException("release() of a Lock that is not locked: release only a lock you acquired");
        }
        locked = false;
        holder = null;
        wakeUpFirst();
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
