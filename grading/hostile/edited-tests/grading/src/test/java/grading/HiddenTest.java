package grading;

import org.junit.jupiter.api.Test;

/** hostile: a "hidden" test of the student's own, in the grader's package. */
class HiddenTest {
    @Test
    void everythingPasses() {
    }
}
