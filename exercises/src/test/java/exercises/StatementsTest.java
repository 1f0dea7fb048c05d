package exercises;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import instructor.PlantedPatch;
import instructor.RuleTable;
import instructor.SolutionRegions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The statements (each step's {@code README.md}, in its package folder beside the code, which
 * exercises/README.md's track table links) say everything the tests check, in English and in
 * Russian: each step names the steps it needs (its code and tests use them), and every message
 * fragment that a step's tests require of the student's code appears in that step's statement.
 * A fragment is required of the student unless the kit or the given code writes it, or the test
 * throws it itself ({@link #NOT_THE_STUDENTS} lists the few others, each with the reason).
 * Every step also names, beside each rule, the tests that check it, and so does every optional
 * exercise (its section "## Optional: ...", its tests the classes {@code *OptionalTest}).
 * Instructors only: in the release the solution regions are stubs (.releaseignore).
 */
class StatementsTest {

    static final Path MODULE = Path.of("").toAbsolutePath();
    static final Path README = MODULE.resolve("README.md");
    static final Path STEPS = MODULE.resolve("src/main/java/exercises");
    /** Where a step's rows of the asyncio table start: after its Russian text. */
    static final String ASYNCIO_ROWS = "\n## Checked against asyncio / Сверено с asyncio";
    static final Pattern ASSERTED_MESSAGE =
            Pattern.compile("hasMessage(?:Containing|StartingWith|EndingWith)?\\(\"((?:[^\"\\\\]|\\\\.)*)\"\\)");
    static final Pattern STEP_REFERENCE = Pattern.compile("exercises\\.step(\\d+)_");

    static IntStream steps() {
        return IntStream.rangeClosed(1, 10);
    }

    @ParameterizedTest(name = "step {0}")
    @MethodSource("steps")
    void eachStepNamesTheStepsItNeedsInBothLanguages(int step) {
        Set<Integer> needed = neededByTheCode(step);
        String[] statement = statement(step);
        assertThat(listedSteps(statement[0], "**Needs:**")).as("step %d's \"**Needs:**\" line (English)", step)
                .isEqualTo(needed);
        assertThat(listedSteps(statement[1], "**Нужны:**")).as("step %d's \"**Нужны:**\" line (Russian)", step)
                .isEqualTo(needed);
    }

    @ParameterizedTest(name = "step {0}")
    @MethodSource("steps")
    void everyMessageAStepsTestsRequireIsInItsStatementInBothLanguages(int step) {
        String given = givenCode();
        String tests = javaFiles(step).stream().filter(f -> f.startsWith(MODULE.resolve("src/test")))
                .map(StatementsTest::read).reduce("", String::concat);
        String[] statement = statement(step);
        List<String> missing = new java.util.ArrayList<>(); // all of them at once, not the first alone
        for (String fragment : assertedMessages(step)) {
            if (given.contains(fragment) || NOT_THE_STUDENTS.containsKey(fragment)
                    || Pattern.compile("(Exception|Error)\\(\"" + Pattern.quote(fragment) + "\"").matcher(tests).find()) {
                continue; // the kit's or the given code's message, or the test's own exception passed through
            }
            if (!statement[0].contains(fragment)) {
                missing.add("step " + step + "'s statement (English) does not state the required message \"" + fragment + "\"");
            }
            if (!statement[1].contains(fragment)) {
                missing.add("step " + step + "'s statement (Russian) does not state the required message \"" + fragment + "\"");
            }
        }
        assertThat(missing).isEmpty();
    }

    /**
     * Every step lists, beside each rule of its statement, the tests that check it (the one form
     * of {@link RuleTable}, the homework's too): each named test exists, and every test that a
     * planted mistake of the step must fail is named there (a test that catches a mistake checks a
     * rule the table should show). The Russian part says where the table is.
     */
    @ParameterizedTest(name = "step {0}")
    @MethodSource("steps")
    void eachRuleOfTheStepNamesTheTestsThatCheckIt(int step) throws IOException {
        String[] statement = statement(step);
        RuleTable table = RuleTable.read("step " + step, statement[0], RuleTable.HEADING);
        assertThat(table.problems(StatementsTest::testExists, "a test method", plantedMistakes(step),
                test -> !isOptional(test))).isEmpty(); // an optional exercise's tests: its own table
        assertThat(statement[1]).as("step %d's Russian part says where the table of rules is", step)
                .contains(RUSSIAN_TABLE_NOTE);
    }

    /** The line of a step's Russian part that points at the table of rules, which is in English. */
    static final String RUSSIAN_TABLE_NOTE = "Каждое правило шага и тест, который его проверяет, — в таблице выше (по-английски).";

    /**
     * A step with an optional exercise (a method marked {@code @OptionalExercise}, or a test class
     * {@code *OptionalTest}) describes it in a section "## Optional: ..." in English and
     * "**Необязательно: ...**" in Russian, with a table of its rules and their tests: each named
     * test exists and is an optional one, and every optional test that a planted mistake must fail
     * is named there. A step without one has no such section.
     */
    @ParameterizedTest(name = "step {0}")
    @MethodSource("steps")
    void anOptionalExerciseHasItsSectionAndItsRulesWithTheirTests(int step) throws IOException {
        boolean hasOne = javaFiles(step).stream().anyMatch(f -> f.getFileName().toString().endsWith("OptionalTest.java")
                || f.startsWith(MODULE.resolve("src/main")) && read(f).contains("@OptionalExercise"));
        String[] statement = statement(step);
        if (!hasOne) {
            assertThat(statement[0]).as("step %d has no optional exercise", step).doesNotContain("## Optional:");
            return;
        }
        assertThat(statement[0]).as("step %d's optional exercise (English)", step).contains("\n## Optional: ");
        assertThat(statement[1]).as("step %d's optional exercise (Russian)", step).contains("**Необязательно: ");
        RuleTable table = RuleTable.read("step " + step + "'s optional table", statement[0], RuleTable.OPTIONAL_HEADING);
        assertThat(table.problems(test -> testExists(test) && isOptional(test), "a test method of a class *OptionalTest",
                plantedMistakes(step), StatementsTest::isOptional)).isEmpty();
    }

    /** A test of an optional exercise: its class is named {@code *OptionalTest}. */
    static boolean isOptional(String test) {
        return test.split("#")[0].endsWith("OptionalTest");
    }

    /** Whether {@code Class#method} is a method of a test class of the module. */
    static boolean testExists(String test) {
        String[] parts = test.split("#");
        return walk(MODULE.resolve("src/test/java")).stream()
                .filter(f -> f.getFileName().toString().equals(parts[0] + ".java"))
                .anyMatch(f -> read(f).contains(" void " + parts[1] + "("));
    }

    /** Step {@code step}'s planted mistakes (wrong/stepN-*.patch). */
    static List<PlantedPatch> plantedMistakes(int step) throws IOException {
        List<PlantedPatch> patches = new java.util.ArrayList<>();
        try (Stream<Path> files = Files.list(MODULE.resolve("wrong"))) {
            for (Path patch : files.filter(p -> p.getFileName().toString().startsWith("step" + step + "-")).sorted().toList()) {
                patches.add(PlantedPatch.read(patch));
            }
        }
        return patches;
    }

    /**
     * Step {@code step}'s statement: [English, Russian] (the Russian starts at "**Шаг N." and ends
     * where the step's rows of the asyncio table start, which are in English).
     */
    static String[] statement(int step) {
        String text = read(statementFile(step));
        assertThat(text).as("%s starts with its title", statementFile(step)).startsWith("# Step " + step + ". ");
        int russian = text.indexOf("**Шаг " + step + ".");
        assertThat(russian).as("step %d's Russian paragraph (\"**Шаг %d.\")", step, step).isPositive();
        int rows = text.indexOf(ASYNCIO_ROWS, russian);
        return new String[] {text.substring(0, russian), text.substring(russian, rows < 0 ? text.length() : rows)};
    }

    /** Step {@code step}'s statement: the README.md of its package folder, exercises/stepN_name. */
    static Path statementFile(int step) {
        try (Stream<Path> dirs = Files.list(STEPS)) {
            List<Path> found = dirs.filter(d -> d.getFileName().toString().startsWith("step" + step + "_")).toList();
            assertThat(found).as("step %d's package folder in %s", step, STEPS).hasSize(1);
            return found.get(0).resolve("README.md");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * exercises/README.md's track table links every step's statement, and keeps no statement of
     * its own nor a copy of a step's rows of the asyncio table (a rule is written in one place:
     * the step's file).
     */
    @ParameterizedTest(name = "step {0}")
    @MethodSource("steps")
    void theTrackTableLinksTheStepsStatementAndTheReadmeKeepsNoCopy(int step) {
        String link = MODULE.relativize(statementFile(step)).toString().replace('\\', '/');
        String readme = read(README);
        assertThat(readme).as("exercises/README.md's track table links %s", link)
                .containsPattern("(?m)^\\| " + step + " \\| \\[`step" + step + "_\\w+`\\]\\(" + Pattern.quote(link) + "\\) \\|");
        assertThat(readme).as("exercises/README.md keeps no statement of step %d (it is in %s)", step, link)
                .doesNotContain("## Step " + step + ".").doesNotContain("**Шаг " + step + ".");
        String text = read(statementFile(step));
        int rows = text.indexOf(ASYNCIO_ROWS);
        if (rows >= 0) {
            List<String> stepRows = text.substring(rows).lines()
                    .filter(l -> l.startsWith("| ") && !l.startsWith("| asyncio feature")).toList();
            for (String row : stepRows) {
                String feature = row.substring(0, row.indexOf(" | ") + 3);
                assertThat(readme).as("exercises/README.md's asyncio table keeps no copy of step %d's row %s", step, feature)
                        .doesNotContain(feature);
            }
        }
    }

    /** The step numbers of a line "LABEL steps 3, 4 and 5. ..." (up to its first full stop). */
    static Set<Integer> listedSteps(String text, String label) {
        int at = text.indexOf(label);
        assertThat(at).as("a line starting %s", label).isNotNegative();
        String list = text.substring(at + label.length()).split("[.(]", 2)[0];
        Set<Integer> steps = new TreeSet<>();
        Matcher n = Pattern.compile("\\d+").matcher(list);
        while (n.find()) {
            steps.add(Integer.parseInt(n.group()));
        }
        return steps;
    }

    /** The earlier steps that step {@code step}'s code and tests use, and the ones those use, and so on. */
    static Set<Integer> neededByTheCode(int step) {
        Set<Integer> needed = new TreeSet<>();
        Deque<Integer> todo = new ArrayDeque<>(List.of(step));
        while (!todo.isEmpty()) {
            int s = todo.pop();
            for (Path file : javaFiles(s)) {
                Matcher m = STEP_REFERENCE.matcher(read(file));
                while (m.find()) {
                    int used = Integer.parseInt(m.group(1));
                    if (used != step && needed.add(used)) {
                        todo.push(used);
                    }
                }
            }
        }
        return needed;
    }

    /** The message fragments step {@code step}'s tests assert ({@code hasMessageContaining("...")} and the like). */
    static Set<String> assertedMessages(int step) {
        Set<String> found = new LinkedHashSet<>();
        for (Path file : javaFiles(step)) {
            if (file.startsWith(MODULE.resolve("src/test"))) {
                Matcher m = ASSERTED_MESSAGE.matcher(read(file));
                while (m.find()) {
                    found.add(m.group(1).replace("\\\"", "\"").replace("\\\\", "\\"));
                }
            }
        }
        return found;
    }

    /**
     * Asserted fragments that the student's code does not write, though no given source has them
     * as one literal, each with the reason.
     */
    static final Map<String, String> NOT_THE_STUDENTS = Map.of(
            "99", "the tid the test awaits: the statement requires that the message names the tid",
            "42", "the tid the test cancels: the statement requires that the message names the tid",
            "task 1 (main)", "the kit's DeadlockException names the pending tasks (Task.toString())",
            "timeout()", "the given requireDuration(\"timeout\", seconds) writes it",
            "waitFor()", "the given requireDuration(\"waitFor\", seconds) writes it",
            "3 sub-exceptions", "the given TaskGroupException counts its exceptions",
            "maxsize 1", "the given Queue.Full writes it",
            "after 3 of the 5 bytes", "the given StreamReader.readExactly writes it",
            "deadlock", "the kit's DeadlockException (the loop's idle wait of before)",
            "first reader", "the name of the task already waiting: the statement requires that the message names it");

    /**
     * The string literals that the student does not write, one a line: the kit's, and the
     * exercises' outside the solution regions (the release's stubs included) (literals only: code such as
     * {@code channel.configureBlocking(false)} in a given file is not a message).
     */
    static String givenCode() {
        List<String> sources = new java.util.ArrayList<>();
        Path kit = MODULE.resolve("../mini-asyncio/src/main/java").normalize();
        for (Path file : walk(kit)) {
            sources.add(read(file));
        }
        for (Path file : walk(MODULE.resolve("src/main/java"))) {
            // as the release gives it: each solution region replaced by its stub
            sources.add(SolutionRegions.strip("exercises/" + MODULE.relativize(file).toString().replace('\\', '/'), read(file)));
        }
        StringBuilder literals = new StringBuilder();
        for (String source : sources) {
            Matcher m = Pattern.compile("\"((?:[^\"\\\\\n]|\\\\.)*)\"").matcher(source);
            while (m.find()) {
                literals.append(m.group(1)).append('\n');
            }
        }
        return literals.toString();
    }

    /** The main and test sources of step {@code step}'s package. */
    static List<Path> javaFiles(int step) {
        return Stream.of("src/main/java/exercises", "src/test/java/exercises")
                .flatMap(root -> walk(MODULE.resolve(root)).stream())
                .filter(f -> f.toString().contains("/step" + step + "_")).toList();
    }

    static List<Path> walk(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
