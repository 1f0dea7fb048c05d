package grading.hidden;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The acceptance rules of the hidden tests, on messages and figures written by hand. */
class RulesTest {

    @Test
    void aTidCountsOnlyAsANumberOfItsOwn() {
        assertThat(ErrorTests.namesTid("task 24 (alpha)", 24)).isTrue();
        assertThat(ErrorTests.namesTid("alpha#24 -> beta#25.", 25)).isTrue();
        assertThat(ErrorTests.namesTid("tid=24, name=alpha", 24)).isTrue();
        assertThat(ErrorTests.namesTid("task 124 (alpha)", 24)).isFalse();
        assertThat(ErrorTests.namesTid("task 241", 24)).isFalse();
        assertThat(ErrorTests.namesTid("after 2.4 s", 24)).isFalse();
        assertThat(ErrorTests.namesTid("after 24.5 s", 24)).isFalse();
    }

    @Test
    void negativeAndZeroTidsAreNamedAsNumbersOfTheirOwn() {
        assertThat(ErrorTests.namesTid("awaitTask(0): no task has tid 0", 0)).isTrue();
        assertThat(ErrorTests.namesTid("no task has tid -7", -7)).isTrue();
        assertThat(ErrorTests.namesTid("tids so far: 1..10", 0)).isFalse();
        assertThat(ErrorTests.namesTid("no task has tid -17", -7)).isFalse();
    }

    @Test
    void growthFailsOnlyWhenBothTheRatioAgainstTheReferenceAndTheMarginAreExceeded() {
        long ms = 1_000_000L;
        assertThat(new ScaleTests.Growth(10 * ms, 100 * ms, 10 * ms, 100 * ms, 3).linear()).as("as the reference").isTrue();
        assertThat(new ScaleTests.Growth(10 * ms, 190 * ms, 10 * ms, 100 * ms, 3).linear()).as("ratio 19, the reference's 10")
                .isTrue();
        assertThat(new ScaleTests.Growth(ms, 40 * ms, 10 * ms, 100 * ms, 3).linear()).as("ratio 40, but 30 ms above: noise")
                .isTrue();
        assertThat(new ScaleTests.Growth(15 * ms, 540 * ms, 10 * ms, 100 * ms, 3).linear())
                .as("ratio 36 where the reference grew 10, 390 ms above: a scan of every parked task").isFalse();
    }

    @Test
    void oneRoundSettlesOnlyAGrowthThatPassesWithRoomToSpare() {
        long ms = 1_000_000L;
        assertThat(new ScaleTests.Growth(10 * ms, 100 * ms, 10 * ms, 100 * ms, 1).clearlyLinear()).as("as the reference")
                .isTrue();
        ScaleTests.Growth within = new ScaleTests.Growth(20 * ms, 380 * ms, 10 * ms, 100 * ms, 1);
        assertThat(within.linear()).as("ratio 19 where the reference grew 10: passes").isTrue();
        assertThat(within.clearlyLinear()).as("but 180 ms above that growth, more than the reference's big run: more"
                + " rounds").isFalse();
        assertThat(new ScaleTests.Growth(10 * ms, 190 * ms, 10 * ms, 100 * ms, 1).clearlyLinear())
                .as("ratio 19, the reference's 10, but 90 ms above: under one reference big run").isTrue();
        assertThat(new ScaleTests.Growth(15 * ms, 540 * ms, 10 * ms, 100 * ms, 1).clearlyLinear()).as("a scan").isFalse();
    }
}
