package miniasyncio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@code sleeping}'s heap against {@code PriorityQueue} with the order it replaces. */
class TimerHeapTest {

    /** Each sleeper's wake time, as the test chose it: the heap keeps its own copy, which is what is tested. */
    private final Map<Task, Long> wakeAt = new IdentityHashMap<>();

    // Every sleeper here is added as soon as it is made, so its tid is its order of going to sleep.
    private final Comparator<Task> byWakeTime =
            Comparator.<Task>comparingLong(wakeAt::get).thenComparingInt(Task::tid);

    private long seq;

    private Task sleeper(long at) {
        Task task = new Task((int) seq + 1, "t", null, null);
        wakeAt.put(task, at);
        seq++;
        return task;
    }

    private void asleep(TimerHeap heap, Task task) {
        heap.add(task, wakeAt.get(task));
    }

    @Test
    void pollsInTheOrderOfAPriorityQueueUnderRandomAddsPollsAndRemoves() {
        againstAPriorityQueue(new TimerHeap());
    }

    @Test
    void renumberingTheOrderOfGoingToSleepKeepsThatOrder() {
        TimerHeap heap = new TimerHeap();
        heap.renumberAt(97); // renumbered again and again over the 20,000 operations
        againstAPriorityQueue(heap);
    }

    @Test
    void itsArraysStayFourSlotsShortOfAPowerOfTwoAsTheyGrow() {
        // 16 bytes of array header on top: a long[] of 2^k - 4 slots is 2^(k+3) - 16 bytes, so a
        // big one fills whole G1 regions instead of spilling a few bytes into one more.
        TimerHeap heap = new TimerHeap();
        List<Integer> capacities = new ArrayList<>(List.of(heap.capacity()));
        for (int i = 0; i < 1_000; i++) {
            asleep(heap, sleeper(i));
            if (heap.capacity() != capacities.get(capacities.size() - 1)) {
                capacities.add(heap.capacity());
            }
        }
        assertThat(capacities).containsExactly(12, 28, 60, 124, 252, 508, 1020);
        assertThat(heap).hasSize(1_000);
    }

    private void againstAPriorityQueue(TimerHeap heap) {
        SplittableRandom random = new SplittableRandom(7);
        PriorityQueue<Task> reference = new PriorityQueue<>(byWakeTime);
        List<Task> all = new ArrayList<>();
        for (int op = 0; op < 20_000; op++) {
            int what = random.nextInt(10);
            if (what < 5) {
                Task t = sleeper(random.nextInt(50)); // few distinct times: many ties
                asleep(heap, t);
                reference.add(t);
                all.add(t);
            } else if (what < 8) {
                assertThat(heap.peek()).isSameAs(reference.peek());
                if (!reference.isEmpty()) {
                    assertThat(heap.firstWakeAt()).isEqualTo(wakeAt.get(reference.peek()));
                }
                assertThat(heap.poll()).isSameAs(reference.poll());
            } else if (!all.isEmpty()) {
                Task t = all.get(random.nextInt(all.size()));
                assertThat(heap.contains(t)).isEqualTo(reference.contains(t));
                assertThat(heap.remove(t)).isEqualTo(reference.remove(t));
            }
            assertThat(heap.size()).isEqualTo(reference.size());
        }
        while (!reference.isEmpty()) {
            assertThat(heap.poll()).isSameAs(reference.poll());
        }
        assertThat(heap.isEmpty()).isTrue();
        assertThat(heap.poll()).isNull();
        assertThat(heap.peek()).isNull();
        assertThatThrownBy(heap::firstWakeAt).isInstanceOf(java.util.NoSuchElementException.class)
                .hasMessageContaining("sleeping is empty");
    }

    @Test
    void equalWakeTimesComeOutFirstInFirstOut() {
        TimerHeap heap = new TimerHeap();
        List<Task> added = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Task t = sleeper(5);
            added.add(t);
            asleep(heap, t);
        }
        List<Task> polled = new ArrayList<>();
        while (!heap.isEmpty()) {
            polled.add(heap.poll());
        }
        assertThat(polled).containsExactlyElementsOf(added);
    }

    @Test
    void aTaskThatGoesToSleepAgainWaitsBehindTheOnesAlreadyAsleepForTheSameTime() {
        TimerHeap heap = new TimerHeap();
        Task first = sleeper(5);
        Task second = sleeper(5);
        asleep(heap, first);
        asleep(heap, second);
        heap.remove(first); // cancelled, then asleep again: it went to sleep after `second` now
        asleep(heap, first);
        assertThat(heap.poll()).isSameAs(second);
        assertThat(heap.poll()).isSameAs(first);
    }

    @Test
    void iteratesEverySleeperAndSaysWhenChangedMeanwhile() {
        TimerHeap heap = new TimerHeap();
        Task a = sleeper(3);
        Task b = sleeper(1);
        Task c = sleeper(2);
        asleep(heap, a);
        asleep(heap, b);
        asleep(heap, c);
        assertThat(new ArrayList<>(heap)).containsExactlyInAnyOrder(a, b, c);
        assertThat(heap.wakeAtOf(b)).isEqualTo(1); // the heap keeps each sleeper's wake time
        assertThatThrownBy(() -> {
            for (Task t : heap) {
                heap.remove(t);
            }
        }).isInstanceOf(ConcurrentModificationException.class).hasMessageContaining("sleeping changed");
        assertThatThrownBy(() -> heap.add(null, 0)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("only tasks sleep");
        assertThatThrownBy(() -> heap.add(a)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("sleeping.add(task, wakeAt)");
        assertThat(heap.wakeAtOf(sleeper(4))).isEqualTo(-1); // never asleep here
        heap.clear();
        assertThat(heap).isEmpty();
    }
}
