package exercises.step8_queue;

import java.util.Comparator;

/**
 * asyncio's {@code PriorityQueue}: a {@link Queue} whose {@code get} takes the smallest item (a
 * heap, Python's {@code heapq}; Python's entries are often {@code (priority, data)} tuples, here a
 * {@link Comparator} or a record that is {@link Comparable}). Given: it is your {@code Queue} over
 * a heap (its {@code items} decide the order), so it works as soon as your {@code Queue} keeps its
 * items in the given {@code items}.
 */
public class PriorityQueue<T> extends Queue<T> {

    /** A heap of at most {@code maxsize} items in their natural order; 0 or less: unbounded. */
    public PriorityQueue(int maxsize) {
        super(maxsize, new java.util.PriorityQueue<>());
    }

    /** A heap of at most {@code maxsize} items, the smallest by {@code order} first. */
    public PriorityQueue(int maxsize, Comparator<? super T> order) {
        super(maxsize, new java.util.PriorityQueue<>(order));
    }
}
