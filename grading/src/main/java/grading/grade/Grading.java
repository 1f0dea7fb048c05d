package grading.grade;

import grading.hidden.GradedTests;
import grading.rules.Screening;
import grading.rules.SubmissionScreen;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Grades one submission: takes only its homework sources, compiles them against the kit, runs
 * the graded tests in a child JVM and collects the results. The score is computed here, from
 * what the grader recorded itself.
 */
public final class Grading {

    /** The only files taken from a submission. */
    public static final String SOURCES = "homework/src/main/java/homework";

    private final Path kit;
    private final ChildRunner.Limits limits;
    private final PrintStream log;
    private final boolean requireSandbox;

    public Grading(Path kit, PrintStream log) {
        this(kit, ChildRunner.Limits.DEFAULT, log);
    }

    public Grading(Path kit, ChildRunner.Limits limits, PrintStream log) {
        this(kit, limits, log, false);
    }

    /**
     * @param kit grader.jar
     * @param requireSandbox refuse to run a submission outside an OS sandbox ({@link Sandbox})
     */
    public Grading(Path kit, ChildRunner.Limits limits, PrintStream log, boolean requireSandbox) {
        this.kit = kit;
        this.limits = limits;
        this.log = log;
        this.requireSandbox = requireSandbox;
    }

    /** Thrown when {@code requireSandbox} was asked for and this machine has none: nothing was graded. */
    public static final class NoSandbox extends IllegalStateException {
        NoSandbox(String message) {
            super(message);
        }
    }

    public Report grade(Path submission) throws IOException, InterruptedException {
        Screening screening = SubmissionScreen.screen(submission);
        return grade(submission, screening).withFirst(screening.check()); // "Submission check" comes first
    }

    private Report grade(Path submission, Screening screen) throws IOException, InterruptedException {
        long start = System.nanoTime();
        List<GradedTests.Spec> specs = GradedTests.all();
        List<Path> sources = screen.files(); // the very files the screen found: Paths, never their text
        // after the main message: the first line of the output says what happened (batch tools read it)
        String screening = screen.report().isEmpty() ? "" : "\n\n" + screen.report();
        if (!screening.isEmpty()) {
            log.println(Text.clean(screen.report()));
        }
        if (sources.isEmpty()) {
            return allFailed(specs, "no homework sources in the submission: expected .java files under "
                    + SOURCES + "/" + screening, start);
        }
        String tooLarge = screen.tooLarge();
        if (tooLarge != null) {
            log.println(tooLarge);
            return allFailed(specs, tooLarge + screening, start);
        }
        Sandbox sandbox = Sandbox.detect();
        if (requireSandbox && !sandbox.isolated()) {
            throw new NoSandbox("refusing to grade without a sandbox (--require-sandbox): " + sandbox.describe()
                    + ". What is missing: " + sandbox.whatIsMissing() + ".");
        }
        ChildKit childKit = ChildKit.of(kit);
        // The run's private folder: the kit jar and the submission's classes, nothing else. The
        // child sees only this (and the JDK), never grader.jar or the grader's folders.
        Path run = RunDir.create();
        try {
            Path kitJar = childKit.writeKitJar(run);
            Path classes = run.resolve("classes.jar");
            int[] count = {0};
            Sandbox.Lease lease = sandbox.acquire();
            List<TestResult> tests;
            try {
                // javac runs in the sandbox too, in a JVM of its own with a heap cap and a time limit
                StudentCompiler.Outcome compiled = StudentCompiler.compile(sources, submission, run, kitJar,
                        sandbox, lease, StudentCompiler.TIME_LIMIT);
                if (!compiled.ok()) {
                    log.println("the submission does not compile:");
                    log.println(Text.clean(compiled.errors()));
                    return allFailed(specs, "the submission does not compile:\n" + Text.cap(Text.clean(compiled.errors()),
                            16_384) + screening, start);
                }
                String refused = ApiScreen.refusal(compiled.classes().values());
                if (refused != null) {
                    log.println(Text.clean(refused));
                    return allFailed(specs, refused + screening, start);
                }
                StudentCompiler.writeJar(compiled.classes(), classes);
                RunDir.openTree(classes);
                log.println("sandbox: " + sandbox.describe());
                ChildRunner runner = new ChildRunner(childKit, run, classes, sandbox, lease, limits, r -> log.printf(
                        Locale.ROOT, "[%2d/%d] %-6s %s%s%n", ++count[0], specs.size(), r.passed() ? "passed" : "FAILED",
                        r.name(), r.passed() ? "" : ": " + Report.firstLine(r.reason())));
                tests = runner.runAll(specs);
            } finally {
                sandbox.release(lease); // every process of the run is gone before a result is written
            }
            return new Report(tests, summary(sources.size(), tests) + "\nsandbox: " + sandbox.describe()
                    + screening, seconds(start));
        } finally {
            RunDir.delete(run);
        }
    }

    private Report allFailed(List<GradedTests.Spec> specs, String reason, long start) {
        List<TestResult> results = new ArrayList<>();
        for (GradedTests.Spec spec : specs) {
            TestResult r = ChildRunner.fail(spec, Report.firstLine(reason), "", 0);
            results.add(r);
        }
        return new Report(results, reason, seconds(start));
    }

    private static String summary(int files, List<TestResult> results) {
        long passed = results.stream().filter(TestResult::passed).count();
        return "graded " + files + " homework source file(s): " + passed + " of " + results.size() + " tests passed";
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
