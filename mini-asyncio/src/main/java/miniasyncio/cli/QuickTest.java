package miniasyncio.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The student's quick test run ({@code ./test.sh}, {@code exercises/check-step.sh}), after the
 * first Maven build: in one JVM, compiles the module's sources that changed since their classes
 * were made (nothing of the kit), runs the module's tests (or one class, or one exercise step)
 * with the JUnit launcher, and prints the summary that {@code mvn -q test -Dstudent} prints.
 *
 * <p>{@code QuickTest MODULE_DIR [--class NAME] [--step N --reports DIR] [--step-through]}, on the
 * class path the first build wrote to {@code MODULE_DIR/target/student-classpath.txt}
 * ({@link TestSummary}). With {@code --step}, the step's tests and {@code ExamplesTest} (for that
 * step's transcripts) run and their results go, as Surefire's XML, to {@code --reports} for
 * {@code StepReport}; compile errors are printed as {@code [ERROR]} lines, as Maven prints them.
 * With {@code --step-through}, each failing test's run is written as a step-through page to
 * {@code MODULE_DIR/target/step-through/} ({@link FailingTestPages}), and the summary (or the
 * report's XML) names it.
 */
public final class QuickTest {

    private QuickTest() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            usage("no module given");
        }
        Path module = Path.of(args[0]).toAbsolutePath().normalize();
        String testClass = null;
        String step = null;
        Path reports = null;
        boolean stepThrough = false;
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--class" -> testClass = valueOf(args, ++i);
                case "--step" -> step = valueOf(args, ++i);
                case "--reports" -> reports = Path.of(valueOf(args, ++i));
                case "--step-through" -> {
                    if (stepThrough) {
                        usage("--step-through is given twice");
                    }
                    stepThrough = true;
                }
                default -> {
                    if (arg.startsWith("--step-through=")) {
                        usage("--step-through takes no value: each failing test's page goes to "
                                + module.getFileName() + "/" + FailingTestPages.FOLDER + "/");
                    }
                    if (arg.startsWith("-") || testClass != null) {
                        usage("unknown argument '" + arg + "'");
                    }
                    testClass = arg; // ./test.sh homework HomeworkTest
                }
            }
        }
        if (step != null && !step.matches("[1-9]\\d*")) {
            usage("--step takes a step number, not '" + step + "'");
        }
        String classPath = System.getProperty("java.class.path");
        Path testClasses = module.resolve("target/test-classes");
        String errors = ModuleCompiler.compileIfStale(module.resolve("src/main/java"), module.resolve("target/classes"),
                classPath);
        if (errors.isEmpty()) {
            errors = ModuleCompiler.compileIfStale(module.resolve("src/test/java"), testClasses, classPath);
        }
        if (!errors.isEmpty()) {
            // Maven's way of saying it, which StepReport (and the student) know
            boolean asMaven = reports != null;
            errors.lines().forEach(l -> System.out.println(asMaven ? "[ERROR] " + l : l));
            System.out.println(asMaven ? "[ERROR] COMPILATION ERROR" : "== " + module.getFileName()
                    + ": the code does not compile (above); no test ran");
            System.exit(1);
        }
        List<String> names = new ArrayList<>();
        if (step != null) {
            System.setProperty("exercises.step", step); // ExamplesTest checks only this step's transcripts
            names.add("^exercises\\.step" + step + "_[^.]+\\..*Test$");
            names.add("^exercises\\.ExamplesTest$");
        } else if (testClass != null) {
            names.add("^(.*[.$])?" + Pattern.quote(testClass) + "$");
        } else {
            names.addAll(List.of(StudentTests.SUREFIRE_NAMES));
        }
        // The module's classes come from its folders as they are now: a folder on -cp that did not
        // exist when the JVM started (nothing compiled yet) is not searched by the class path.
        URL[] folders = {testClasses.toUri().toURL(), module.resolve("target/classes").toUri().toURL()};
        Thread.currentThread().setContextClassLoader(new URLClassLoader(folders, QuickTest.class.getClassLoader()));
        List<TestSummary.Result> results = StudentTests.run(testClasses, TestSummary.STUDENT_PACKAGES,
                names.toArray(String[]::new), module.resolve(TestSummary.LOG), reports,
                stepThrough ? module.resolve(FailingTestPages.FOLDER) : null);
        if (reports == null) {
            PrintStream out = System.out;
            if (results.isEmpty()) {
                out.println("== " + module.getFileName() + ": no test ran" + (testClass == null ? ""
                        : " (no test class named " + testClass + " in " + module.getFileName() + "/src/test/java)"));
                out.flush();
                System.exit(1);
            }
            out.print(TestSummary.summary(module.getFileName().toString(), results,
                    TestSummary.stubs(module.resolve("src/main/java")), TestSummary.optionalStubs(module.resolve("src/main/java"))));
            out.flush();
        }
        System.exit(0); // as Surefire's JVM: a thread a test left running must not keep this one
    }

    /** The value after an option, at {@code i}. */
    private static String valueOf(String[] args, int i) {
        if (i >= args.length) {
            usage(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static void usage(String problem) {
        System.err.println(problem + "; usage: QuickTest MODULE_DIR [TEST_CLASS | --class NAME] [--step N --reports DIR] [--step-through]");
        System.exit(2);
    }
}
