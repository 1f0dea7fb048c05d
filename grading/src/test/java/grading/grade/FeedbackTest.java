package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import grading.Json;
import grading.grade.Feedback.Level;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeedbackTest {

    /** A visible test that passed, a hidden test that failed with a message and a frame of the test. */
    static final Report REPORT = new Report(List.of(
            TestResult.passed("1.1", "gather of one task", 3, "visible", "", 0.1),
            TestResult.failed("2.1", "waiters are all woken", 5, "after_due_date",
                    "only 1 of 3 waiters woken\n\tat grading.hidden.AwaitTaskTests.allWaiters(AwaitTaskTests.java:80)"
                            + "\n\tat homework.HomeworkScheduler.finishTask(HomeworkScheduler.java:40)",
                    "", 0.2)),
            "graded 2 homework source file(s): 1 of 2 tests passed", 0.5);

    @Test
    void theDefaultShowsNamesBeforeTheDueDateAndEverythingAfter() {
        assertThat(Feedback.DEFAULT).isEqualTo(new Feedback(Level.NAMES, Level.FULL));
        assertThat(Feedback.parse("before=score")).isEqualTo(new Feedback(Level.SCORE, Level.FULL));
        assertThat(Feedback.parse(" before = full , after = names ")).isEqualTo(new Feedback(Level.FULL, Level.NAMES));
        assertThat(Feedback.parse("after=score").option()).isEqualTo("before=names,after=score");
    }

    @Test
    void aBadPolicyOrDateIsAClearError() {
        for (String bad : List.of("before=all", "during=full", "names", "")) {
            assertThatThrownBy(() -> Feedback.parse(bad)).hasMessageContaining("LEVEL one of score, names, full");
        }
        assertThatThrownBy(() -> Feedback.dueDate("next friday")).hasMessageContaining("ISO-8601");
    }

    @Test
    void thePhaseComesFromTheDueDateOrTheDefaultWithoutOne() {
        Instant due = Feedback.dueDate("2026-12-01T23:59:00.000000-07:00"); // as Gradescope's metadata writes it
        assertThat(due).isEqualTo(Instant.parse("2026-12-02T06:59:00Z"));
        Feedback policy = new Feedback(Level.SCORE, Level.FULL);
        assertThat(policy.at(due, due.minusSeconds(1), true)).isEqualTo(Level.SCORE);
        assertThat(policy.at(due, due, false)).isEqualTo(Level.FULL);
        assertThat(policy.at(null, due, false)).isEqualTo(Level.SCORE);
        assertThat(policy.at(null, due, true)).isEqualTo(Level.FULL);
    }

    @Test
    void namesShowsEveryTestButOnlyTheVisibleTestsMessages() {
        List<Feedback.Shown> shown = Feedback.view(REPORT, Level.NAMES);
        assertThat(shown).hasSize(2);
        assertThat(Feedback.text(shown.get(0))).isEqualTo("passed");
        assertThat(Feedback.text(shown.get(1))).isEqualTo("failed (details are shown after the due date)");
        assertThat(Feedback.view(REPORT, Level.SCORE)).isEmpty();
    }

    @Test
    void fullShowsMessagesWithoutTheHiddenTestsFrames() {
        String details = Feedback.text(Feedback.view(REPORT, Level.FULL).get(1));
        assertThat(details).contains("only 1 of 3 waiters woken", "at homework.HomeworkScheduler.finishTask")
                .doesNotContain("grading.hidden", "AwaitTaskTests");
    }

    @Test
    void gradescopeResultsShowTheTotalAndHoldBackHiddenMessagesBeforeTheDueDate() {
        Map<String, Object> names = Json.object(REPORT.resultsJson(Level.NAMES, "before=names,after=full"));
        assertThat(names.get("score")).isEqualTo(3.0);
        List<?> tests = (List<?>) names.get("tests");
        assertThat(tests).hasSize(2).allSatisfy(t -> assertThat(((Map<?, ?>) t).get("visibility")).isEqualTo("visible"));
        assertThat(((Map<?, ?>) tests.get(1)).get("output")).isEqualTo("failed (details are shown after the due date)");
        assertThat(names.toString()).doesNotContain("waiters woken");

        Map<String, Object> score = Json.object(REPORT.resultsJson(Level.SCORE, "before=score,after=full"));
        assertThat((List<?>) score.get("tests")).isEmpty();
        assertThat((String) score.get("output")).startsWith("score: 3/8");
        assertThat(((Map<?, ?>) score.get("extra_data")).get("level")).isEqualTo("score");

        Map<String, Object> full = Json.object(REPORT.resultsJson(Level.FULL, "before=names,after=full"));
        assertThat((String) ((Map<?, ?>) ((List<?>) full.get("tests")).get(1)).get("output"))
                .startsWith("only 1 of 3 waiters woken");
    }
}
