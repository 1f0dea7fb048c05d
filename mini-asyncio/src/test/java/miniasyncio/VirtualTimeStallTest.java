package miniasyncio;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** On the virtual clock, polling with sleep(0) while a timer is pending is stopped with a reason. */
class VirtualTimeStallTest {

    static boolean done;

    /** Works on the real clock: the setter's timer fires while the poller spins. */
    static Object pollForAFlag() {
        done = false;
        createTask("setter", () -> {
            sleep(1);
            done = true;
        });
        createTask("poller", () -> {
            while (!done) {
                sleep(0); // never lets virtual time move
            }
        });
        return null;
    }

    @Test
    void aPollingTaskThatFreezesVirtualTimeIsStoppedWithItsName() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setStallLimit(10_000);
        assertThatThrownBy(() -> scheduler.run(VirtualTimeStallTest::pollForAFlag))
                .isInstanceOf(DeadlockException.class)
                .hasMessageStartingWith("virtual time cannot move: [task 3 (poller)] stayed ready for 10,000 steps at"
                        + " t=0.000 s while 1 timer waits (the next at t=1.000 s, task 2 (setter))")
                .hasMessageContaining("sleep(0)");
    }

    @Test
    void theDefaultLimitIsGenerousButFinite() {
        long started = System.nanoTime();
        assertThatThrownBy(() -> new Scheduler(Clock.virtual()).run(VirtualTimeStallTest::pollForAFlag))
                .hasMessageContaining("stayed ready for 5,000,000 steps");
        assertThat((System.nanoTime() - started) / 1e9).isLessThan(30);
    }

    @Test
    void theSameProgramEndsOnTheRealClock() {
        new Scheduler(Clock.monotonic()).run(() -> {
            done = false;
            createTask("setter", () -> {
                sleep(0.02);
                done = true;
            });
            while (!done) {
                sleep(0);
            }
            return null;
        });
        assertThat(done).isTrue();
    }

    @Test
    void manyStepsAtOneInstantAreFineWhileTimeStillMoves() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setStallLimit(100);
        scheduler.run(() -> {
            createTask("timer", () -> sleep(10));
            for (int i = 0; i < 1_000; i++) {
                if (i % 50 == 0) {
                    sleep(0.001); // time moves now and then: not a freeze
                } else {
                    sleep(0);
                }
            }
            return null;
        });
        assertThat(scheduler.now()).isEqualTo(10.0);
    }

    @Test
    void aBadLimitIsRefused() {
        assertThatThrownBy(() -> new Scheduler(Clock.virtual()).settings().setStallLimit(0))
                .hasMessageContaining("stall limit is a number of steps >= 1");
    }
}
