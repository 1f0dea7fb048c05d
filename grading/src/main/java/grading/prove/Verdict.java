package grading.prove;

import grading.WrongPatch;
import grading.grade.Report;
import grading.hidden.GradedTests;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether one grading shows what its {@link Claim} says: the tests a planted patch names caught it,
 * each by its own check, and (for {@code fails exactly}, and full marks) no other test failed.
 * {@code grader.jar prove} and the class of 30 ({@code PlantedMistakesProofSlowIT}) judge with it.
 *
 * @param lost the graded tests that failed, as a header names them, in their order
 * @param problems each way the grading differs from the claim; none when the verdict holds
 */
public record Verdict(List<String> lost, List<String> problems) {

    /** What the smallest program of a ModelTests failure starts with: the student reads that program. */
    static final String SMALLEST_PROGRAM = "Homework.run(() -> {";

    /** How a failure stopped by the submission's own time limit (not the test's) begins. */
    static final String WHOLE_RUN_LIMIT = "the whole grading run";

    public boolean holds() {
        return problems.isEmpty();
    }

    /**
     * The verdict on a report: when no test ran at all (it did not compile, the allowlist screen
     * refused it, no sources), no test caught anything, whatever the score.
     */
    public static Verdict of(Claim claim, Report report) {
        String output = report.output() == null ? "" : report.output();
        if (!output.startsWith("graded ")) { // the first line of a report whose tests ran: "graded N ... file(s): ..."
            return notRun(output.lines().findFirst().orElse("no report"));
        }
        return judge(claim, Outcome.byId(report.tests()));
    }

    /** A submission none of whose tests ran: {@code why}, the first line its grading says. */
    public static Verdict notRun(String why) {
        return new Verdict(List.of(), List.of("no test ran: " + why));
    }

    /** The verdict on each graded test's outcome, by id ({@link Outcome#byId}). */
    public static Verdict judge(Claim claim, Map<String, Outcome> results) {
        List<String> graded = GradedTests.all().stream().map(GradedTests.Spec::id).toList();
        List<String> lost = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> named = new ArrayList<>();
        for (String test : claim.fails()) {
            String id = WrongPatch.id(test);
            named.add(id);
            Outcome outcome = results.get(id);
            if (!graded.contains(id)) {
                problems.add("its header names " + test + ", which is not a graded test (Class#method of a class of"
                        + " grading.hidden)");
            } else if (outcome == null) {
                problems.add(test + " has no result");
            } else if (outcome.passed()) {
                problems.add("passed " + test + ", which its header says catches it");
            } else if (outcome.text().contains(WHOLE_RUN_LIMIT)) {
                // stopped by the submission's time limit, not by the test: that proves nothing (a test's own
                // limit, `seconds` of its @Graded, is part of what it checks: quadratic-scan can meet it)
                problems.add(test + " did not run to its end, the whole run's time limit stopped it: "
                        + firstLine(outcome.text()));
            } else if (id.contains(".ModelTests#") && !outcome.text().contains(SMALLEST_PROGRAM)) {
                // a rule of the statement broken on a generated program: the student reads that program, shrunk
                problems.add(test + " failed without the smallest program in its feedback: " + firstLine(outcome.text()));
            }
        }
        for (String id : graded) {
            Outcome outcome = results.get(id);
            if (outcome == null || outcome.passed()) {
                continue;
            }
            lost.add(WrongPatch.shortId(id));
            if (claim.exact() && !named.contains(id)) {
                problems.add("lost " + WrongPatch.shortId(id) + (claim.fullMarks() ? ", but it must keep full marks"
                        : " too, but its header says " + claim) + ": " + firstLine(outcome.text()));
            }
        }
        return new Verdict(List.copyOf(lost), List.copyOf(problems));
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("");
    }
}
