package exercises.step8_queue;

import static miniasyncio.MiniAsyncio.now;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Given: the part of {@link Pipeline} the kit writes (what a pipeline is made of, what it answers,
 * and its log line), so that {@code Pipeline.java} holds only what you write. A release may change
 * this file; yours is never touched. Only {@link Pipeline} extends it: the rest of the kit names
 * {@code Pipeline}.
 */
public abstract class PipelineBase {

    protected final Queue<String> queue;
    protected final double readDelay;
    protected final double processDelay;
    protected final UnaryOperator<String> process;
    protected final Consumer<String> log;
    /** What the consumer stored, in order. */
    protected final List<String> stored = new ArrayList<>();
    /** Which ends have run their cleanup: "producer", "consumer". */
    protected final List<String> closed = new ArrayList<>();
    /** When the run began, the origin of the log's times. */
    protected double started;

    PipelineBase(int maxsize, double readDelay, double processDelay, UnaryOperator<String> process,
            Consumer<String> log) {
        this.queue = new Queue<>(maxsize);
        this.readDelay = readDelay;
        this.processDelay = processDelay;
        this.process = process;
        this.log = log;
    }

    /** What the consumer stored, in order. */
    public List<String> stored() {
        return List.copyOf(stored);
    }

    /** Which ends have run their cleanup: "producer", "consumer". */
    public List<String> closed() {
        return List.copyOf(closed);
    }

    public Queue<String> queue() {
        return queue;
    }

    /** Logs {@code line} with the time since the run began: {@code t=0.30 producer: put block 1 (queue 1/2)}. */
    protected void say(String line) {
        log.accept(String.format(Locale.ROOT, "t=%.2f %s", now() - started, line));
    }
}
