package grading;

import grading.grade.Grading;
import grading.grade.Report;
import java.nio.file.Files;
import java.nio.file.Path;
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

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(submission)) {
            System.err.println("grade: " + submission + " is not a directory: give the student repository");
            return Grader.USAGE;
        }
        Report report = new Grading(Kit.jar(), System.out).grade(submission.toAbsolutePath().normalize());
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
