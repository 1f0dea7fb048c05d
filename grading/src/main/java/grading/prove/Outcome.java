package grading.prove;

import grading.grade.TestResult;
import grading.hidden.GradedTests;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one graded test ended for one submission, as a verdict reads it.
 *
 * @param text what the student reads of it: its failure's reason, then what the submission printed
 */
public record Outcome(boolean passed, String text) {

    /**
     * A report's graded tests by id ({@code grading.hidden.AwaitTaskTests#noPolling}): a report
     * numbers them ({@code 1.3}), a header names them. The submission check, graded by no test
     * class, is left out.
     */
    public static Map<String, Outcome> byId(List<TestResult> tests) {
        Map<String, String> idByNumber = new LinkedHashMap<>();
        for (GradedTests.Spec spec : GradedTests.all()) {
            idByNumber.put(spec.number(), spec.id());
        }
        Map<String, Outcome> byId = new LinkedHashMap<>();
        for (TestResult t : tests) {
            String id = idByNumber.get(t.number());
            if (id != null) {
                byId.put(id, new Outcome(t.passed(), t.reason() + (t.output().isBlank() ? "" : "\n" + t.output())));
            }
        }
        return byId;
    }
}
