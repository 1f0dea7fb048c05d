package exercises.step8_queue;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
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
 */
public class Queue<T> {

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

    private final int maxsize;

    /** The items, in the order {@code get} takes them (given). */
    private final java.util.Queue<T> items;

    /** A queue of at most {@code maxsize} items; 0 or less: unbounded. */
    public Queue(int maxsize) {
        this(maxsize, new ArrayDeque<>());
    }

    /** For {@link LifoQueue} and {@link PriorityQueue}: the same queue over other storage. */
    protected Queue(int maxsize, java.util.Queue<T> items) {
        this.maxsize = maxsize;
        this.items = items;
    }

    public int maxsize() {
        return maxsize;
    }

    private final ArrayDeque<Future<Void>> getters = new ArrayDeque<>();
    private final ArrayDeque<Future<Void>> putters = new ArrayDeque<>();
    private boolean shut;

    private static void park(ArrayDeque<Future<Void>> waiters) {
        Future<Void> f = new Future<>();
        waiters.addLast(f);
        try {
            Futures.await(f);
        } catch (Throwable t) {
            boolean wasWoken = f.isDone() && !f.isCancelled(); // cancelled: nobody woke it
            waiters.remove(f);
            if (wasWoken) {
                wakeOne(waiters);
            }
            throw t;
        }
    }

    private static void wakeOne(ArrayDeque<Future<Void>> waiters) {
        while (!waiters.isEmpty()) {
            Future<Void> f = waiters.pollFirst();
            if (!f.isDone()) {
                f.setResult(null);
                return;
            }
        }
    }

    /** How many items are in the queue now. */
    public int qsize() {
        return items.size();
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }

    /** True when {@code maxsize > 0} and the queue holds that many items. */
    public boolean isFull() {
        return maxsize > 0 && items.size() >= maxsize;
    }

    /**
     * Adds {@code item} at the end, waiting while the queue is full.
     *
     * @throws ShutDown if the queue is (or becomes, while waiting) shut down
     */
    public void put(T item) {
        while (true) {
            if (shut) {
                throw new ShutDown();
            }
            if (!isFull()) {
                break;
            }
            park(putters);
        }
        putNowait(item);
    }

    /**
     * Adds {@code item} at the end without waiting, and wakes one waiting {@code get}.
     *
     * @throws Full if the queue is full
     * @throws ShutDown if the queue is shut down
     */
    public void putNowait(T item) {
        if (shut) {
            throw new ShutDown();
        }
        if (isFull()) {
            throw new Full(maxsize);
        }
        items.add(item);
        wakeOne(getters);
    }

    /**
     * Removes and returns the first item, waiting while the queue is empty.
     *
     * @throws ShutDown if the queue is empty and shut down
     */
    public T get() {
        while (items.isEmpty()) {
            if (shut) {
                throw new ShutDown();
            }
            park(getters);
        }
        return getNowait();
    }

    /**
     * Removes and returns the first item without waiting, and wakes one waiting {@code put}.
     *
     * @throws Empty if the queue is empty (or {@link ShutDown} if it is also shut down)
     */
    public T getNowait() {
        if (items.isEmpty()) {
            if (shut) {
                throw new ShutDown();
            }
            throw new Empty();
        }
        T item = items.poll();
        wakeOne(putters);
        return item;
    }

    /**
     * No more items: {@code put} raises {@link ShutDown} from now on, {@code get} drains what is
     * left and then raises it. Every waiting task is woken to see it.
     */
    public void shutdown() {
        shut = true;
        while (!getters.isEmpty()) {
            wakeOne(getters);
        }
        while (!putters.isEmpty()) {
            wakeOne(putters);
        }
    }

    public boolean isShutDown() {
        return shut;
    }
}
