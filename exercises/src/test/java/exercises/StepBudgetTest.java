package exercises;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import miniasyncio.Clock;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.Test;

/** The budget that keeps a polling solution from hanging the tests (see {@link StepBudget}). */
class StepBudgetTest {

    @Test
    void aPollingTaskFailsFastWithTheExplanation() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        boolean[] done = {false};
        assertThatThrownBy(() -> scheduler.run(() -> {
            createTask("slow", () -> {
                sleep(1.0);
                done[0] = true;
                return null;
            });
            while (!done[0]) {
                sleep(0); // polls: time never moves, so "slow" never wakes
            }
            return null;
        }))
                .isInstanceOf(StepBudget.PollingError.class)
                .hasMessageContaining("resumed " + StepBudget.LIMIT + " times without virtual time moving")
                .hasMessageContaining("a task polls (sleep(0) in a loop) instead of waiting");
    }

    @Test
    void manyStepsAreFineWhileTimeMoves() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.run(() -> {
            for (int i = 0; i < 3 * StepBudget.LIMIT; i++) {
                sleep(0.001);
            }
            return null;
        });
    }
}
