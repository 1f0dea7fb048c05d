package miniasyncio.around;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.TimerHeap;

/**
 * Stall detection on the virtual clock. There time moves only when no task is ready: it jumps
 * to the next timer. A task that polls with {@code sleep(0)} for something a timer will bring (a
 * flag another task sets after {@code sleep(1)}) stays ready forever, so time never reaches the
 * timer: a program that works on the real clock would spin without end. After
 * {@link #setLimit limit} steps at one instant with timers pending, the run stops with a
 * {@link DeadlockException} that names the polling tasks and says why.
 *
 * <p>Joined to the loop at one point: on the virtual clock the loop calls {@link #check} before
 * each step (on the real clock time moves by itself: the loop does not call it). Steps taken while
 * a {@code toThread} worker runs do not count: the worker can end the wait without time moving.
 */
public final class VirtualTimeStall {

    private final Clock clock;
    private long limit = 5_000_000; // about a second of polling
    private long steps;
    private long at = -1;

    /** Public, as {@link #check}: the Scheduler, in package miniasyncio, makes and calls it. */
    public VirtualTimeStall(Clock clock) {
        this.clock = clock;
    }

    void setLimit(long steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("the stall limit is a number of steps >= 1, got " + steps);
        }
        limit = steps;
    }

    /**
     * One more step at the current instant, with the scheduler's {@code ready} and {@code sleeping}, and whether a
     * {@code toThread} worker runs; throws once there have been too many with timers pending.
     */
    public void check(Collection<Task> ready, TimerHeap sleeping, boolean workerRunning) {
        if (sleeping.isEmpty() || workerRunning) {
            steps = 0;
            return;
        }
        long now = clock.nanoTime();
        if (now != at) {
            at = now;
            steps = 0;
        } else if (++steps > limit) {
            throw cannotMove(now, ready, sleeping);
        }
    }

    private DeadlockException cannotMove(long now, Collection<Task> ready, TimerHeap sleeping) {
        List<Task> polling = new ArrayList<>(ready);
        String names = polling.size() <= 10 ? polling.toString()
                : polling.subList(0, 10) + " and " + (polling.size() - 10) + " more";
        Task next = sleeping.peek();
        int timers = sleeping.size();
        return new DeadlockException(String.format(Locale.ROOT, "virtual time cannot move: %s stayed ready"
                        + " for %,d steps at t=%.3f s while %d timer%s wait%s (the next at t=%.3f s, %s). On the virtual"
                        + " clock time jumps to the next timer only when no task is ready, so a task that polls with"
                        + " sleep(0) for what a timer will bring never lets the timer come. Poll with sleep(d), d > 0,"
                        + " or wait for an event instead of polling.",
                names, limit, now / 1e9, timers, timers == 1 ? "" : "s", timers == 1 ? "s" : "", sleeping.firstWakeAt() / 1e9,
                next));
    }
}
