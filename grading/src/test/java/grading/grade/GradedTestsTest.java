package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import java.util.List;
import org.junit.jupiter.api.Test;

class GradedTestsTest {

    private final List<GradedTests.Spec> specs = GradedTests.all();

    /**
     * The maximum score is the points of these tests added up, and is written nowhere else (the
     * proof checks grader.jar's maximum against the sum; the docs say "the hidden tests' points"):
     * a new test with its points changes it in the test's own file.
     */
    @Test
    void everyTestHasAUniqueIdANameAndPoints() {
        assertThat(specs).extracting(GradedTests.Spec::id).doesNotHaveDuplicates();
        assertThat(specs).extracting(GradedTests.Spec::number).doesNotHaveDuplicates();
        assertThat(specs).allSatisfy(s -> {
            assertThat(s.name()).isNotBlank();
            assertThat(s.points()).isPositive();
        });
    }

    @Test
    void theSemanticsOfTheHomeworkAreCovered() {
        assertThat(specs).extracting(GradedTests.Spec::id).contains(
                "grading.hidden.AwaitTaskTests#noPolling",
                "grading.hidden.AwaitTaskTests#severalWaiters",
                "grading.hidden.AwaitTaskTests#waitersResumeInOrder",
                "grading.hidden.ErrorTests#deadlockCycle",
                "grading.hidden.ErrorTests#parkedTasksClosed",
                "grading.hidden.GatherTests#concurrentTiming",
                "grading.hidden.GatherTests#sequentialAwaits",
                "grading.hidden.ScaleTests#tenThousand",
                "grading.hidden.ScaleTests#timeLinearInWaitingTasks");
    }
}
