package exercises.step4_sync;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * asyncio's {@code Event}: a flag that tasks can wait for. {@link #await()} returns at once while
 * the flag is set; otherwise the task parks on a fresh {@link Future}, and {@link #set()}
 * completes all those futures, waking every waiter (in the order they came).
 *
 * <p>Built on step 3 alone: no new syscall, no change to the scheduler. This is why asyncio
 * needs only futures: every waiting primitive is a queue of futures.
 */
public final class Event extends EventBase {

    // BEGIN SOLUTION MEMBERS
    private boolean flag;
    private final List<Future<Boolean>> waiters = new ArrayList<>();
    // END SOLUTION

    @Override
    public boolean isSet() {
        // BEGIN SOLUTION
        return flag;
        // END SOLUTION
    }

    /** Sets the flag and wakes every task waiting in {@link #await()}. */
    public void set() {
        // BEGIN SOLUTION
        if (flag) {
            return;
        }
        flag = true;
        for (Future<Boolean> waiter : waiters) {
            if (!waiter.isDone()) {
                waiter.setResult(true);
            }
        }
        waiters.clear();
        // END SOLUTION
    }

    /**
     * How many tasks wait in {@link #await()} now. A waiter whose wait was interrupted (a
     * cancelled task, step 5) no longer counts: the event has forgotten it.
     */
    public int waiting() {
        // BEGIN SOLUTION
        return waiters.size();
        // END SOLUTION
    }

    /** Clears the flag: tasks that call {@link #await()} from now on wait again. */
    public void clear() {
        // BEGIN SOLUTION
        flag = false;
        // END SOLUTION
    }

    /**
     * Python's {@code await event.wait()} ({@code wait} is taken by {@link Object#wait()}): returns
     * true at once if the flag is set, else parks the task until {@link #set()}.
     */
    public boolean await() {
        // BEGIN SOLUTION
        if (flag) {
            return true;
        }
        Future<Boolean> waiter = new Future<Boolean>().waitsOn(this);
        waiters.add(waiter);
        try {
            return Futures.await(waiter);
        } finally {
            waiters.remove(waiter); // also when the wait is interrupted (cancelled, step 5)
        }
        // END SOLUTION
    }
}
