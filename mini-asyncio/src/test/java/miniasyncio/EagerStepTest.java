package miniasyncio;

import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/** {@link Scheduler#stepEagerly}: asyncio's eager start, a new task's first step inside its creator's. */
class EagerStepTest {

    /** A scheduler whose {@code createEager} starts a task eagerly, as the exercises' given one does. */
    static final class EagerScheduler extends Scheduler {
        EagerScheduler() {
            super(Clock.virtual());
        }

        int createEager(String name, Callable<?> body) {
            int tid = createTask(name, body);
            stepEagerly(ready.peekLast());
            return tid;
        }
    }

    @Test
    void theFirstStepRunsInsideTheCreatorsAsTheCurrentTaskAndTheRestAtItsTurn() {
        List<String> log = new ArrayList<>();
        EagerScheduler loop = new EagerScheduler();
        loop.run(() -> {
            Task main = loop.currentTask();
            int quick = loop.createEager("quick", () -> {
                log.add("quick runs as " + loop.currentTask().name());
                return "done at once";
            });
            log.add("quick ended: " + loop.resultOf(quick).get() + ", ready " + loop.readySize());
            loop.createEager("slow", () -> {
                log.add("slow starts");
                sleep(0.1);
                log.add("slow goes on at " + loop.now());
                return null;
            });
            log.add("main goes on as " + (loop.currentTask() == main ? "main" : loop.currentTask()));
            sleep(0.2);
            return null;
        });
        assertThat(log).containsExactly("quick runs as quick", "quick ended: done at once, ready 0", "slow starts",
                "main goes on as main", "slow goes on at 0.1");
    }

    @Test
    void onlyATaskNotStartedAndInReadyCanStartEagerlyAndOutsideRunItWaitsForItsTurn() {
        EagerScheduler loop = new EagerScheduler();
        int early = loop.createTask("early", () -> null);
        assertThat(loop.stepEagerly(loop.ready.peekLast())).as("outside run: nothing happens").isFalse();
        loop.run(() -> {
            assertThat(loop.resultOf(early)).as("it ran at its turn, before main").isNotNull();
            Task self = loop.currentTask();
            assertThatThrownBy(() -> loop.stepEagerly(self)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cannot start eagerly");
            return null;
        });
    }
}
