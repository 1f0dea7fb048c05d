package miniasyncio;

import miniasyncio.trace.Instrument;
import org.junit.jupiter.api.Test;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** scheduler.settings(): each instrument added can be removed again, and a stuck action must be given. */
class LoopSettingsTest {

    /** Counts the steps it sees. */
    static final class Steps implements Instrument {
        int seen;

        @Override
        public void beforeStep(Task task) {
            seen++;
        }
    }

    static void twoTasks(Scheduler scheduler) {
        scheduler.run(() -> {
            createTask("child", () -> sleep(0.1));
            return null;
        });
    }

    @Test
    void aRemovedInstrumentHearsNothingAndTheOthersHearEverything() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        Steps kept = new Steps();
        Steps removed = new Steps();
        Steps alone = new Steps();
        scheduler.settings().addInstrument(kept);
        scheduler.settings().addInstrument(removed);
        scheduler.settings().addInstrument(alone);
        scheduler.settings().removeInstrument(removed);
        scheduler.settings().removeInstrument(alone);

        twoTasks(scheduler);

        assertThat(kept.seen).isEqualTo(3); // main's step, the child's two (before and after its sleep)
        assertThat(removed.seen).isZero();
        assertThat(alone.seen).isZero();
    }

    @Test
    void theOnlyInstrumentRemovedLeavesNone() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        Steps only = new Steps();
        scheduler.settings().addInstrument(only);
        scheduler.settings().removeInstrument(only);

        twoTasks(scheduler);

        assertThat(only.seen).isZero();
        assertThat(scheduler.instrument).isNull(); // the hot path is back to its one null check
    }

    @Test
    void aStuckActionMustBeGiven() {
        Scheduler scheduler = new Scheduler(Clock.virtual());

        assertThatThrownBy(() -> scheduler.settings().setOnStuck(null)).isInstanceOf(NullPointerException.class)
                .hasMessageStartingWith("setOnStuck(null): pass what to do with the report");
        assertThat(scheduler.settings().stuckReport()).isNull();
    }
}
