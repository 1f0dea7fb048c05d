package exercises.step6_timeouts;

import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step5_cancellation.CancellableScheduler;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

/** The optional exercise of step 6, the {@link Timeout} object: the rules CPython's tests leave unchecked. */
class TimeoutOptionalTest {

    static CancellableScheduler loop;

    static void run(Runnable main) {
        loop = new CancellableScheduler(Clock.virtual());
        loop.run("main", () -> {
            main.run();
            return null;
        });
    }

    @Test
    void aLaterDeadlineLetsTheBodyFinishAndTheOldTimerNeverFires() {
        run(() -> {
            Timeout cm = Timeouts.timeout(1);
            cm.enter(() -> {
                cm.reschedule(now() + 3);
                sleep(2); // past the first deadline
            });
            assertThat(cm.expired()).isFalse();
            assertThat(cm.toString()).isEqualTo("<Timeout [finished]>");
            assertThat(now()).isEqualTo(2.0);
        });
        assertThat(loop.now()).as("no timer is left to keep the run alive").isEqualTo(2.0);
    }

    @Test
    void anEarlierDeadlineFiresAtItsOwnTimeAndOneAlreadyPassedAtOnce() {
        run(() -> {
            Timeout cm = Timeouts.timeout(10);
            assertThatThrownBy(() -> cm.enter(() -> {
                cm.reschedule(now() + 0.5);
                sleep(5);
            })).isInstanceOf(TimeoutException.class);
            assertThat(now()).isEqualTo(0.5);
            Timeout past = Timeouts.timeout(10);
            assertThatThrownBy(() -> past.enter(() -> {
                past.reschedule(now() - 1); // a deadline already passed: the timer fires at its first turn
                sleep(0);
            })).isInstanceOf(TimeoutException.class);
            assertThat(past.expired()).isTrue();
            assertThat(now()).isEqualTo(0.5);
        });
    }

    @Test
    void anExpiredScopeCannotBeRescheduledAndTheTimeoutNamesItsCause() {
        run(() -> {
            Timeout cm = Timeouts.timeout(0.01);
            assertThatThrownBy(() -> cm.enter(() -> sleep(10))).isInstanceOf(TimeoutException.class)
                    .hasCauseInstanceOf(exercises.step3_futures.CancelledException.class);
            assertThatThrownBy(() -> cm.reschedule(1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Cannot change state of expired Timeout");
        });
    }
}
