package exercises;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The proof that the tests hold the statement: each planted wrong solution in
 * {@code exercises/wrong/NAME/} (a few reference files with one mistake the statement rules
 * out, and {@code expected.properties}) must make the tests it names fail.
 *
 * <p>For each one: the changed files are compiled against the already compiled reference, and
 * the test classes of the packages named in {@code fails=} are run (through the JUnit Platform
 * launcher) in a class loader that sees the wrong classes first. {@code says=}, if given, is a
 * fragment that the failure message of at least one named test must contain: the message points
 * at the broken requirement. The reference itself passes the same tests in the normal build.
 *
 * <p>Stays with the instructors ({@code .releaseignore}): the wrong solutions are near-solutions.
 */
class WrongSolutionsTest {

    static final Path WRONG = Path.of("wrong");

    @TestFactory
    @Timeout(600) // one compilation and one step's tests per wrong solution; each test has its own limit
    Stream<DynamicTest> everyPlantedMistakeFailsTheTestsThatNameIt() throws IOException {
        assertThat(WRONG).as("the wrong solutions, run from the exercises module").isDirectory();
        List<Path> dirs;
        try (Stream<Path> list = Files.list(WRONG)) {
            dirs = list.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(dirs).as("planted wrong solutions").isNotEmpty();
        return dirs.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
    }

    static final Path RIGHT = Path.of("right");

    /**
     * The other half of the proof: a correct solution written from the statement alone, in a style
     * of its own, must pass every test of the steps named in {@code steps=} (tests that demand more
     * than the statement says would reject it).
     */
    @TestFactory
    @Timeout(600)
    Stream<DynamicTest> everyRightSolutionPassesItsStepsTests() throws IOException {
        assertThat(RIGHT).as("the right solutions, run from the exercises module").isDirectory();
        List<Path> dirs;
        try (Stream<Path> list = Files.list(RIGHT)) {
            dirs = list.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(dirs).as("right solutions written from the statement").isNotEmpty();
        return dirs.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> checkRight(dir)));
    }

    private static void checkRight(Path dir) throws Exception {
        Properties expected = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("expected.properties"))) {
            expected.load(in);
        }
        List<String> steps = List.of(expected.getProperty("steps", "").split("\\s*,\\s*"));
        assertThat(steps).as("%s/expected.properties: steps=N,...", dir).allMatch(n -> n.matches("[1-9]"));
        Path classes = Files.createTempDirectory("right-" + dir.getFileName());
        try {
            compile(dir, classes);
            int[] ran = new int[1];
            Map<String, String> failures = runTests(classes, testClassesOfSteps(steps), ran);
            assertThat(ran[0]).as("%s: tests run", dir.getFileName()).isPositive();
            assertThat(failures).as("%s (%s): the tests of steps %s that reject a solution written from the statement",
                    dir.getFileName(), description(dir), steps).isEmpty();
        } finally {
            try (Stream<Path> walk = Files.walk(classes)) {
                walk.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Every test class of the step packages {@code exercises.stepN_*}. */
    private static Set<String> testClassesOfSteps(List<String> steps) throws IOException {
        Path root = Path.of(location(WrongSolutionsTest.class)).resolve("exercises");
        Set<String> classes = new LinkedHashSet<>();
        for (String step : steps) {
            List<Path> packages;
            try (Stream<Path> list = Files.list(root)) {
                packages = list.filter(p -> p.getFileName().toString().startsWith("step" + step + "_")).toList();
            }
            assertThat(packages).as("the package of step %s", step).hasSize(1);
            String pkg = packages.get(0).getFileName().toString();
            try (Stream<Path> list = Files.list(packages.get(0))) {
                list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith("Test.class")).sorted()
                        .forEach(n -> classes.add("exercises." + pkg + "." + n.substring(0, n.length() - ".class".length())));
            }
        }
        return classes;
    }

    private static void check(Path dir) throws Exception {
        Properties expected = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("expected.properties"))) {
            expected.load(in);
        }
        List<String> mustFail = List.of(expected.getProperty("fails", "").split("\\s*,\\s*"));
        assertThat(mustFail).as("%s/expected.properties: fails=Class#method,...", dir).allMatch(t -> t.contains("#"));

        Path classes = Files.createTempDirectory("wrong-" + dir.getFileName());
        try {
            compile(dir, classes);
            Map<String, String> failures = runTests(classes, testClassesOf(mustFail), new int[1]);
            for (String test : mustFail) {
                assertThat(failures).as("%s: the planted mistake (%s) must make %s fail",
                        dir.getFileName(), description(dir), test).containsKey(test);
            }
            String says = expected.getProperty("says");
            if (says != null) {
                assertThat(mustFail.stream().map(failures::get).toList())
                        .as("%s: a failure message that points at the broken requirement", dir.getFileName())
                        .anyMatch(message -> message != null && message.contains(says));
            }
        } finally {
            try (Stream<Path> walk = Files.walk(classes)) {
                walk.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String description(Path dir) throws IOException {
        return Files.readAllLines(dir.resolve("expected.properties")).stream()
                .filter(line -> line.startsWith("#")).map(line -> line.substring(1).strip())
                .findFirst().orElse("no description");
    }

    /** Compiles the wrong solution's files against the reference classes. */
    private static void compile(Path dir, Path out) throws IOException {
        List<String> sources;
        try (Stream<Path> walk = Files.walk(dir)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).map(Path::toString).toList();
        }
        assertThat(sources).as("%s: the changed files", dir).isNotEmpty();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("--release", "21", "-nowarn", "-d", out.toString(),
                "-cp", location(exercises.step3_futures.Future.class) + java.io.File.pathSeparator
                        + location(miniasyncio.Scheduler.class)));
        args.addAll(sources);
        StringWriter errors = new StringWriter();
        int code = javac.run(null, null, new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                errors.write(b);
            }
        }), args.toArray(String[]::new));
        assertThat(code).as("%s does not compile:%n%s", dir, errors).isZero();
    }

    /** The test classes of the packages the named tests are in. */
    private static Set<String> testClassesOf(List<String> tests) throws IOException, URISyntaxException {
        Path testClasses = Path.of(location(WrongSolutionsTest.class));
        Set<String> classes = new LinkedHashSet<>();
        for (String test : tests) {
            String simpleName = test.substring(0, test.indexOf('#'));
            try (Stream<Path> walk = Files.walk(testClasses)) {
                List<Path> found = walk.filter(p -> p.getFileName().toString().equals(simpleName + ".class")).toList();
                assertThat(found).as("the test class %s", simpleName).hasSize(1);
                Path packageDir = found.get(0).getParent();
                try (Stream<Path> siblings = Files.list(packageDir)) {
                    siblings.map(p -> p.getFileName().toString())
                            .filter(n -> n.endsWith("Test.class"))
                            .map(n -> testClasses.relativize(packageDir).toString().replace(java.io.File.separatorChar, '.')
                                    + "." + n.substring(0, n.length() - ".class".length()))
                            .forEach(classes::add);
                }
            }
        }
        return classes;
    }

    /**
     * Runs {@code testClasses} with the given classes first; returns Class#method -> failure
     * message, and counts the tests that ran in {@code ran[0]}.
     */
    private static Map<String, String> runTests(Path wrongClasses, Set<String> testClasses, int[] ran) throws Exception {
        URL[] urls = {wrongClasses.toUri().toURL(), WrongSolutionsTest.class.getProtectionDomain().getCodeSource().getLocation(),
                exercises.step3_futures.Future.class.getProtectionDomain().getCodeSource().getLocation()};
        Map<String, String> failures = new LinkedHashMap<>();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (ExercisesFirst loader = new ExercisesFirst(urls, previous)) {
            thread.setContextClassLoader(loader);
            LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
            for (String name : testClasses) {
                request.selectors(DiscoverySelectors.selectClass(loader.loadClass(name)));
            }
            Launcher launcher = LauncherFactory.create();
            launcher.execute(request.build(), new TestExecutionListener() {
                @Override
                public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                    if (test.isTest()) {
                        ran[0]++;
                    }
                    if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL
                            && test.getSource().orElse(null) instanceof MethodSource method) {
                        String className = method.getClassName();
                        String key = className.substring(className.lastIndexOf('.') + 1) + "#" + method.getMethodName();
                        failures.put(key, result.getThrowable().map(String::valueOf).orElse(result.getStatus().toString()));
                    }
                }
            });
        } finally {
            thread.setContextClassLoader(previous);
        }
        return failures;
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Loads the track's own classes ({@code exercises.*}) afresh, wrong classes first; the kit,
     * JUnit and AssertJ come from the parent, so that the launcher and the tests share them.
     */
    static final class ExercisesFirst extends URLClassLoader {
        ExercisesFirst(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("exercises.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    loaded = findClass(name);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }

}
