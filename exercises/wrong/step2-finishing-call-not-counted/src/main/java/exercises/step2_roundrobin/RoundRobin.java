package exercises.step2_roundrobin;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;
import miniasyncio.Generator;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.StopIteration;

/**
 * Step 2: the lecture's first scheduler (section 3a). A worker is a generator that does one step
 * and yields; the scheduler keeps a FIFO of workers, runs the first to its next yield and puts it
 * at the back, until every worker has finished. No timers and no syscalls yet: just taking turns.
 */
public final class RoundRobin {

    private RoundRobin() {
    }

    /**
     * {@code worker(name, steps)}: for i in 0..steps-1 it reports "[name] step i" to {@code out},
     * then yields (hands control back to the scheduler).
     */
    public static Generator<Void, Void, Void> worker(String name, int steps, Consumer<String> out) {
        // BEGIN SOLUTION
        return new Generator<>("worker " + name, g -> {
            for (int i = 0; i < steps; i++) {
                out.accept("[" + name + "] step " + i);
                g.yield(null); // hand control back to the scheduler
            }
            return null;
        });
        // END SOLUTION
    }

    /**
     * Runs {@code tasks} round-robin until all have finished: take the first, run it to its next
     * yield, put it at the back; a task that finishes ({@link StopIteration}) is dropped. An
     * exception from a task propagates out of the scheduler, as in the lecture.
     *
     * @return how many steps were run in total (each {@code next()} call counts one)
     */
    public static int scheduler(List<? extends Generator<?, ?, ?>> tasks) {
        // BEGIN SOLUTION
        ArrayDeque<Generator<?, ?, ?>> q = new ArrayDeque<>(tasks);
        int steps = 0;
        while (!q.isEmpty()) {
            Generator<?, ?, ?> task = q.pollFirst();
            try {
                task.next();       // run to the next yield
                steps++;

                q.addLast(task);   // back of the queue
            } catch (StopIteration finished) {
                // finished: drop it
            }
        }
        return steps;
        // END SOLUTION
    }
}
