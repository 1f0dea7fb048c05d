package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import java.util.List;
import org.junit.jupiter.api.Test;

class GradedTestsTest {

    private final List<GradedTests.Spec> specs = GradedTests.all();

    @Test
    void everyTestHasAUniqueIdANameAndPointsAndTheyAddUpTo111() {
        assertThat(specs).extracting(GradedTests.Spec::id).doesNotHaveDuplicates();
        assertThat(specs).extracting(GradedTests.Spec::number).doesNotHaveDuplicates();
        assertThat(specs).allSatisfy(s -> {
            assertThat(s.name()).isNotBlank();
            assertThat(s.points()).isPositive();
        });
        assertThat(specs.stream().mapToDouble(GradedTests.Spec::points).sum()).isEqualTo(111);
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
