package exercises.step8_queue;

import exercises.step5_cancellation.CancellableScheduler;
import exercises.step6_timeouts.TimeoutException;
import java.util.List;
import java.util.Locale;

/**
 * The seminar's pipeline, twice. First in full: the producer is fast and the consumer slow, so
 * the queue (maxsize 2) fills and the producer waits; every block is stored once, and both ends
 * close. Then with a timeout too short for all the work: both ends are cancelled, close, and the
 * blocks stored so far are each stored once.
 */
public final class Ex8Pipeline {

    private Ex8Pipeline() {
    }

    static final List<String> BLOCKS = List.of("block-1", "block-2", "block-3", "block-4", "block-5");

    static void pipeline(double timeout) {
        Pipeline pipeline = new Pipeline(2, 0.01, 0.1, s -> s.toUpperCase(Locale.ROOT), System.out::println);
        try {
            List<String> stored = pipeline.run(BLOCKS, timeout);
            System.out.println("pipeline: stored " + stored.size() + " of " + BLOCKS.size() + " blocks: " + stored);
        } catch (TimeoutException e) {
            System.out.println("pipeline: timed out after " + timeout + " s; stored " + pipeline.stored());
        }
    }

    public static void main(String[] args) {
        System.out.println("-- pipeline, timeout 1.0 s");
        new CancellableScheduler().run("pipeline", () -> {
            pipeline(1.0);
            return null;
        });
        System.out.println("-- pipeline, timeout 0.25 s");
        new CancellableScheduler().run("pipeline", () -> {
            pipeline(0.25);
            return null;
        });
    }
}
