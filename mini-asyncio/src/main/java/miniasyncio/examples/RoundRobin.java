package miniasyncio.examples;

import java.util.ArrayDeque;
import java.util.List;
import miniasyncio.Generator;
import miniasyncio.StopIteration;

/**
 * The lecture's first scheduler (section 3a): a queue of generators, each run to its next
 * {@code yield} and put back at the end, until all are finished. No timers, no syscalls: just
 * taking turns.
 */
public final class RoundRobin {

    private RoundRobin() {
    }

    static Generator<Void, Void, Void> worker(String name, int steps) {
        return new Generator<>("worker " + name, g -> {
            for (int i = 0; i < steps; i++) {
                System.out.printf("[%s] step %d%n", name, i);
                g.yield(null); // hand control back to the scheduler
            }
            return null;
        });
    }

    static void scheduler(List<Generator<Void, Void, Void>> tasks) {
        ArrayDeque<Generator<Void, Void, Void>> q = new ArrayDeque<>(tasks);
        while (!q.isEmpty()) {
            Generator<Void, Void, Void> task = q.pollFirst();
            try {
                task.next();       // run to the next yield
                q.addLast(task);   // back of the queue
            } catch (StopIteration finished) {
                // finished: drop it
            }
        }
    }

    public static void main(String[] args) {
        scheduler(List.of(worker("A", 3), worker("B", 3), worker("C", 2)));
    }
}
