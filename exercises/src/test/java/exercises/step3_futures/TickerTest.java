package exercises.step3_futures;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

class TickerTest {

    @Test
    void ticksComeAtTheirTimesAndOtherTasksRunBetween() {
        List<String> log = new ArrayList<>();
        new FutureScheduler(Clock.virtual()).run("main", () -> {
            createTask("other", () -> {
                sleep(0.07);
                log.add("other at " + now());
            });
            for (int tick : new Ticker(3, 0.05)) {
                log.add("tick " + tick + " at " + now());
            }
            return null;
        });
        assertThat(log).containsExactly("tick 1 at 0.05", "other at 0.07", "tick 2 at 0.1", "tick 3 at 0.15");
    }

    @Test
    void aTickerEnds() {
        new FutureScheduler(Clock.virtual()).run("main", () -> {
            Iterator<Integer> it = new Ticker(1, 0.01).iterator();
            assertThat(it.hasNext()).isTrue();
            assertThat(it.next()).isEqualTo(1);
            assertThat(it.hasNext()).isFalse();
            assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class);
            assertThat(new Ticker(0, 1.0).iterator().hasNext()).isFalse();
            return null;
        });
    }
}
