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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * Asked for pages ({@code --step-through}), it records each test's loops, and writes a failing
 * test's run as step-through pages ({@link FailingTestPages}).
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
        return run(testClasses, packages, names, log, null, null);
    }

    /**
     * The same, and when {@code reports} is not null one JUnit XML file per test class there
     * ({@code TEST-<class>.xml}, the shape Surefire writes), for {@code exercises/check-step.sh};
     * when {@code pages} is not null, each failing test's run as step-through pages in that folder
     * (each result names its first page).
     */
    static List<TestSummary.Result> run(Path testClasses, List<String> packages, String[] names, Path log, Path reports,
                                        Path pages) throws IOException {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClasspathRoots(Set.of(testClasses)))
                .filters(includePackageNames(packages), includeClassNamePatterns(names))
                .build();
        Collector collector = new Collector(pages == null ? null : new FailingTestPages(pages), pages);
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
        /** The failing tests' pages, or null when none were asked for; {@code folder} holds them. */
        final FailingTestPages pages;
        final Path folder;

        Collector(FailingTestPages pages, Path folder) {
            this.pages = pages;
            this.folder = folder;
        }

        @Override
        public void executionStarted(TestIdentifier test) {
            String className = className(test);
            if (test.isTest()) {
                stubsBefore = NotImplementedYet.made();
            }
            if (test.isTest() && className != null) { // the log says which test printed what follows
                System.out.println("---- " + simple(className) + "." + test.getDisplayName());
            }
            if (test.isTest() && pages != null) {
                pages.started();
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
                if (pages != null) {
                    pages.finished("", "", null); // a test of no class (a dynamic one of a factory): no page
                }
                return;
            }
            String method = test.getSource().orElse(null) instanceof MethodSource m ? m.getMethodName() : test.getDisplayName();
            String name = method;
            if (!test.getDisplayName().startsWith(name)) {
                name += " " + test.getDisplayName(); // an invocation of a parameterized test: which one
            }
            boolean failed = result.getStatus() == TestExecutionResult.Status.FAILED;
            String reason = failed ? reason(thrown, NotImplementedYet.madeSince(stubsBefore)) : null;
            String page = pages == null ? null
                    : pages.finished(simple(className) + "." + method + invocation(test), simple(className) + "." + name, reason);
            if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                results.add(new TestSummary.Result(TestSummary.part(className), simple(className) + "." + name, null));
                cases.add(new JUnitXml.Case(className, name, null, null, null, null));
            } else if (failed) {
                add(className, name, thrown, reason, page);
            } // ABORTED: an assumption did not hold, the test does not count
        }

        /** The end of the unique id of an invocation of a parameterized (or repeated) test: "[test-template-invocation:#3]". */
        private static final Pattern INVOCATION = Pattern.compile("#(\\d+)]$");

        /** ".3" for the third invocation of a parameterized (or repeated) test, "" for a plain one: its page's name. */
        private static String invocation(TestIdentifier test) {
            Matcher m = INVOCATION.matcher(test.getUniqueId());
            return m.find() ? "." + m.group(1) : "";
        }

        private void add(String className, String name, Throwable thrown) {
            add(className, name, thrown, reason(thrown, NotImplementedYet.madeSince(stubsBefore)), null);
        }

        private void add(String className, String name, Throwable thrown, String reason, String page) {
            String full = simple(className) + "." + name;
            results.add(new TestSummary.Result(TestSummary.part(className), full, reason, page));
            StringWriter trace = new StringWriter();
            thrown.printStackTrace(new PrintWriter(trace));
            traces.add("---- " + full + "\n" + trace);
            cases.add(new JUnitXml.Case(className, name, reason, thrown.getClass().getName(), trace.toString(),
                    page == null ? null : folder.resolve(page).toString()));
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
