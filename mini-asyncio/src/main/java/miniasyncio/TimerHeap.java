package miniasyncio;

import java.util.AbstractQueue;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The scheduler's {@code sleeping}: a binary heap of tasks, earliest wake time first, and among
 * equal wake times the one that went to sleep first. It is a {@link java.util.Queue} of tasks
 * ({@code peek}, {@code poll}, {@code isEmpty}, {@code size}, {@code remove(task)},
 * {@code contains(task)}, iteration), just like the {@code PriorityQueue} it replaces, except that
 * a task goes to sleep with its wake time: {@code add(task, wakeAt)}. The heap is the one place
 * that keeps it (the task keeps none).
 *
 * <p>Why not a {@code PriorityQueue<Task>}: with a million sleepers, each comparison of that
 * heap loaded two {@code Task} objects that were long out of the CPU's cache (a third of the
 * time of a timer op went there). Here the wake times sit in a {@code long[]} beside the tasks,
 * in the same order, so a comparison reads two neighbouring numbers and the tasks themselves are
 * only moved, never read. Equal wake times are common (on the virtual clock, every task that
 * sleeps 0.1 s at the same instant): they are ordered by a sequence number the heap gives each
 * task as it goes to sleep, kept in an {@code int[]}, so that equal timers stay first in,
 * first out without reading a task either.
 */
public final class TimerHeap extends AbstractQueue<Task> {

    // Capacities are 4 short of a power of two (12, 28, 60...): an array of a power of two
    // plus its 16-byte header would spill into one more of G1's regions once it is big enough
    // to get regions of its own (12 bytes per sleeper more with a million asleep).
    private long[] wakeAt = new long[12];
    private int[] order = new int[12]; // the sequence number of going to sleep: ties go first in, first out
    private Task[] tasks = new Task[12];
    private int size;
    private int nextOrder;
    private int renumberAt = Integer.MAX_VALUE; // see renumber(); lower only in tests
    private int modCount;

    /**
     * Puts {@code task} to sleep until {@code at} (clock nanoseconds): after every task already here with the
     * same time. The heap is the one place that keeps a sleeper's wake time.
     */
    public void add(Task task, long at) {
        if (task == null) {
            throw new NullPointerException("sleeping.add(null): only tasks sleep");
        }
        if (size == tasks.length) {
            int grown = 2 * (size + 4) - 4;
            wakeAt = Arrays.copyOf(wakeAt, grown);
            order = Arrays.copyOf(order, grown);
            tasks = Arrays.copyOf(tasks, grown);
        }
        modCount++;
        if (size == 0) {
            nextOrder = 0; // nobody asleep: the numbering can start again
        } else if (nextOrder == renumberAt) {
            renumber();
        }
        siftUp(size++, at, nextOrder++, task);
    }

    /** A {@code Queue}'s add without a wake time: refused, a sleeper needs one ({@link #add(Task, long)}). */
    @Override
    public boolean offer(Task task) {
        throw new UnsupportedOperationException("sleeping.add(task): say when it wakes, sleeping.add(task, wakeAt)");
    }

    /** When {@code task} wakes, if it is asleep here (clock nanoseconds), else -1. A scan, O(n): for pictures. */
    public long wakeAtOf(Task task) {
        int i = indexOf(task);
        return i < 0 ? -1 : wakeAt[i];
    }

    /** The task that wakes first, or null when none sleeps. */
    @Override
    public Task peek() {
        return size == 0 ? null : tasks[0];
    }

    /**
     * When the first task wakes (clock nanoseconds), from the heap's own array, the one place a
     * wake time is kept: the loop asks on every turn, and the array is in the cache where the task
     * would not be. Only while the heap is not empty.
     */
    public long firstWakeAt() {
        if (size == 0) {
            throw new NoSuchElementException("sleeping is empty: no task wakes");
        }
        return wakeAt[0];
    }

    /** Removes and returns the task that wakes first, or null when none sleeps. */
    @Override
    public Task poll() {
        if (size == 0) {
            return null;
        }
        Task first = tasks[0];
        removeAt(0);
        return first;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    /** Is {@code o} asleep here? A scan, O(n): only cancellation asks. */
    @Override
    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    /** Takes {@code o} out of the heap (a cancelled sleeper): O(n) to find it, O(log n) to remove. */
    @Override
    public boolean remove(Object o) {
        int i = indexOf(o);
        if (i < 0) {
            return false;
        }
        removeAt(i);
        return true;
    }

    @Override
    public void clear() {
        modCount++;
        Arrays.fill(tasks, 0, size, null);
        size = 0;
        nextOrder = 0;
    }

    /**
     * Numbers the sleepers 0, 1, 2... again in the order they went to sleep, so that the next
     * number fits an {@code int} (4 bytes a sleeper instead of a {@code long}'s 8). It runs only
     * when 2^31 sleeps were numbered while somebody was always asleep: O(n log n) once in two
     * billion sleeps. The heap stays a heap: every comparison between sleepers gives what it gave.
     */
    private void renumber() {
        Integer[] slots = new Integer[size];
        for (int i = 0; i < size; i++) {
            slots[i] = i;
        }
        Arrays.sort(slots, (a, b) -> Integer.compare(order[a], order[b]));
        for (int rank = 0; rank < size; rank++) {
            order[slots[rank]] = rank;
        }
        nextOrder = size;
    }

    /** For tests: renumber when the next number reaches {@code at}, not at {@link Integer#MAX_VALUE}. */
    void renumberAt(int at) {
        renumberAt = at;
    }

    /** For tests: how many sleepers the arrays hold before they grow. */
    int capacity() {
        return tasks.length;
    }

    /** The sleeping tasks in heap order (not sorted), as {@code PriorityQueue}'s iterator. */
    @Override
    public Iterator<Task> iterator() {
        return new Iterator<>() {
            private int next;
            private final int expected = modCount;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public Task next() {
                if (expected != modCount) {
                    throw new ConcurrentModificationException("sleeping changed while it was being iterated");
                }
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                return tasks[next++];
            }
        };
    }

    // ------------------------------------------------------------------ the heap itself

    private int indexOf(Object o) {
        for (int i = 0; i < size; i++) {
            if (tasks[i] == o) {
                return i;
            }
        }
        return -1;
    }

    private void removeAt(int i) {
        modCount++;
        int last = --size;
        Task moved = tasks[last];
        long key = wakeAt[last];
        int seq = order[last];
        tasks[last] = null;
        if (i == last) {
            return;
        }
        siftDown(i, key, seq, moved);
        if (tasks[i] == moved) {
            siftUp(i, key, seq, moved);
        }
    }

    /** Does the timer (k1, s1) go off strictly before (k2, s2)? Wake time first, then order of going to sleep. */
    private static boolean before(long k1, int s1, long k2, int s2) {
        return k1 != k2 ? k1 < k2 : s1 < s2;
    }

    private void siftUp(int i, long key, int seq, Task task) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(key, seq, wakeAt[parent], order[parent])) {
                break;
            }
            put(i, wakeAt[parent], order[parent], tasks[parent]);
            i = parent;
        }
        put(i, key, seq, task);
    }

    private void siftDown(int i, long key, int seq, Task task) {
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(wakeAt[right], order[right], wakeAt[child], order[child])) {
                child = right;
            }
            if (!before(wakeAt[child], order[child], key, seq)) {
                break;
            }
            put(i, wakeAt[child], order[child], tasks[child]);
            i = child;
        }
        put(i, key, seq, task);
    }

    private void put(int i, long key, int seq, Task task) {
        wakeAt[i] = key;
        order[i] = seq;
        tasks[i] = task;
    }
}
