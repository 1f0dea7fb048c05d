package grading;

import grading.grade.ChildRunner;
import grading.grade.Grading;
import grading.grade.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code grade SUBMISSION}: grades one student repository. */
@Command(name = "grade", mixinStandardHelpOptions = true,
        description = "Grade a submission (a student repository): only its homework sources are used.")
final class GradeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SUBMISSION", description = "The student repository to grade.")
    Path submission;

    @Option(names = "--results", paramLabel = "FILE", description = "Where to write results.json (Gradescope schema).")
    Path results;

    @Option(names = "--junit-xml", paramLabel = "FILE", description = "Where to write a JUnit XML report.")
    Path junitXml;

    @Option(names = "--fail-under", paramLabel = "SCORE",
            description = "Exit with code 1 when the score is below SCORE (for CI gates).")
    Double failUnder;

    @Option(names = "--test-timeout", paramLabel = "SECONDS", defaultValue = "10",
            description = "Time limit of one test (default: ${DEFAULT-VALUE} s).")
    double testTimeout;

    @Option(names = "--total-timeout", paramLabel = "SECONDS", defaultValue = "180",
            description = "Time limit of the whole run of the tests (default: ${DEFAULT-VALUE} s).")
    double totalTimeout;

    @Option(names = "--max-heap", paramLabel = "SIZE", defaultValue = "256m",
            description = "Heap limit of the JVM that runs the submission (default: ${DEFAULT-VALUE}).")
    String maxHeap;

    @Override
    public Integer call() throws Exception {
        if (!(testTimeout > 0) || !(totalTimeout > 0) || !maxHeap.matches("[0-9]+[kKmMgG]?")) {
            System.err.println("grade: --test-timeout and --total-timeout need a positive number of seconds,"
                    + " --max-heap a size such as 256m");
            return Grader.USAGE;
        }
        if (!Files.isDirectory(submission)) {
            System.err.println("grade: " + submission + " is not a directory: give the student repository");
            return Grader.USAGE;
        }
        ChildRunner.Limits limits = new ChildRunner.Limits(Math.round(testTimeout * 1000),
                Math.round(totalTimeout * 1000), maxHeap);
        Report report;
        try {
            report = new Grading(Kit.jar(), limits, System.out).grade(submission.toAbsolutePath().normalize());
        } catch (Exception | Error e) {
            // Grading itself failed: still leave a results.json that says so (score 0), then exit 4.
            new Report(List.of(), "grading failed (not the submission's fault): " + e, 0).write(results, junitXml);
            System.err.println("grade: grading failed: " + e);
            return Grader.GRADING_FAILED;
        }
        report.write(results, junitXml);
        System.out.println();
        System.out.print(report.table());
        if (results != null) {
            System.out.println("results written to " + results);
        }
        if (failUnder != null && report.score() < failUnder) {
            System.err.printf(Locale.ROOT, "grade: score %s is below --fail-under %s%n",
                    report.score(), failUnder);
            return Grader.BELOW_FAIL_UNDER;
        }
        return 0;
    }
}
