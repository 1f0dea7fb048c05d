package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.WrongPatch;
import grading.hidden.GradedTests;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other half of {@link GradingProofIT}, on the packaged grader.jar: every planted wrong solution
 * (a patch of grading/wrong) scores less than full marks, failing each test its {@code # fails:}
 * line names. About a minute (a few wrong solutions are slow on purpose and meet the time limits):
 * it runs in the {@code hostile} profile, which {@code -Dquick} leaves out.
 */
class WrongSolutionsSlowIT {

    @TempDir
    static Path work;

    private static final Batch BATCH = new Batch();
    private static List<WrongPatch> wrongs;

    @BeforeAll
    static void gradeEveryWrongSolution() throws Exception {
        wrongs = WrongPatch.all();
        for (WrongPatch wrong : wrongs) {
            BATCH.submit(wrong.name(), wrong.applyTo(work));
        }
    }

    @AfterAll
    static void stopGrading() {
        BATCH.close();
    }

    @Test
    void everyWrongSolutionLosesPointsOnTheTestsThatShouldCatchIt() throws Exception {
        assertThat(wrongs).extracting(WrongPatch::name)
                .contains("completion-order", "polling", "swallowed", "sequential-gather", "first-waiter-only",
                        "quadratic-wakeups", "lifo-waiters", "unclosed-parked", "no-cycle-detection", "quadratic-scan",
                        "two-cycles-only", "walk-from-last-parked", "tid-zero-parks", "empty-gather-throws",
                        "no-null-results", "tight-array-scan");
        Map<String, String> numberById = new HashMap<>();
        for (GradedTests.Spec spec : GradedTests.all()) {
            numberById.put(spec.id(), spec.number());
        }
        List<String> problems = new ArrayList<>();
        for (WrongPatch wrong : wrongs) {
            Report report = BATCH.report(wrong.name());
            if (report.score() >= report.maxScore()) {
                problems.add(wrong.name() + " got full marks");
            }
            for (String id : wrong.fails()) {
                String number = numberById.get(id);
                if (number == null) {
                    problems.add(wrong.name() + ".patch names an unknown test " + id);
                    continue;
                }
                boolean failed = report.tests().stream().anyMatch(t -> t.number().equals(number) && !t.passed());
                if (!failed) {
                    problems.add(wrong.name() + " passed " + id + ", which should catch it");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

}
