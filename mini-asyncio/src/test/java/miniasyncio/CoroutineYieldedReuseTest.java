package miniasyncio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A step hands out one Step.Yielded again for the same yielded object (and Sleep keeps one per
 * duration), so a step allocates nothing.
 */
class CoroutineYieldedReuseTest {

    /** What {@code MiniAsyncio.sleep} does inside a task: suspend with the Sleep's kept step. */
    private static void sleepStep(double seconds) {
        Coroutine.suspend(Coroutine.current(), Sleep.step(seconds));
    }

    @Test
    void theSameValueYieldedTwiceGivesTheSameStep() {
        Object request = new Object();
        Coroutine c = new Coroutine("same", () -> {
            Coroutine.yield(request);
            Coroutine.yield(request);
            return "done";
        });
        Step first = c.send(null);
        Step second = c.send(null);

        assertThat(first).isEqualTo(new Step.Yielded(request));
        assertThat(second).isSameAs(first);
        assertThat(c.send(null)).isEqualTo(new Step.Returned("done"));
    }

    @Test
    void differentValuesAreNeverMixedUp() {
        Object a = new Object();
        Object b = new Object();
        Coroutine c = new Coroutine("alternating", () -> {
            for (int i = 0; i < 3; i++) {
                Coroutine.yield(a);
                Coroutine.yield(b);
                Coroutine.yield(null);
            }
            return null;
        });
        List<Object> seen = new ArrayList<>();
        for (Step step = c.send(null); step instanceof Step.Yielded yielded; step = c.send(null)) {
            seen.add(yielded.value);
        }
        assertThat(seen).containsExactly(a, b, null, a, b, null, a, b, null);
    }

    @Test
    void twoCoroutinesYieldingInTurnGetTheirOwnValues() {
        Coroutine x = new Coroutine("x", () -> Coroutine.yield("x1"));
        Coroutine y = new Coroutine("y", () -> Coroutine.yield("y1"));
        Step fromX = x.send(null);
        Step fromY = y.send(null);

        assertThat(fromX).isEqualTo(new Step.Yielded("x1"));
        assertThat(fromY).isEqualTo(new Step.Yielded("y1"));
    }

    @Test
    void aNewCoroutineYieldingWhatAnotherJustYieldedSharesItsStep() {
        Object request = new Object(); // as every task's sleep(0) yields the one shared Sleep(0)
        Coroutine first = new Coroutine("first", () -> Coroutine.yield(request));
        Coroutine second = new Coroutine("second", () -> Coroutine.yield(request));
        Step fromFirst = first.send(null);
        Step fromSecond = second.send(null);

        assertThat(fromSecond).isSameAs(fromFirst);
        assertThat(((Step.Yielded) fromSecond).value()).isSameAs(request);
        assertThat(second.send("in")).isEqualTo(new Step.Returned("in"));
    }

    @Test
    void aSleepOfADurationMadeBeforeIsSharedWithItsStep() {
        Sleep first = Sleep.of(0.25);
        assertThat(Sleep.of(0.25)).isSameAs(first);
        assertThat(Sleep.of(0.5)).isNotSameAs(first).isEqualTo(new Sleep(0.5));
        assertThat(Sleep.of(-0.0)).isEqualTo(new Sleep(-0.0)); // -0.0 is not 0.0: its own Sleep, still valid
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Sleep.of(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class); // checked as new Sleep checks it
        Object other = new Object();
        Coroutine c = new Coroutine("sleeper", () -> {
            sleepStep(0.25);
            Coroutine.yield(other); // in between, another yield: the Sleep's step is still the same
            sleepStep(0.25);
            return null;
        });
        Step one = c.send(null);
        c.send(null);
        Step again = c.send(null);
        assertThat(again).isSameAs(one).isSameAs(Sleep.step(0.25)).isEqualTo(new Step.Yielded(new Sleep(0.25)));
    }

    @Test
    void everyWholeMillisecondUpToASecondKeepsItsOwnSleepAndStep() {
        // the timer bench's durations: 1,000 of them in turn, more than a cache of recent ones holds
        Sleep[] first = new Sleep[1001];
        for (int ms = 1; ms <= 1000; ms++) {
            first[ms] = Sleep.of(ms / 1000.0);
        }
        for (int ms = 1000; ms >= 1; ms--) {
            assertThat(Sleep.of(ms / 1000.0)).isSameAs(first[ms]).isEqualTo(new Sleep(ms / 1000.0));
        }
        Coroutine c = new Coroutine("sleeper", () -> {
            for (int ms = 1; ms <= 1000; ms++) {
                sleepStep(ms / 1000.0);
            }
            for (int ms = 1; ms <= 1000; ms++) {
                sleepStep(ms / 1000.0);
            }
            return null;
        });
        Step[] steps = new Step[1001];
        for (int ms = 1; ms <= 1000; ms++) {
            steps[ms] = c.send(null);
        }
        for (int ms = 1; ms <= 1000; ms++) {
            assertThat(c.send(null)).isSameAs(steps[ms]).isEqualTo(new Step.Yielded(first[ms]));
        }
    }

    @Test
    void aSleepMadeWithNewIsNotTakenForTheKeptOne() {
        Sleep kept = Sleep.of(0.125);
        Sleep own = new Sleep(0.125);
        assertThat(Sleep.step(0.125).value()).isSameAs(kept).isNotSameAs(own);
        Coroutine c = new Coroutine("sleeper", () -> Coroutine.yield(own));
        assertThat(((Step.Yielded) c.send(null)).value()).isSameAs(own);
    }
}
