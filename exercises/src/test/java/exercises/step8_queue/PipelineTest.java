package exercises.step8_queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step5_cancellation.CancellableScheduler;
import exercises.step6_timeouts.TimeoutException;
import exercises.step7_taskgroup.TaskGroupException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

class PipelineTest {

    static List<String> blocks(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> "block-" + i).toList();
    }

    static List<String> upper(List<String> blocks) {
        return blocks.stream().map(s -> s.toUpperCase(Locale.ROOT)).toList();
    }

    /** Runs a pipeline on the virtual clock; records the queue size after every step. */
    static List<String> run(Pipeline pipeline, List<String> blocks, double timeout, List<Integer> sizes) {
        CancellableScheduler scheduler = new CancellableScheduler(Clock.virtual());
        scheduler.settings().addInstrument(new miniasyncio.trace.Instrument() {
            @Override
            public void afterStep(miniasyncio.Task task, miniasyncio.Step step) {
                sizes.add(pipeline.queue().qsize());
            }
        });
        return scheduler.run("pipeline", () -> pipeline.run(blocks, timeout));
    }

    static final UnaryOperator<String> UPPER = s -> s.toUpperCase(Locale.ROOT);

    @Test
    void everyBlockIsStoredExactlyOnceInOrderAndBothEndsClose() {
        for (int maxsize = 1; maxsize <= 4; maxsize++) {
            for (double readDelay : new double[] {0, 0.01, 0.2}) {
                List<String> log = new ArrayList<>();
                List<Integer> sizes = new ArrayList<>();
                Pipeline pipeline = new Pipeline(maxsize, readDelay, 0.1, UPPER, log::add);
                List<String> stored = run(pipeline, blocks(12), 100.0, sizes);
                assertThat(stored).as("maxsize %d, read delay %s", maxsize, readDelay)
                        .containsExactlyElementsOf(upper(blocks(12)));
                assertThat(pipeline.closed()).containsExactlyInAnyOrder("producer", "consumer");
                assertThat(sizes).as("the queue never holds more than maxsize").allMatch(s -> s <= pipeline.queue().maxsize());
            }
        }
    }

    @Test
    void aFastProducerWaitsForTheSlowConsumer() {
        List<String> log = new ArrayList<>();
        Pipeline pipeline = new Pipeline(2, 0, 0.1, UPPER, log::add);
        run(pipeline, blocks(6), 100.0, new ArrayList<>());
        assertThat(log).contains("t=0.00 producer: queue full, waiting");
        // the producer could put all 6 at t=0 if it did not wait; it puts the last one only after
        // the consumer has taken enough: at 0.30, once three blocks are stored
        assertThat(log).contains("t=0.30 producer: put block-6 (queue 2/2)");
        assertThat(log.indexOf("t=0.30 producer: put block-6 (queue 2/2)"))
                .isGreaterThan(log.indexOf("t=0.30 consumer: stored BLOCK-3"));
    }

    @Test
    void aTimeoutCancelsBothEndsWhichCloseAndNothingIsStoredTwice() {
        List<String> log = new ArrayList<>();
        Pipeline pipeline = new Pipeline(2, 0.01, 0.1, UPPER, log::add);
        assertThatThrownBy(() -> run(pipeline, blocks(10), 0.35, new ArrayList<>()))
                .isInstanceOf(TimeoutException.class);
        assertThat(pipeline.stored()).containsExactlyElementsOf(upper(blocks(3)));
        assertThat(pipeline.closed()).containsExactlyInAnyOrder("producer", "consumer");
        assertThat(log).last().isEqualTo("t=0.35 consumer: closed");
    }

    @Test
    void aFailingConsumerStopsTheProducerToo() {
        List<String> log = new ArrayList<>();
        Pipeline pipeline = new Pipeline(2, 0.01, 0.1, s -> {
            if (s.equals("block-3")) {
                throw new IllegalArgumentException("cannot process " + s);
            }
            return s.toUpperCase(Locale.ROOT);
        }, log::add);
        assertThatThrownBy(() -> run(pipeline, blocks(10), 100.0, new ArrayList<>()))
                .isInstanceOfSatisfying(TaskGroupException.class, e -> assertThat(e.exceptions())
                        .extracting(Throwable::getMessage).containsExactly("cannot process block-3"));
        assertThat(pipeline.stored()).containsExactly("BLOCK-1", "BLOCK-2");
        assertThat(pipeline.closed()).containsExactlyInAnyOrder("producer", "consumer");
    }
}
