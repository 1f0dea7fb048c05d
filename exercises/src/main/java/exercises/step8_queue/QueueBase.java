package exercises.step8_queue;

import miniasyncio.trace.Waitable;

/**
 * Given: the part of {@link Queue} the kit writes (its bound, the storage its items live in, and
 * what the step-through page asks of it), so that {@code Queue.java} holds only what you write,
 * beside its constructors and exceptions. A release may change this file; yours is never touched.
 * Only {@link Queue} extends it: the rest of the kit names {@code Queue}.
 */
public abstract class QueueBase<T> implements Waitable {

    /** At most this many items; 0 or less: unbounded. */
    protected final int maxsize;

    /**
     * The items, in the order {@code get} takes them: {@code items.add(item)} stores one,
     * {@code items.poll()} takes the next, {@code items.size()} counts them. Keep every item here
     * and nowhere else: {@link LifoQueue} and {@link PriorityQueue} are {@link Queue} with another
     * {@code items}.
     */
    protected final java.util.Queue<T> items;

    QueueBase(int maxsize, java.util.Queue<T> items) {
        this.maxsize = maxsize;
        this.items = items;
    }

    public int maxsize() {
        return maxsize;
    }

    /** Yours, in {@link Queue}. */
    public abstract int qsize();

    /** Yours, in {@link Queue}. */
    public abstract boolean isEmpty();

    /** Yours, in {@link Queue}. */
    public abstract boolean isFull();

    /** Yours, in {@link Queue}. */
    public abstract boolean isShutDown();

    /**
     * For the step-through page (a {@link Waitable}): why a task parked on the queue waits, from what
     * the queue says of itself ("empty: get waits for an item"). It only reads.
     */
    @Override
    public String waitingBecause() {
        if (isShutDown()) {
            return "shut down";
        }
        if (isEmpty()) {
            return "empty: get waits for an item";
        }
        String size = qsize() + (maxsize > 0 ? " of " + maxsize : "");
        return isFull() ? "full, " + size + ": put waits for a free slot" : size + " items";
    }
}
