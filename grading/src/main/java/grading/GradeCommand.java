package grading;

import grading.batch.ClassGrading;
import grading.grade.ChildRunner;
import grading.grade.Classroom50;
import grading.grade.Feedback;
import grading.grade.FeedbackFile;
import grading.grade.Grading;
import grading.grade.Report;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code grade SUBMISSION}: grades one student repository; {@code grade --submissions DIR --out OUT}: a class. */
@Command(name = "grade", mixinStandardHelpOptions = true,
        description = "Grade a submission (a student repository): only its homework sources are used.")
final class GradeCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SUBMISSION", description = "The student repository to grade.")
    Path submission;

    @Option(names = "--submissions", paramLabel = "DIR",
            description = "Grade every submission folder in DIR (a class) instead of one SUBMISSION.")
    Path submissions;

    @Option(names = "--out", paramLabel = "OUTDIR",
            description = "With --submissions: one results folder per student and summary.csv.")
    Path out;

    @Option(names = "--jobs", paramLabel = "N",
            description = "With --submissions: submissions graded at once (default: the number of cores).")
    Integer jobs;

    @Option(names = "--results", paramLabel = "FILE", description = "Where to write results.json (Gradescope schema).")
    Path results;

    @Option(names = "--junit-xml", paramLabel = "FILE", description = "Where to write a JUnit XML report.")
    Path junitXml;

    @Option(names = "--fail-under", paramLabel = "SCORE",
            description = "Exit with code 1 when the score is below SCORE (for CI gates).")
    Double failUnder;

    @Option(names = "--test-timeout", paramLabel = "SECONDS", defaultValue = "5",
            description = "Time limit of one test, in CPU time of the JVM that runs it (default: ${DEFAULT-VALUE} s);"
                    + " a test that waits without using CPU is stopped after 30 times as long.")
    double testTimeout;

    @Option(names = "--total-timeout", paramLabel = "SECONDS", defaultValue = "180",
            description = "Time limit of the whole run of the tests, in CPU time of the JVMs that run them (default:"
                    + " ${DEFAULT-VALUE} s); a run that waits without using CPU is stopped after 3 times as long.")
    double totalTimeout;

    @Option(names = "--max-heap", paramLabel = "SIZE", defaultValue = "256m",
            description = "Heap limit of the JVM that runs the submission (default: ${DEFAULT-VALUE}).")
    String maxHeap;

    @Option(names = "--require-sandbox",
            description = "Refuse to grade unless the submission runs in an OS sandbox (bubblewrap, or a uid of"
                    + " its own when the grader is root). Use it on grading services and in CI.")
    boolean requireSandbox;


    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "gradescope",
            description = "Format of --results: gradescope (results.json) or classroom50 (result.json, identity from"
                    + " the runner's environment). Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = "--feedback", paramLabel = "POLICY", defaultValue = "before=names,after=full",
            description = "What students see before and after the due date: before=LEVEL,after=LEVEL, LEVEL one of"
                    + " score, names, full (default: ${DEFAULT-VALUE}).")
    String feedback;

    @Option(names = "--due-date", paramLabel = "DATE",
            description = "The due date (ISO-8601 with offset). Without it, a single submission gets the"
                    + " before-the-due-date feedback and a class (--submissions) the after one.")
    String dueDate;

    @Option(names = "--feedback-file", paramLabel = "FILE",
            description = "Also write the student's feedback there, under the policy: Markdown (.md) or HTML (.html).")
    Path feedbackFile;

    @Override
    public Integer call() throws Exception {
        Feedback policy;
        Instant due;
        try {
            policy = Feedback.parse(feedback);
            due = dueDate == null ? null : Feedback.dueDate(dueDate);
        } catch (IllegalArgumentException e) {
            System.err.println("grade: " + e.getMessage());
            return Grader.USAGE;
        }
        if (!format.equals("gradescope") && !format.equals("classroom50")) {
            System.err.println("grade: --format " + format + ": expected gradescope or classroom50");
            return Grader.USAGE;
        }
        if (feedbackFile != null && !feedbackFile.toString().endsWith(".md") && !feedbackFile.toString().endsWith(".html")) {
            System.err.println("grade: --feedback-file " + feedbackFile + ": name it .md (Markdown) or .html");
            return Grader.USAGE;
        }
        if (!(testTimeout > 0) || !(totalTimeout > 0) || !maxHeap.matches("[0-9]+[kKmMgG]?")) {
            System.err.println("grade: --test-timeout and --total-timeout need a positive number of seconds,"
                    + " --max-heap a size such as 256m");
            return Grader.USAGE;
        }
        if (submission != null && !Files.isDirectory(submission)) {
            System.err.println("grade: " + submission + " is not a directory: give the student repository");
            return Grader.USAGE;
        }
        ChildRunner.Limits limits = new ChildRunner.Limits(Math.round(testTimeout * 1000),
                Math.round(totalTimeout * 1000), maxHeap);
        if (submissions != null) {
            return gradeClass(limits, policy, due);
        }
        if (submission == null) {
            System.err.println("grade: give a SUBMISSION to grade, or --submissions DIR --out OUTDIR for a class");
            return Grader.USAGE;
        }
        Report report;
        try {
            report = new Grading(Kit.jar(), limits, System.out, requireSandbox)
                    .grade(submission.toAbsolutePath().normalize());
        } catch (Grading.NoSandbox e) {
            new Report(List.of(), "not graded: " + e.getMessage(), 0).write(results, junitXml);
            System.err.println("grade: " + e.getMessage());
            return Grader.GRADING_FAILED;
        } catch (Exception | Error e) {
            // Grading itself failed: still leave a results.json that says so (score 0), then exit 4.
            write(new Report(List.of(), "grading failed (not the submission's fault): " + e, 0), policy, due);
            System.err.println("grade: grading failed: " + e);
            return Grader.GRADING_FAILED;
        }
        write(report, policy, due);
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

    /** results (in --format, under the feedback policy), JUnit XML and the feedback file. */
    private void write(Report report, Feedback policy, Instant due) throws java.io.IOException {
        Instant now = Instant.now();
        Feedback.Level level = policy.at(due, now, false);
        report.write(null, junitXml);
        if (results != null) {
            String text = format.equals("classroom50")
                    ? Classroom50.json(report, level, Classroom50.identity(System.getenv()), now)
                    : report.resultsJson(level, policy.option());
            Path parent = results.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(results, text, StandardCharsets.UTF_8);
        }
        if (feedbackFile != null) {
            String title = "Feedback: homework";
            String text = feedbackFile.toString().endsWith(".html") ? FeedbackFile.html(title, report, level)
                    : FeedbackFile.markdown(title, report, level);
            Path parent = feedbackFile.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(feedbackFile, text, StandardCharsets.UTF_8);
        }
    }

    /** A class: every submission folder in DIR, graded by the batch engine ({@link ClassGrading}). */
    private int gradeClass(ChildRunner.Limits limits, Feedback policy, Instant due) throws Exception {
        if (submission != null || out == null || !Files.isDirectory(submissions)) {
            System.err.println("grade: --submissions DIR needs --out OUTDIR and no SUBMISSION; DIR must be a directory");
            return Grader.USAGE;
        }
        int n = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
        ClassGrading batch;
        try {
            batch = new ClassGrading(Kit.jar(), limits, n, requireSandbox).feedback(policy.at(due, Instant.now(), true));
        } catch (IllegalArgumentException e) {
            System.err.println("grade: " + e.getMessage());
            return Grader.USAGE;
        }
        if (requireSandbox && !grading.grade.Sandbox.detect().isolated()) {
            System.err.println("grade: refusing to grade without a sandbox (--require-sandbox): "
                    + grading.grade.Sandbox.detect().describe());
            return Grader.GRADING_FAILED;
        }
        // The progress bar goes to stderr, so that stdout stays the summary a script can read.
        batch.grade(submissions, out, System.err, System.console() != null);
        System.out.println("summary written to " + out.resolve("summary.csv"));
        return 0;
    }
}
