package exercises;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code exercises/CHANGES.md}, what changed for students release by release, is in the format
 * {@code check-step.sh} reads ({@code check/Changes.java}), names only tests that exist and given
 * classes that exist, and {@code CHANGES.ru.md} says the same in Russian: the same releases, the
 * same sections, and row by row the same tests and the same given members.
 */
class ChangesTest {

    static final Pattern RELEASE = Pattern.compile("## (\\d{4}-\\d{2}-\\d{2})");
    static final Pattern TEST = Pattern.compile("(\\w+)#(\\w+)");

    /** One table row of a release's section: what its cells name in backticks. */
    record Row(String release, String section, List<String> first, List<String> second) {
    }

    @Test
    void eachReleaseIsADateNewestFirstWithStepAndGivenApiSectionsOfTables() throws IOException {
        List<String> releases = new ArrayList<>();
        String section = null;
        List<String> lines = Files.readAllLines(Path.of("CHANGES.md"), StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("## ")) {
                assertThat(line).as("a release heading is its date").matches(RELEASE.pattern());
                releases.add(line.substring(3));
                section = null;
            } else if (line.startsWith("### ")) {
                assertThat(releases).as("%s under a release", line).isNotEmpty();
                assertThat(line).matches("### (Step ([1-9]|10)|Given API)");
                section = line;
                String header = section.equals("### Given API") ? "| given | what changed |" : "| rule | tests |";
                int table = i + 1; // after a paragraph, maybe
                while (table < lines.size() && !lines.get(table).startsWith("|") && !lines.get(table).startsWith("#")) {
                    table++;
                }
                assertThat(lines.subList(table, Math.min(lines.size(), table + 2))).as("the table under %s", line)
                        .containsExactly(header, "|---|---|");
            } else if (line.startsWith("|") && !line.startsWith("|---") && !line.startsWith("| rule ")
                    && !line.startsWith("| given ")) {
                assertThat(section).as("a row under a section: %s", line).isNotNull();
                assertThat(line).as("two cells").matches("\\| [^|]+ \\| [^|]+ \\|");
            }
        }
        assertThat(releases).as("releases, newest first").isNotEmpty().isSortedAccordingTo((a, b) -> b.compareTo(a));
        assertThat(releases).doesNotHaveDuplicates();
    }

    @Test
    void everyTestARuleNamesExistsAndEveryRuleNamesOne() {
        for (Row row : rows("CHANGES.md")) {
            if (row.section().startsWith("step")) {
                List<String> tests = row.second().stream().filter(t -> TEST.matcher(t).matches()).toList();
                assertThat(tests).as("the tests of a rule of %s, %s", row.release(), row.section()).isNotEmpty();
                tests.forEach(t -> assertThat(isTest(t)).as("%s (%s, %s) is a test of the module", t, row.release(),
                        row.section()).isTrue());
            }
        }
    }

    @Test
    void everyGivenMemberNamesAClassOfTheKitOrTheExercises() {
        for (Row row : rows("CHANGES.md")) {
            if (row.section().equals("Given API")) {
                assertThat(row.first()).as("the members of a Given API row of %s", row.release()).isNotEmpty();
                for (String member : row.first()) {
                    assertThat(member).as("Class.member, or Class alone").matches("[A-Z]\\w*(\\.\\w+.*)?");
                    String type = member.replaceAll("\\..*", "");
                    assertThat(isClass(type)).as("%s (%s) names a class of the kit or of the exercises", member,
                            row.release()).isTrue();
                }
            }
        }
    }

    @Test
    void theRussianFileSaysTheSameReleaseBySectionAndRowByRow() {
        List<Row> english = rows("CHANGES.md");
        List<Row> russian = rows("CHANGES.ru.md");
        assertThat(russian.stream().map(ChangesTest::skeleton).toList())
                .as("CHANGES.ru.md: releases, sections, and in each row the tests or given members CHANGES.md has")
                .isEqualTo(english.stream().map(ChangesTest::skeleton).toList());
    }

    /** A row as both languages share it: where it is and what it names, not its words. */
    private static String skeleton(Row row) {
        List<String> named = row.section().equals("Given API") ? row.first()
                : row.second().stream().filter(t -> TEST.matcher(t).matches()).toList();
        return row.release() + " " + row.section() + " " + named;
    }

    /** The rows of CHANGES.md or CHANGES.ru.md ({@code ### Шаг N}, {@code ### Данный API} in Russian). */
    static List<Row> rows(String file) {
        List<Row> rows = new ArrayList<>();
        String release = null;
        String section = null;
        try {
            for (String line : Files.readAllLines(Path.of(file), StandardCharsets.UTF_8)) {
                Matcher r = RELEASE.matcher(line);
                if (r.matches()) {
                    release = r.group(1);
                    section = null;
                } else if (line.matches("### (Step|Шаг) \\d+")) {
                    section = "step " + line.replaceAll("\\D", "");
                } else if (line.equals("### Given API") || line.equals("### Данный API")) {
                    section = "Given API";
                } else if (release != null && section != null && line.startsWith("| ") && !line.startsWith("|---")) {
                    String[] cells = line.split("\\|");
                    if (cells.length >= 3 && !cells[1].strip().matches("rule|given|правило|данное")) {
                        rows.add(new Row(release, section, backticked(cells[1]), backticked(cells[2])));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    private static List<String> backticked(String cell) {
        List<String> items = new ArrayList<>();
        Matcher m = Pattern.compile("`([^`]+)`").matcher(cell);
        while (m.find()) {
            items.add(m.group(1));
        }
        return items;
    }

    /** Whether {@code Class#method} is a test method of a test class of the module. */
    private static boolean isTest(String test) {
        Matcher m = TEST.matcher(test);
        assertThat(m.matches()).isTrue();
        return sources(Path.of("src/test/java")).stream()
                .filter(f -> f.getFileName().toString().equals(m.group(1) + ".java"))
                .anyMatch(f -> read(f).contains(" void " + m.group(2) + "("));
    }

    /** Whether {@code type} is a class of the exercises or of the kit, or a nested one of either. */
    private static boolean isClass(String type) {
        Pattern declared = Pattern.compile("\\b(class|interface|record|enum) " + type + "\\b");
        return MAIN_SOURCES.stream().anyMatch(f -> f.getFileName().toString().equals(type + ".java")
                || declared.matcher(read(f)).find());
    }

    /** The exercises' and the kit's main sources. */
    static final List<Path> MAIN_SOURCES = Stream.concat(sources(Path.of("src/main/java")).stream(),
            sources(Path.of("../mini-asyncio/src/main/java")).stream()).toList();

    private static List<Path> sources(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(f -> f.toString().endsWith(".java")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
