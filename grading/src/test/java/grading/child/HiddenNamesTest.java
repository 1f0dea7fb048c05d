package grading.child;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import grading.WrongPatch;
import grading.grade.OpaqueNames;
import grading.hidden.EndMarker;
import grading.hidden.GradedTests;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import miniasyncio.NotImplementedYet;
import instructor.PatchFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hidden tests as the child loads them (renamed by the grader, defined by
 * {@link HiddenTestLoader}, run by {@link ChildMain#run}) say nothing of their names: a class name
 * a submission reads (a body's lambda), a stack trace through a test, the methods of every class.
 * The submission is {@code grading/hostile/encoded-grader-names}: a gather that throws its bodies'
 * class names, plain, reversed and with look-alike dots.
 */
class HiddenNamesTest {

    private static final String ARGUMENT_ORDER = "grading.hidden.GatherTests#argumentOrder";

    @TempDir
    static Path work;

    static OpaqueNames names;
    static ClassLoader tests;

    @BeforeAll
    static void loadTheHiddenTestsAsTheChildDoes() throws IOException {
        names = OpaqueNames.of(hiddenClassFiles(), HiddenNamesTest.class.getClassLoader());
        tests = new HiddenTestLoader(names.classes(), new URLClassLoader(new URL[] {
            plantedHomework().toUri().toURL(), location(NotImplementedYet.class), location(Guarded.class)},
                ClassLoader.getPlatformClassLoader()));
    }

    @Test
    void aBodysClassNameSaysNothingOfTheTests() throws Exception {
        String reason = quietly(() -> ChildMain.run(names.id(ARGUMENT_ORDER), names.id(marker()), tests));
        assertThat(reason).contains("the bodies' classes: t.", "$$Lambda/");
        assertNothingOfTheGrader(reason);
    }

    @Test
    void aStackTraceThroughATestSaysNothingOfIt() throws Exception {
        String id = names.id(ARGUMENT_ORDER);
        Class<?> type = Class.forName(id.substring(0, id.indexOf('#')), true, tests);
        Throwable thrown = quietly(() -> {
            try {
                type.getMethod(id.substring(id.indexOf('#') + 1)).invoke(type.getDeclaredConstructor().newInstance());
                return null;
            } catch (InvocationTargetException e) {
                return e.getCause();
            }
        });
        assertThat(thrown).isInstanceOf(IllegalStateException.class);
        // the frames from where the submission threw down to where the runner called the test
        List<String> frames = new ArrayList<>();
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (frame.getClassName().startsWith("jdk.internal.reflect.")) {
                break;
            }
            frames.add(frame.toString());
        }
        assertThat(frames).anyMatch(f -> f.contains("homework.Homework.gather(Homework.java:"))
                .filteredOn(f -> f.startsWith(HiddenTestLoader.NAME + "//")).hasSizeGreaterThanOrEqualTo(3)
                .allMatch(f -> f.startsWith("t//t.") && f.endsWith("(Unknown Source)"), "a renamed frame"
                        + " without a file name or line");
        frames.forEach(HiddenNamesTest::assertNothingOfTheGrader);
        // what the student reads of it picks the submission's own frame, as before
        assertThat(Guarded.describe(thrown)).contains("(at homework.Homework.gather(Homework.java:");
    }

    @Test
    void noClassMethodOrFieldKeepsItsName() throws Exception {
        List<String> members = new ArrayList<>();
        for (String name : names.classes().keySet()) {
            Class<?> type = Class.forName(name, false, tests);
            members.add(type.getName() + " " + type.getSimpleName());
            Arrays.stream(type.getDeclaredMethods()).forEach(m -> members.add(m.getName()));
            Arrays.stream(type.getDeclaredFields()).forEach(f -> members.add(f.getName()));
        }
        assertThat(members).allMatch(m -> !m.contains("lambda$"), "no lambda$test$0");
        members.forEach(HiddenNamesTest::assertNothingOfTheGrader);
        // what a submission's interface or the kit calls keeps its name
        assertThat(members).contains("beforeStep", "handleSyscall", "finishTask", "hasWork", "toString");
        // nor their class files: no old class name, source file or lambda method in them (their
        // strings are kept: ORDER lists the tests' old names, which only the grader reads)
        for (byte[] classFile : names.classes().values()) {
            assertThat(new String(classFile, StandardCharsets.ISO_8859_1)).doesNotContain("grading/hidden", ".java",
                    "lambda$");
        }
    }

    @Test
    void theReferencePassesTheRenamedTests() throws Exception {
        ClassLoader reference = new HiddenTestLoader(names.classes(), HiddenNamesTest.class.getClassLoader());
        for (String id : List.of(ARGUMENT_ORDER, "grading.hidden.ScaleTests#tenThousand",
                "grading.hidden.ErrorTests#deadlockCycle", "grading.hidden.AwaitTaskTests#noPolling")) {
            assertThat(ChildMain.run(names.id(id), names.id(marker()), reference)).as(id).isNull();
        }
    }

    /** No word of the grader's, read as a submission could encode it: letters only, either way round. */
    private static void assertNothingOfTheGrader(String text) {
        String letters = text.codePoints().filter(Character::isLetterOrDigit).map(Character::toLowerCase)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        List<String> words = new ArrayList<>(List.of("grading", "hidden"));
        classNames().forEach(name -> words.add(name.toLowerCase()));
        GradedTests.all().forEach(spec -> words.add(spec.id().substring(spec.id().indexOf('#') + 1).toLowerCase()));
        for (String word : words) {
            assertThat(letters).as("the text, letters only, holds " + word + ":\n" + text).doesNotContain(word);
            assertThat(new StringBuilder(letters).reverse().toString()).as("the text reversed holds " + word)
                    .doesNotContain(word);
        }
    }

    /**
     * The simple names of the hidden classes, nested ones too ("GatherTests", "Fixture",
     * "StepBudgetExceeded").
     */
    private static List<String> classNames() {
        try {
            return hiddenClassFiles().keySet().stream().flatMap(n -> Arrays.stream(n.substring(n.lastIndexOf('.') + 1)
                    .split("\\$"))).filter(n -> !n.isEmpty() && !n.chars().allMatch(Character::isDigit))
                    .distinct().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** What {@code run} returns; what it prints (the submission prints its names too) is dropped, so a green build stays quiet. */
    private static <T> T quietly(Callable<T> run) throws Exception {
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            return run.call();
        } finally {
            System.setOut(out);
        }
    }

    private static String marker() {
        return EndMarker.class.getName() + "#take";
    }

    /** The class files of grading.hidden, by class name, as grader.jar holds them. */
    private static Map<String, byte[]> hiddenClassFiles() throws IOException {
        Path root = Path.of(location(GradedTests.class).getPath());
        Map<String, byte[]> classes = new HashMap<>();
        try (Stream<Path> files = Files.list(root.resolve("grading/hidden"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = file.getFileName().toString();
                classes.put("grading.hidden." + name.substring(0, name.length() - ".class".length()), Files.readAllBytes(file));
            }
        }
        return classes;
    }

    /** The homework of grading/hostile/encoded-grader-names, compiled against the kit. */
    private static Path plantedHomework() throws IOException {
        Path submission = WrongPatch.apply(PatchFile.read(Repo.root().resolve(
                "grading/hostile/encoded-grader-names/homework.patch")), Repo.root(), work.resolve("submission"));
        List<String> args = new ArrayList<>(List.of("-d", work.resolve("classes").toString(), "-cp",
                location(NotImplementedYet.class).getPath(), "-proc:none", "-nowarn"));
        try (Stream<Path> sources = Files.list(submission.resolve("homework/src/main/java/homework"))) {
            sources.forEach(s -> args.add(s.toString()));
        }
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new))).isZero();
        return work.resolve("classes");
    }

    private static URL location(Class<?> type) {
        return type.getProtectionDomain().getCodeSource().getLocation();
    }
}
