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
public final class Event {

    // My own: the flag, and the futures of the tasks parked in await(), oldest first.
    private boolean flag;
    private final List<Future<Void>> parked = new ArrayList<>();

    public boolean isSet() {
        return flag;
    }

    /** Sets the flag and wakes every task waiting in {@link #await()}. */
    public void set() {
        flag = true;
        List<Future<Void>> wake = new ArrayList<>(parked);
        parked.clear();
        for (Future<Void> f : wake) {
            if (!f.isDone()) {
                f.setResult(null);
            }
        }
    }

    /**
     * How many tasks wait in {@link #await()} now. A waiter whose wait was interrupted (a
     * cancelled task, step 5) no longer counts: the event has forgotten it.
     */
    public int waiting() {
        return parked.size();
    }

    /** Clears the flag: tasks that call {@link #await()} from now on wait again. */
    public void clear() {
        flag = false;
    }

    /**
     * Python's {@code await event.wait()} ({@code wait} is taken by {@link Object#wait()}): returns
     * true at once if the flag is set, else parks the task until {@link #set()}.
     */
    public boolean await() {
        if (flag) {
            return true;
        }
        Future<Void> mine = new Future<>();
        parked.add(mine);
        try {
            Futures.await(mine);
        } finally {
            parked.remove(mine); // interrupted (cancelled): forget me
        }
        return true;
    }
}
