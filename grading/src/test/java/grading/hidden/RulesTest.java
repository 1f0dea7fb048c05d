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
    void growthFailsOnlyWhenBothTheRatioAndTheMarginAreExceeded() {
        long ms = 1_000_000L;
        assertThat(new ScaleTests.Growth(2 * ms, 16 * ms).linear()).as("8 times: linear").isTrue();
        assertThat(new ScaleTests.Growth(ms / 10, 5 * ms).linear()).as("ratio 50, but 4.2 ms above: noise").isTrue();
        assertThat(new ScaleTests.Growth(5 * ms, 90 * ms).linear()).as("50 ms above, but ratio 18").isTrue();
        assertThat(new ScaleTests.Growth(5 * ms, 240 * ms).linear()).as("ratio 48, 200 ms above").isFalse();
    }
}
