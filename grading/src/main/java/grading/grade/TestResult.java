package grading.grade;

/**
 * How one graded test went, as the grader recorded it: from the child's framed
 * events, or from what the grader saw itself (a timeout, the JVM ending, a compile error).
 */
public record TestResult(String number, String name, double maxScore, double score, boolean passed,
                         String reason, String output, String visibility, double seconds) {

    /**
     * The reason and the output may come from the submission: never shown raw ({@link Text#clean}),
     * and never naming the grader's hidden classes ({@link Text#hideGraderNames}).
     */
    public TestResult {
        reason = Text.hideGraderNames(Text.clean(reason));
        output = Text.hideGraderNames(Text.clean(output));
    }

    public static TestResult passed(String number, String name, double points, String visibility,
                                    String output, double seconds) {
        return new TestResult(number, name, points, points, true, "", output, visibility, seconds);
    }

    public static TestResult failed(String number, String name, double points, String visibility,
                                    String reason, String output, double seconds) {
        return new TestResult(number, name, points, 0, false, reason, output, visibility, seconds);
    }
}
