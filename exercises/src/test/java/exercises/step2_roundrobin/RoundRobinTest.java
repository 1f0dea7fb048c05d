package exercises.step2_roundrobin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import miniasyncio.Generator;
import org.junit.jupiter.api.Test;

class RoundRobinTest {

    @Test
    void workersTakeTurnsInTheLecturesOrder() {
        List<String> log = new ArrayList<>();
        RoundRobin.scheduler(List.of(
                RoundRobin.worker("A", 3, log::add),
                RoundRobin.worker("B", 3, log::add),
                RoundRobin.worker("C", 2, log::add)));
        assertThat(log).containsExactly("[A] step 0", "[B] step 0", "[C] step 0", "[A] step 1", "[B] step 1",
                "[C] step 1", "[A] step 2", "[B] step 2");
    }

    @Test
    void aWorkerDoesNothingUntilResumed() {
        List<String> log = new ArrayList<>();
        Generator<Void, Void, Void> w = RoundRobin.worker("X", 2, log::add);
        assertThat(log).isEmpty();
        w.next();
        assertThat(log).containsExactly("[X] step 0");
    }

    @Test
    void everyNextCallCountsAsAStepIncludingTheOneThatFinishes() {
        List<String> log = new ArrayList<>();
        int steps = RoundRobin.scheduler(List.of(
                RoundRobin.worker("A", 3, log::add),
                RoundRobin.worker("B", 3, log::add),
                RoundRobin.worker("C", 2, log::add)));
        assertThat(steps).isEqualTo(3 + 3 + 2 + 3);
    }

    @Test
    void noTasksAndEmptyWorkers() {
        assertThat(RoundRobin.scheduler(List.of())).isZero();
        List<String> log = new ArrayList<>();
        assertThat(RoundRobin.scheduler(List.of(RoundRobin.worker("E", 0, log::add)))).isEqualTo(1);
        assertThat(log).isEmpty();
    }

    @Test
    void aFailingTaskStopsTheScheduler() {
        List<String> log = new ArrayList<>();
        Generator<Void, Void, Void> broken = new Generator<>(g -> {
            g.yield(null);
            throw new IllegalArgumentException("broken task");
        });
        assertThatThrownBy(() -> RoundRobin.scheduler(List.of(broken, RoundRobin.worker("A", 5, log::add))))
                .hasMessage("broken task");
        assertThat(log).containsExactly("[A] step 0");
    }
}
