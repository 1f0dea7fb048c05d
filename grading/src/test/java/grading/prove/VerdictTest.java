package grading.prove;

import static org.assertj.core.api.Assertions.assertThat;

import grading.grade.Report;
import grading.grade.TestResult;
import grading.hidden.GradedTests;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A patch header's claim against a grading's results: what {@code grader.jar prove} says of each. */
class VerdictTest {

    private static final String POLLING = "grading.hidden.AwaitTaskTests#noPolling";
    private static final String ORDER = "grading.hidden.AwaitTaskTests#waitersResumeInOrder";
    private static final String CYCLE = "grading.hidden.ModelTests#cycleNamed";

    /** Every graded test passed, but the ones {@code failed} names, with the reason {@code text}. */
    private static Map<String, Outcome> results(String text, String... failed) {
        Map<String, Outcome> byId = new LinkedHashMap<>();
        for (GradedTests.Spec spec : GradedTests.all()) {
            byId.put(spec.id(), new Outcome(true, "passed"));
        }
        for (String id : failed) {
            byId.put(id, new Outcome(false, text));
        }
        return byId;
    }

    private static Claim fails(String... tests) {
        return new Claim(List.of(tests), false);
    }

    private static Claim failsExactly(String... tests) {
        return new Claim(List.of(tests), true);
    }

    @Test
    void aPatchCaughtByTheTestsItsHeaderNamesHolds() {
        Verdict verdict = Verdict.judge(fails("AwaitTaskTests#noPolling"), results("it polled", POLLING, ORDER));
        assertThat(verdict.problems()).isEmpty();
        assertThat(verdict.holds()).isTrue();
        // other tests may catch it too: only "fails exactly" forbids them
        assertThat(verdict.lost()).containsExactlyInAnyOrder("AwaitTaskTests#noPolling",
                "AwaitTaskTests#waitersResumeInOrder");
    }

    @Test
    void aTestTheHeaderNamesThatPassedIsMissing() {
        Verdict verdict = Verdict.judge(fails("AwaitTaskTests#noPolling", "AwaitTaskTests#waitersResumeInOrder"),
                results("out of order", ORDER));
        assertThat(verdict.holds()).isFalse();
        assertThat(verdict.problems()).containsExactly(
                "passed AwaitTaskTests#noPolling, which its header says catches it");
    }

    @Test
    void failsExactlyRefusesEveryOtherLostTest() {
        Verdict verdict = Verdict.judge(failsExactly("AwaitTaskTests#noPolling"),
                results("expected the waiters in order\nmore", POLLING, ORDER));
        assertThat(verdict.problems()).containsExactly("lost AwaitTaskTests#waitersResumeInOrder too, but its header"
                + " says fails exactly: AwaitTaskTests#noPolling: expected the waiters in order");
        assertThat(Verdict.judge(failsExactly("AwaitTaskTests#noPolling"), results("polled", POLLING)).holds()).isTrue();
    }

    @Test
    void aTestThatIsNotGradedIsNamedAsSuch() {
        Verdict verdict = Verdict.judge(fails("AwaitTaskTests#noPoling"), results("polled", POLLING));
        assertThat(verdict.problems()).singleElement().asString()
                .startsWith("its header names AwaitTaskTests#noPoling, which is not a graded test");
    }

    @Test
    void aFullyQualifiedTestNameIsTheSameTest() {
        assertThat(Verdict.judge(fails(POLLING), results("polled", POLLING)).holds()).isTrue();
    }

    /** The submission's own time limit stopped the test: the test's check never judged it. */
    @Test
    void aFailureOfTheWholeRunsTimeLimitProvesNothing() {
        Verdict verdict = Verdict.judge(fails("AwaitTaskTests#noPolling"),
                results("the whole grading run used its limit of 45 s of CPU", POLLING));
        assertThat(verdict.problems()).singleElement().asString().startsWith("AwaitTaskTests#noPolling did not run"
                + " to its end, the whole run's time limit stopped it");
    }

    @Test
    void aModelTestsFailureMustShowTheSmallestProgram() {
        assertThat(Verdict.judge(fails("ModelTests#cycleNamed"), results("the cycle is not named", CYCLE)).problems())
                .singleElement().asString().startsWith("ModelTests#cycleNamed failed without the smallest program");
        assertThat(Verdict.judge(fails("ModelTests#cycleNamed"),
                results("the cycle is not named:\n\nHomework.run(() -> {\n});", CYCLE)).holds()).isTrue();
    }

    @Test
    void fullMarksRefusesAnyLostTest() {
        assertThat(Verdict.judge(Claim.FULL_MARKS, results("")).holds()).isTrue();
        assertThat(Verdict.judge(Claim.FULL_MARKS, results("out of order", ORDER)).problems()).containsExactly(
                "lost AwaitTaskTests#waitersResumeInOrder, but it must keep full marks: out of order");
    }

    /** A submission that never ran (here: it does not compile) lost every test, but no test caught it. */
    @Test
    void aReportWhoseTestsNeverRanHoldsNoClaim() {
        List<TestResult> failed = GradedTests.all().stream().map(s -> TestResult.failed(s.number(), s.name(), s.points(),
                "visible", "the submission does not compile:", "", 0)).toList();
        Verdict verdict = Verdict.of(fails("AwaitTaskTests#noPolling"),
                new Report(failed, "the submission does not compile:\nHomework.java:2: error", 0));
        assertThat(verdict.problems()).containsExactly("no test ran: the submission does not compile:");

        List<TestResult> ran = GradedTests.all().stream().map(s -> s.id().equals(POLLING)
                ? TestResult.failed(s.number(), s.name(), s.points(), "visible", "it polled", "", 0)
                : TestResult.passed(s.number(), s.name(), s.points(), "visible", "", 0)).toList();
        Verdict caught = Verdict.of(fails("AwaitTaskTests#noPolling"),
                new Report(ran, "graded 2 homework source file(s): 33 of 34 tests passed", 0));
        assertThat(caught.holds()).as(caught.problems().toString()).isTrue();
        assertThat(caught.lost()).containsExactly("AwaitTaskTests#noPolling");
    }
}
