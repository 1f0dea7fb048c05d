package exercises.step8_queue;

import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import exercises.step6_timeouts.Timeouts;
import exercises.step7_taskgroup.TaskGroup;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * The seminar's pipeline: a producer reads blocks of data (slowly: {@code readDelay} each) and
 * puts them on a {@code Queue(maxsize)}; a consumer takes them, processes each
 * ({@code processDelay}, then {@code process}) and stores the result. When the queue is full the
 * producer waits: backpressure.
 *
 * <p>Both run as children of one {@link TaskGroup}, inside a {@link Timeouts#timeout} scope:
 * <ul>
 *   <li>normal end: the producer shuts the queue down after its last block; the consumer drains
 *       the queue and stops on {@link Queue.ShutDown}; the group returns;</li>
 *   <li>a failure in either: the group cancels the other, and {@link #run} throws the group's
 *       exception;</li>
 *   <li>time is up: both are cancelled, and {@link #run} throws a timeout.</li>
 * </ul>
 * In every case each side's {@code finally} closes its end ("producer: closed",
 * "consumer: closed"), and no block is stored twice.
 *
 * <p>Given, in {@link PipelineBase}: the fields, {@link #stored()}, {@link #closed()},
 * {@link #queue()} and {@code say(line)}, the log line with its time.
 */
public final class Pipeline extends PipelineBase {

    public Pipeline(int maxsize, double readDelay, double processDelay, UnaryOperator<String> process,
            Consumer<String> log) {
        super(maxsize, readDelay, processDelay, process, log);
    }

    /** The producer: reads each block, puts it (waiting while the queue is full), then shuts the queue down. */
    public void producer(List<String> blocks) {
        // BEGIN SOLUTION
        try {
            for (String block : blocks) {
                sleep(readDelay); // reading the block from a slow source
                if (queue.isFull()) {
                    say("producer: queue full, waiting");
                }
                queue.put(block);
                say("producer: put " + block + " (queue " + queue.qsize() + "/" + queue.maxsize() + ")");
            }
            queue.shutdown(); // no more blocks: the consumer stops once the queue is drained
        } finally {
            closed.add("producer");
            say("producer: closed");
        }
        // END SOLUTION
    }

    /** The consumer: takes blocks until the queue is shut down and drained; processes and stores each. */
    public void consumer() {
        // BEGIN SOLUTION
        try {
            while (true) {
                String block;
                try {
                    block = queue.get();
                } catch (Queue.ShutDown noMore) {
                    return;
                }
                sleep(processDelay); // processing takes time
                String result = process.apply(block);
                stored.add(result);
                say("consumer: stored " + result);
            }
        } finally {
            closed.add("consumer");
            say("consumer: closed");
        }
        // END SOLUTION
    }

    /**
     * Runs producer and consumer under a TaskGroup, within {@code timeoutSeconds}.
     *
     * @return what was stored
     * @throws exercises.step6_timeouts.TimeoutException when the time is up
     * @throws exercises.step7_taskgroup.TaskGroupException when the producer or the consumer failed
     */
    public List<String> run(List<String> blocks, double timeoutSeconds) {
        started = now();
        // BEGIN SOLUTION
        Timeouts.timeout(timeoutSeconds, () -> TaskGroup.run(tg -> {
            tg.createTask("producer", () -> {
                producer(blocks);
                return null;
            });
            tg.createTask("consumer", () -> {
                consumer();
                return null;
            });
            return null;
        }));
        return stored();
        // END SOLUTION
    }
}
