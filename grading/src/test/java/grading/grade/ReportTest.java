package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportTest {

    private final Report report = new Report(List.of(
            TestResult.passed("1.1", "returns \"the\" result", 5, "visible", "", 0.25),
            TestResult.failed("1.2", "keeps <order> & such", 3, "after_due_date", "expected [a], got [b]\nmore",
                    "printed\tline", 1.5)),
            "2 tests", 2.125);

    @Test
    void scoresArePointsOfPassedTests() {
        assertThat(report.score()).isEqualTo(5);
        assertThat(report.maxScore()).isEqualTo(8);
    }

    @Test
    void resultsJsonFollowsTheGradescopeSchemaWithSecondsAndEscapes() {
        String json = report.resultsJson();
        assertThat(json).contains("\"score\": 5,", "\"execution_time\": 2.125,", "\"output_format\": \"text\"",
                "\"name\": \"returns \\\"the\\\" result\"", "\"status\": \"failed\"",
                "\"visibility\": \"after_due_date\"", "\"max_score\": 3",
                "expected [a], got [b]\\nmore\\n--- output of the submission ---\\nprinted\\tline");
    }

    @Test
    void junitXmlHasOneTestcasePerTestAndEscapes() {
        String xml = report.junitXml();
        assertThat(xml).contains("tests=\"2\" failures=\"1\"", "name=\"1.2 keeps &lt;order&gt; &amp; such\"",
                "<failure message=\"expected [a], got [b]\"");
    }

    @Test
    void theTableShowsPointsStatusAndTheFirstLineOfTheReason() {
        assertThat(report.table()).contains("5/5", "0/3", "FAILED", "expected [a], got [b]", "score: 5/8")
                .doesNotContain("more");
    }
}
