package grading.grade;

import grading.hidden.GradedTests;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

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

    public Grading(Path kit, PrintStream log) {
        this(kit, ChildRunner.Limits.DEFAULT, log);
    }

    public Grading(Path kit, ChildRunner.Limits limits, PrintStream log) {
        this.kit = kit;
        this.limits = limits;
        this.log = log;
    }

    public Report grade(Path submission) throws IOException, InterruptedException {
        long start = System.nanoTime();
        List<GradedTests.Spec> specs = GradedTests.all();
        Screened screened = screen(submission);
        List<Path> sources = screened.sources();
        // after the main message: the first line of the output says what happened (batch tools read it)
        String screening = screened.report().isEmpty() ? "" : "\n\n" + screened.report();
        if (!screening.isEmpty()) {
            log.println(screened.report());
        }
        if (sources.isEmpty()) {
            return allFailed(specs, "no homework sources in the submission: expected .java files under "
                    + SOURCES + "/" + screening, start);
        }
        Path work = Files.createTempDirectory("grading-");
        try {
            Path classes = Files.createDirectories(work.resolve("classes"));
            StudentCompiler.Outcome compiled = StudentCompiler.compile(sources, submission, kit, classes);
            if (!compiled.ok()) {
                log.println("the submission does not compile:");
                log.println(compiled.errors());
                return allFailed(specs, "the submission does not compile:\n" + compiled.errors() + screening, start);
            }
            List<TestResult> results = new ArrayList<>(staticRules(classes));
            int[] count = {0};
            ChildRunner runner = new ChildRunner(kit, classes, limits, r -> log.printf(Locale.ROOT,
                    "[%2d/%d] %-6s %s%s%n", ++count[0], specs.size(), r.passed() ? "passed" : "FAILED", r.name(),
                    r.passed() ? "" : ": " + Report.firstLine(r.reason())));
            results.addAll(runner.runAll(specs));
            return new Report(results, summary(sources.size(), results) + screening, seconds(start));
        } finally {
            delete(work);
        }
    }

    /**
     * The static rules on the compiled submission (the autograder's {@code grading.rules.StaticRules}):
     * one test per rule. Called by name, so grading works the same where the rules are not built in.
     */
    private List<TestResult> staticRules(Path classes) {
        List<TestResult> results = new ArrayList<>();
        Class<?> rules;
        try {
            rules = Class.forName("grading.rules.StaticRules");
        } catch (ClassNotFoundException notThere) {
            return results;
        }
        try {
            Method check = rules.getMethod("check", Path.class);
            List<?> found = (List<?>) check.invoke(null, classes);
            int n = 0;
            for (Object rule : found) {
                String name = (String) component(rule, "name");
                double points = ((Number) component(rule, "points")).doubleValue();
                boolean passed = (Boolean) component(rule, "passed");
                String message = String.valueOf(component(rule, "message"));
                String number = "0." + (++n);
                results.add(passed
                        ? TestResult.passed(number, name, points, "visible", "", 0)
                        : TestResult.failed(number, name, points, "visible", message, "", 0));
            }
            return results;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("grading.rules.StaticRules.check failed: " + e, e);
        }
    }

    /** The solution sources taken from a submission, and what the screen says about the rest. */
    private record Screened(List<Path> sources, String report) {
    }

    /**
     * Which files of the submission are taken: the autograder's {@code grading.rules.SubmissionScreen}
     * when it is built in (it also reports every refused file and why), else every .java file
     * under {@link #SOURCES}. Called by name, like the static rules.
     */
    private static Screened screen(Path submission) throws IOException {
        Class<?> screen;
        try {
            screen = Class.forName("grading.rules.SubmissionScreen");
        } catch (ClassNotFoundException notThere) {
            return new Screened(sources(submission), "");
        }
        try {
            Object screening = screen.getMethod("screen", Path.class).invoke(null, submission);
            List<Path> sources = new ArrayList<>();
            for (Object relative : (List<?>) component(screening, "sources")) {
                sources.add(submission.resolve(relative.toString()));
            }
            String report = String.valueOf(screening.getClass().getMethod("report").invoke(screening));
            return new Screened(sources, report);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("grading.rules.SubmissionScreen.screen failed: " + e, e);
        }
    }

    private static Object component(Object record, String name) throws ReflectiveOperationException {
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            if (c.getName().equals(name)) {
                Method accessor = c.getAccessor();
                accessor.setAccessible(true);
                return accessor.invoke(record);
            }
        }
        throw new NoSuchMethodException(record.getClass().getName() + "." + name + "()");
    }

    static List<Path> sources(Path submission) throws IOException {
        Path dir = submission.resolve(SOURCES);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private Report allFailed(List<GradedTests.Spec> specs, String reason, long start) throws IOException {
        List<TestResult> results = new ArrayList<>();
        // The static rules cannot look at code that is not there; they fail too, so that the
        // maximum score is the same for every submission.
        Path nothing = Files.createTempDirectory("grading-nothing-");
        try {
            for (TestResult rule : staticRules(nothing)) {
                results.add(TestResult.failed(rule.number(), rule.name(), rule.maxScore(), rule.visibility(),
                        "not checked: " + Report.firstLine(reason), "", 0));
            }
        } catch (RuntimeException rulesNeedClasses) {
            // the rules would not even list themselves without classes: report the graded tests only
        } finally {
            delete(nothing);
        }
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

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
