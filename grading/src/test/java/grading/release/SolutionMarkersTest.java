package grading.release;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import org.junit.jupiter.api.Test;

/** The build check: a bad solution marker anywhere in homework/ or exercises/ fails `mvn verify`. */
class SolutionMarkersTest {

    @Test
    void everySolutionMarkerInHomeworkAndExercisesIsBalancedAndNotNested() throws Exception {
        assertThat(Release.markerProblems(Repo.root()))
                .as("bad solution markers (file:line: problem)")
                .isEmpty();
    }
}
