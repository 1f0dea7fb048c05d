package exercises.step8_queue;

import exercises.OptionalExercise;
import exercises.ValueError;
import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import exercises.step4_sync.Event;
import java.util.ArrayDeque;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * Step 8: asyncio's {@code Queue(maxsize)}, a FIFO between tasks with backpressure.
 *
 * <ul>
 *   <li>{@link #get()} waits while the queue is empty.</li>
 *   <li>{@link #put} waits while it is full (maxsize items; maxsize 0 or less means unbounded):
 *       a fast producer is slowed down to the pace of its consumer instead of filling memory.</li>
 *   <li>{@link #shutdown()} (Python 3.13's {@code Queue.shutdown}) is the clean way to say "no
 *       more items": {@code put} raises {@link ShutDown} from then on; {@code get} still hands out
 *       what is left, then raises {@link ShutDown}. Waiting tasks wake up and see it.</li>
 * </ul>
 *
 * <p>Built like {@link exercises.step4_sync.Lock}: each waiting task parks on its own
 * {@link Future}. A waker completes the first waiting future; the woken task checks the
 * condition again (another task may have got there first). A waiter whose wait is interrupted
 * (cancelled) leaves the queue of waiters, and if it had been woken already, passes the wake-up
 * on, so that no item and no free slot is left with nobody woken for it.
 *
 * <p>The items live in the given {@link #items}, a {@link java.util.Queue} that decides their
 * order: a FIFO here, a stack in {@link LifoQueue}, a heap in {@link PriorityQueue} (asyncio's
 * {@code _init}, {@code _put} and {@code _get}). The class is open for those two subclasses only.
 *
 * <p>Given, in {@link QueueBase}: {@link #items}, {@link #maxsize()} and what the step-through
 * page asks.
 *
 * <p>Optional exercise (the statement's "Optional: join() and an immediate shutdown"):
 * {@link #taskDone()}, {@link #join()} and {@link #shutdown(boolean)}.
 */
public class Queue<T> extends QueueBase<T> {

    /** {@code put} after {@link #shutdown()}, or {@code get} on an empty queue that is shut down. */
    public static final class ShutDown extends RuntimeException {
        public ShutDown() {
            super("the queue is shut down");
        }
    }

    /** {@link #putNowait} on a full queue. */
    public static final class Full extends RuntimeException {
        public Full(int maxsize) {
            super("the queue is full (maxsize " + maxsize + ")");
        }
    }

    /** {@link #getNowait} on an empty queue. */
    public static final class Empty extends RuntimeException {
        public Empty() {
            super("the queue is empty");
        }
    }

    /** A queue of at most {@code maxsize} items; 0 or less: unbounded. */
    public Queue(int maxsize) {
        this(maxsize, new ArrayDeque<>());
    }

    /** For {@link LifoQueue} and {@link PriorityQueue}: the same queue over other storage. */
    protected Queue(int maxsize, java.util.Queue<T> items) {
        super(maxsize, items);
    }

    // BEGIN SOLUTION MEMBERS
    private final ArrayDeque<Future<Void>> getters = new ArrayDeque<>();
    private final ArrayDeque<Future<Void>> putters = new ArrayDeque<>();
    private boolean shutdown;
    // the optional exercise: items put and not yet marked done; join() waits for finished
    private int unfinished;
    private final Event finished = new Event();

    {
        finished.set(); // no unfinished item yet: join() returns at once
    }

    /** Wakes the first task still waiting in {@code waiters}. */
    private static void wakeNext(ArrayDeque<Future<Void>> waiters) {
        Future<Void> waiter;
        while ((waiter = waiters.pollFirst()) != null) {
            if (!waiter.isDone()) {
                waiter.setResult(null);
                return;
            }
        }
    }

    /** Parks the task until woken through {@code waiters}; cleans up if the wait is interrupted. */
    private void park(ArrayDeque<Future<Void>> waiters) {
        Future<Void> waiter = new Future<Void>().waitsOn(this);
        waiters.addLast(waiter);
        try {
            Futures.await(waiter);
        } catch (RuntimeException | Error interrupted) {
            waiters.remove(waiter);
            if (waiter.isDone() && !waiter.isCancelled()) {
                wakeNext(waiters); // we were woken but will not use it: pass the wake-up on
            } // (cancelled: the task was cancelled while it waited, step 5; nobody woke it)
            throw interrupted;
        }
    }
    // END SOLUTION

    /** How many items are in the queue now. */
    @Override
    public int qsize() {
        // BEGIN SOLUTION
        return items.size();
        // END SOLUTION
    }

    @Override
    public boolean isEmpty() {
        // BEGIN SOLUTION
        return items.isEmpty();
        // END SOLUTION
    }

    /** True when {@code maxsize > 0} and the queue holds that many items. */
    @Override
    public boolean isFull() {
        // BEGIN SOLUTION
        return maxsize > 0 && items.size() >= maxsize;
        // END SOLUTION
    }

    /**
     * Adds {@code item} at the end, waiting while the queue is full.
     *
     * @throws ShutDown if the queue is (or becomes, while waiting) shut down
     */
    public void put(T item) {
        // BEGIN SOLUTION
        while (true) {
            if (shutdown) {
                throw new ShutDown();
            }
            if (!isFull()) {
                break;
            }
            park(putters);
        }
        putNowait(item);
        // END SOLUTION
    }

    /**
     * Adds {@code item} at the end without waiting, and wakes one waiting {@code get}.
     *
     * @throws Full if the queue is full
     * @throws ShutDown if the queue is shut down
     */
    public void putNowait(T item) {
        // BEGIN SOLUTION
        if (shutdown) {
            throw new ShutDown();
        }
        if (isFull()) {
            throw new Full(maxsize);
        }
        items.add(item);
        unfinished++; // the optional exercise: one more item for join() to wait for
        finished.clear();
        wakeNext(getters);
        // END SOLUTION
    }

    /**
     * Removes and returns the first item, waiting while the queue is empty.
     *
     * @throws ShutDown if the queue is empty and shut down
     */
    public T get() {
        // BEGIN SOLUTION
        while (items.isEmpty()) {
            if (shutdown) {
                throw new ShutDown();
            }
            park(getters);
        }
        return getNowait();
        // END SOLUTION
    }

    /**
     * Removes and returns the first item without waiting, and wakes one waiting {@code put}.
     *
     * @throws Empty if the queue is empty (or {@link ShutDown} if it is also shut down)
     */
    public T getNowait() {
        // BEGIN SOLUTION
        if (items.isEmpty()) {
            throw shutdown ? new ShutDown() : new Empty();
        }
        T item = items.poll();
        wakeNext(putters);
        return item;
        // END SOLUTION
    }

    /**
     * No more items: {@code put} raises {@link ShutDown} from now on, {@code get} drains what is
     * left and then raises it. Every waiting task is woken to see it.
     */
    public void shutdown() {
        // BEGIN SOLUTION
        shutdown = true;
        while (!getters.isEmpty()) {
            wakeNext(getters);
        }
        while (!putters.isEmpty()) {
            wakeNext(putters);
        }
        // END SOLUTION
    }

    @Override
    public boolean isShutDown() {
        // BEGIN SOLUTION
        return shutdown;
        // END SOLUTION
    }

    /**
     * Optional exercise. Says that an item taken with {@code get} has been dealt with (asyncio's
     * {@code task_done()}): when every item ever put has been, {@link #join()} returns.
     *
     * @throws ValueError "task_done() called too many times", when no item is left unfinished
     */
    @OptionalExercise
    public void taskDone() {
        // BEGIN SOLUTION
        if (unfinished <= 0) {
            throw new ValueError("task_done() called too many times");
        }
        unfinished--;
        if (unfinished == 0) {
            finished.set();
        }
        // END SOLUTION
    }

    /**
     * Optional exercise. Waits until every item put into the queue has been marked done with
     * {@link #taskDone()} (asyncio's {@code join()}); returns at once when none is unfinished.
     */
    @OptionalExercise
    public void join() {
        // BEGIN SOLUTION
        if (unfinished > 0) {
            finished.await();
        }
        // END SOLUTION
    }

    /**
     * Optional exercise. {@code shutdown(false)} is {@link #shutdown()}; {@code shutdown(true)}
     * also drops every item still in the queue, each counted as done for {@link #join()}, so that
     * {@code get} raises {@link ShutDown} at once (asyncio's {@code shutdown(immediate=True)}).
     */
    @OptionalExercise
    public void shutdown(boolean immediate) {
        // BEGIN SOLUTION
        if (immediate) {
            while (!items.isEmpty()) {
                items.poll();
                if (unfinished > 0) {
                    unfinished--;
                }
            }
            if (unfinished == 0) {
                finished.set(); // the joiners have nothing left to wait for
            }
        }
        shutdown();
        // END SOLUTION
    }
}
