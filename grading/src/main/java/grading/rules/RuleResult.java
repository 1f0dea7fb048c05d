package grading.rules;

/**
 * How one static rule judged a submission. The grader turns each into one graded test of
 * results.json: {@code points} is its max score, earned when {@code passed}.
 *
 * @param name    what students see as the test's name, e.g. "Static rule: no System.exit or Runtime.halt"
 * @param points  what the rule is worth
 * @param passed  true when no class of the submission breaks the rule
 * @param message why the rule exists and, when it failed, each place that broke it
 *                (class, method, file and line)
 */
public record RuleResult(String name, double points, boolean passed, String message) {
}
