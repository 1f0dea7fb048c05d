package miniasyncio.bench;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.SplittableRandom;
import miniasyncio.Coroutine;

/**
 * The floor for timers: the same sleepers as {@link TimerBench}, but bare continuations ordered
 * by the best heap we can write without a scheduler's bookkeeping: wake times in a {@code long[]},
 * continuations in an {@code Object[]} beside them, a virtual clock that jumps to the next timer.
 * What it costs at 1M sleepers over 1k is physics (cold stacks and a heap that no longer fits in
 * the cache); what the kit costs over it is the kit's.
 */
final class TimerFloor {

    private long[] wakeAt = new long[16];
    private long[] seq = new long[16];
    private Object[] sleepers = new Object[16];
    private int size;
    private long nextSeq;
    private long now;
    private long requested; // the wake time the running continuation asked for

    private TimerFloor() {
    }

    /** N bare continuations x K random sleeps (1 ms..1 s), the same random stream as the kit's run. */
    static void run(int tasks, int steps, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        TimerFloor floor = new TimerFloor();
        Runnable body = () -> {
            for (int k = 0; k < steps; k++) {
                floor.requested = floor.now + random.nextInt(1, 1001) * 1_000_000L;
                Coroutine.rawYield();
            }
        };
        ArrayDeque<Object> ready = new ArrayDeque<>();
        for (int i = 0; i < tasks; i++) {
            ready.addLast(Coroutine.rawContinuation(body));
        }
        while (true) {
            Object c;
            while ((c = ready.pollFirst()) != null) {
                if (!Coroutine.rawRun(c)) {
                    floor.add(floor.requested, c);
                }
            }
            if (floor.size == 0) {
                return;
            }
            floor.now = floor.wakeAt[0];
            while (floor.size > 0 && floor.wakeAt[0] <= floor.now) {
                ready.addLast(floor.poll());
            }
        }
    }

    private void add(long key, Object sleeper) {
        if (size == sleepers.length) {
            wakeAt = Arrays.copyOf(wakeAt, 2 * size);
            seq = Arrays.copyOf(seq, 2 * size);
            sleepers = Arrays.copyOf(sleepers, 2 * size);
        }
        long s = nextSeq++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (wakeAt[parent] < key || (wakeAt[parent] == key && seq[parent] < s)) {
                break;
            }
            wakeAt[i] = wakeAt[parent];
            seq[i] = seq[parent];
            sleepers[i] = sleepers[parent];
            i = parent;
        }
        wakeAt[i] = key;
        seq[i] = s;
        sleepers[i] = sleeper;
    }

    private Object poll() {
        Object first = sleepers[0];
        int last = --size;
        long key = wakeAt[last];
        long s = seq[last];
        Object moved = sleepers[last];
        sleepers[last] = null;
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && (wakeAt[right] < wakeAt[child]
                    || (wakeAt[right] == wakeAt[child] && seq[right] < seq[child]))) {
                child = right;
            }
            if (key < wakeAt[child] || (key == wakeAt[child] && s < seq[child])) {
                break;
            }
            wakeAt[i] = wakeAt[child];
            seq[i] = seq[child];
            sleepers[i] = sleepers[child];
            i = child;
        }
        if (size > 0) {
            wakeAt[i] = key;
            seq[i] = s;
            sleepers[i] = moved;
        }
        return first;
    }
}
