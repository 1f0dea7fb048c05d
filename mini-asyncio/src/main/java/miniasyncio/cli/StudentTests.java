package miniasyncio.cli;

import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.PackageNameFilter.includePackageNames;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import miniasyncio.NotImplementedYet;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs the student's tests for the student's command ({@code mvn -q test -Dstudent}) with the
 * JUnit Platform launcher, instead of Surefire: Surefire prints a coloured {@code [ERROR]} block per
 * failed test (a stub fails dozens of tests the same way), which no setting of it turns off. Here
 * the console gets nothing while the tests run: what they print goes to a log file, and each
 * failure is kept with its whole stack trace for that file. The summary is {@link TestSummary}'s.
 */
final class StudentTests {

    /** The classes Surefire runs by default: the student's tests are named this way. */
    static final String[] SUREFIRE_NAMES = {"^(Test.*|.+[.$]Test.*|.*Tests?|.*TestCase)$"};

    private StudentTests() {
    }

    /**
     * Runs the tests of {@code packages} (with their subpackages) in the class folder
     * {@code testClasses} whose class names match {@code names}; what they print and every failure
     * with its stack trace go to {@code log}.
     */
    static List<TestSummary.Result> run(Path testClasses, List<String> packages, String[] names, Path log)
            throws IOException {
        return run(testClasses, packages, names, log, null);
    }

    /**
     * The same, and when {@code reports} is not null one JUnit XML file per test class there
     * ({@code TEST-<class>.xml}, the shape Surefire writes), for {@code exercises/check-step.sh}.
     */
    static List<TestSummary.Result> run(Path testClasses, List<String> packages, String[] names, Path log, Path reports)
            throws IOException {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClasspathRoots(Set.of(testClasses)))
                .filters(includePackageNames(packages), includeClassNamePatterns(names))
                .build();
        Collector collector = new Collector();
        Files.createDirectories(log.getParent());
        PrintStream out = System.out;
        PrintStream err = System.err;
        try (PrintStream file = new PrintStream(new FileOutputStream(log.toFile()), true, StandardCharsets.UTF_8)) {
            // What the tests print (a "Task exception was never retrieved" report, an example's
            // transcript) is theirs to check, not the student's to read here: it goes to the log.
            System.setOut(file);
            System.setErr(file);
            try {
                LauncherFactory.create().execute(request, collector);
            } finally {
                System.setOut(out);
                System.setErr(err);
            }
            file.println();
            file.println("==== every failed test, with its stack trace");
            collector.traces.forEach(file::println);
        }
        if (reports != null) {
            JUnitXml.write(reports, collector.cases);
        }
        return collector.results;
    }

    /** Collects one {@link TestSummary.Result} per test method (or per invocation of a parameterized one). */
    private static final class Collector implements TestExecutionListener {
        final List<TestSummary.Result> results = new ArrayList<>();
        final List<String> traces = new ArrayList<>();
        final List<JUnitXml.Case> cases = new ArrayList<>();
        /** {@link NotImplementedYet#made()} when the running test started. */
        long stubsBefore;

        @Override
        public void executionStarted(TestIdentifier test) {
            String className = className(test);
            if (test.isTest()) {
                stubsBefore = NotImplementedYet.made();
            }
            if (test.isTest() && className != null) { // the log says which test printed what follows
                System.out.println("---- " + simple(className) + "." + test.getDisplayName());
            }
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            String className = className(test);
            Throwable thrown = result.getThrowable().orElse(null);
            if (!test.isTest()) {
                if (thrown != null) { // a class that could not even start (a failing @BeforeAll), or JUnit itself
                    add(className != null ? className : "JUnit", className != null ? "(the whole class)"
                            : test.getDisplayName(), thrown);
                }
                return;
            }
            if (className == null) {
                return;
            }
            String name = test.getSource().orElse(null) instanceof MethodSource m ? m.getMethodName() : test.getDisplayName();
            if (!test.getDisplayName().startsWith(name)) {
                name += " " + test.getDisplayName(); // an invocation of a parameterized test: which one
            }
            if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                results.add(new TestSummary.Result(TestSummary.part(className), simple(className) + "." + name, null));
                cases.add(new JUnitXml.Case(className, name, null, null, null));
            } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                add(className, name, thrown);
            } // ABORTED: an assumption did not hold, the test does not count
        }

        private void add(String className, String name, Throwable thrown) {
            String full = simple(className) + "." + name;
            NotImplementedYet reached = NotImplementedYet.madeSince(stubsBefore);
            String reason = reason(thrown, reached);
            results.add(new TestSummary.Result(TestSummary.part(className), full, reason));
            StringWriter trace = new StringWriter();
            thrown.printStackTrace(new PrintWriter(trace));
            traces.add("---- " + full + "\n" + trace);
            cases.add(new JUnitXml.Case(className, name, reason, thrown.getClass().getName(), trace.toString()));
        }

        private static String className(TestIdentifier test) {
            return switch (test.getSource().orElse(null)) {
                case MethodSource m -> m.getClassName();
                case ClassSource c -> c.getClassName();
                case null, default -> null;
            };
        }

        private static String simple(String className) {
            return className.substring(className.lastIndexOf('.') + 1);
        }
    }

    /**
     * Why a test failed, as the student reads it: the message of an assertion; the type and
     * message of any other exception (a {@code NullPointerException} says little without its
     * type); and a stub found anywhere in the cause chain, or else {@code reached}, one the test
     * reached in another task (its failure made the test fail on what that task did not do), so
     * that the test counts as waiting for it.
     */
    static String reason(Throwable thrown, NotImplementedYet reached) {
        if (thrown == null) {
            return "failed";
        }
        NotImplementedYet found = NotImplementedYet.findIn(thrown);
        NotImplementedYet stub = found != null ? found : reached;
        String message = thrown.getMessage() == null ? "" : thrown.getMessage();
        String text = thrown instanceof AssertionError ? message
                : message.isBlank() ? thrown.getClass().getName() : thrown.getClass().getSimpleName() + ": " + message;
        if (text.isBlank()) {
            text = thrown.getClass().getName();
        }
        if (stub != null && !text.contains(stub.getMessage())) {
            text = text + " (" + stub.getMessage() + ")";
        }
        return text;
    }
}
