package exercises;

import static org.assertj.core.api.Assertions.assertThat;

import exercises.proof.MutantCompiler;
import exercises.proof.TestsOverClasses;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import instructor.PlantedPatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The proof that the tests hold the statement: each planted wrong solution
 * {@code exercises/wrong/NAME.patch} (one mistake the statement rules out, as a patch of the
 * reference; see {@link PlantedPatch}, the format grading's planted mistakes share) must make the
 * tests its header names fail.
 *
 * <p>For each one: the patch is applied to the reference sources (failing, naming the patch, when
 * it no longer applies), the changed files are compiled in memory against the compiled reference,
 * and only the tests named in {@code # fails:} are run, in a class loader that sees the wrong
 * classes first ({@link TestsOverClasses}). {@code # says:}, if given, is a fragment that the
 * failure message of at least one of them must contain: the message points at the broken
 * requirement. The reference itself passes the same tests in the normal build.
 *
 * <p>While one mistake's tests run, the next ones compile on a thread of their own (many tests wait
 * on timers or sockets; javac keeps the other core busy meanwhile).
 *
 * <p>Stays with the instructors ({@code .releaseignore}): the wrong solutions are near-solutions.
 */
class WrongSolutionsTest {

    static final Path WRONG = Path.of("wrong");
    static final Path RIGHT = Path.of("right");

    private static MutantCompiler compiler;
    private static TestsOverClasses tests;
    private static Map<String, String> testClassBySimpleName;
    private static ExecutorService compiling;

    @BeforeAll
    static void setUp() throws IOException {
        Path main = location(exercises.step3_futures.Future.class);
        Path testClasses = location(WrongSolutionsTest.class);
        compiler = new MutantCompiler(List.of(main, location(miniasyncio.Scheduler.class)));
        tests = new TestsOverClasses(url(testClasses), url(main));
        try (Stream<Path> walk = Files.walk(testClasses)) {
            testClassBySimpleName = walk.map(p -> testClasses.relativize(p).toString())
                    .filter(p -> p.endsWith("Test.class"))
                    .map(p -> p.substring(0, p.length() - ".class".length()).replace(java.io.File.separatorChar, '.'))
                    .collect(Collectors.toMap(n -> n.substring(n.lastIndexOf('.') + 1), n -> n));
        }
        compiling = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("compiling mutants").daemon().factory());
    }

    @AfterAll
    static void tearDown() {
        compiling.shutdownNow();
    }

    @TestFactory
    Stream<DynamicTest> everyPlantedMistakeFailsTheTestsThatNameIt() throws IOException {
        assertThat(WRONG).as("the wrong solutions, run from the exercises module").isDirectory();
        List<Path> patches;
        try (Stream<Path> list = Files.list(WRONG)) {
            patches = list.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
        assertThat(patches).as("planted wrong solutions").isNotEmpty();
        Path module = Path.of("").toAbsolutePath();
        // compiled ahead, in order, while the tests of the earlier ones run
        Map<Path, CompletableFuture<Mutant>> compiled = new LinkedHashMap<>();
        for (Path patch : patches) {
            compiled.put(patch, CompletableFuture.supplyAsync(() -> Mutant.of(patch, module), compiling));
        }
        return patches.stream().map(patch -> DynamicTest.dynamicTest(patch.getFileName().toString(),
                () -> check(join(compiled.get(patch)))));
    }

    /** A planted mistake and its compiled classes. */
    private record Mutant(PlantedPatch mistake, Map<String, byte[]> classes) {
        static Mutant of(Path patch, Path module) {
            try {
                PlantedPatch mistake = PlantedPatch.read(patch);
                if (mistake.exact()) {
                    throw new AssertionError(patch + ": '# fails exactly:' is grading's (its class of 30 runs every"
                            + " test); here the named tests run: write '# fails:'");
                }
                Map<String, String> changed = mistake.applyTo(module);
                for (String path : changed.keySet()) {
                    if (!path.startsWith("src/main/java/") || !path.endsWith(".java")) {
                        throw new AssertionError(patch + " changes " + path + ", which is not a reference file under"
                                + " src/main/java of the exercises module");
                    }
                }
                return new Mutant(mistake, compiler.compile(patch.toString(), changed));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private static void check(Mutant mutant) throws Exception {
        PlantedPatch mistake = mutant.mistake();
        List<String> named = mistake.fails().stream().map(WrongSolutionsTest::testMethod).toList();
        TestsOverClasses.Result result = tests.run(mutant.classes(), named);
        assertThat(result.ran()).as("%s: the tests its header names (%s) must all exist and run", mistake.file(), named)
                .isEqualTo(named.size());
        for (String test : mistake.fails()) {
            assertThat(result.failures()).as("%s: the planted mistake (%s) must make %s fail%s",
                    mistake.file(), mistake.mistake(), test, printed(result)).containsKey(test);
        }
        if (mistake.says() != null) {
            assertThat(mistake.fails().stream().map(result.failures()::get).toList())
                    .as("%s: a failure message that points at the broken requirement", mistake.file())
                    .anyMatch(message -> message != null && message.contains(mistake.says()));
        }
    }

    /** {@code Class#method} with the simple name of a test class to the binary name's form. */
    private static String testMethod(String test) {
        String simpleName = test.substring(0, test.indexOf('#'));
        if (simpleName.contains(".")) {
            return test; // already the binary name
        }
        String className = testClassBySimpleName.get(simpleName);
        assertThat(className).as("the test class %s", simpleName).isNotNull();
        return className + test.substring(test.indexOf('#'));
    }

    /**
     * The other half of the proof: a correct solution written from the statement alone, in a style
     * of its own, must pass every test of the steps named in {@code steps=} (tests that demand more
     * than the statement says would reject it); the tests of their optional exercises too when
     * {@code optional=true}.
     */
    @TestFactory
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
        assertThat(steps).as("%s/expected.properties: steps=N,...", dir).allMatch(n -> n.matches("[1-9]|10"));
        Map<String, String> sources = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
                sources.put(dir.relativize(file).toString(), Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        assertThat(sources).as("%s: the files of the solution", dir).isNotEmpty();
        // The optional exercises' tests (classes *OptionalTest) only for a solution that says it
        // wrote them (optional=true): a step is done without its optional part.
        boolean optional = Boolean.parseBoolean(expected.getProperty("optional", "false"));
        List<String> stepTests = testClassBySimpleName.values().stream()
                .filter(name -> steps.stream().anyMatch(step -> name.startsWith("exercises.step" + step + "_")))
                .filter(name -> optional || !name.endsWith("OptionalTest")).sorted().toList();
        TestsOverClasses.Result result = tests.run(compiler.compile(dir.toString(), sources), stepTests);
        assertThat(result.ran()).as("%s: tests run", dir.getFileName()).isPositive();
        assertThat(result.failures()).as("%s (%s): the tests of steps %s that reject a solution written from the"
                + " statement%s", dir.getFileName(), description(dir), steps, printed(result)).isEmpty();
    }

    private static String printed(TestsOverClasses.Result result) {
        return result.printed().isEmpty() ? "" : "; the tests printed:\n" + result.printed();
    }

    private static String description(Path dir) throws IOException {
        return Files.readAllLines(dir.resolve("expected.properties")).stream()
                .filter(line -> line.startsWith("#")).map(line -> line.substring(1).strip())
                .findFirst().orElse("no description");
    }

    private static <T> T join(CompletableFuture<T> future) throws Throwable {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw e.getCause();
        }
    }

    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
