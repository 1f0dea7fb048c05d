package grading.release;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import instructor.SolutionRegions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The statements students read (as the release gives them, without the instructors' blocks, such
 * as the homework's table of rules and their hidden tests) carry the same rules in English and in
 * Russian: each part has as many rules (the top-level items of its bulleted and numbered lists),
 * and each rule and each part as a whole name the same code (the {@code `spans`} that are code, not
 * words: a class, a method, a command, a message fragment). A rule added to, or left in, one
 * language only fails here, as the "six static rules, 1 point each" once stayed in the Russian part
 * after the rules were removed.
 */
class ReadmeLanguagesTest {

    private static final Pattern SPAN = Pattern.compile("`([^`\n]+)`");
    private static final Pattern ITEM = Pattern.compile("^(- |\\d+\\. )");

    @ParameterizedTest
    @ValueSource(strings = {"homework/README.md", "grading/src/main/resources/grading/release/student-README.md"})
    void theEnglishAndTheRussianPartHaveTheSameRules(String path) throws Exception {
        String text = SolutionRegions.stripInstructorNotes(path, // as students read it: not the instructors' blocks
                Files.readString(Repo.root().resolve(path), StandardCharsets.UTF_8))
                .replaceAll("(?s)```.*?```", ""); // commands and samples: shared, not translated
        int english = text.indexOf("\n## English\n");
        int russian = text.indexOf("\n## Русский\n");
        assertThat(english).as("%s has an English part", path).isPositive();
        assertThat(russian).as("%s has a Russian part after it", path).isGreaterThan(english);
        String en = text.substring(english, russian);
        String ru = text.substring(russian);

        List<String> enRules = rules(en);
        List<String> ruRules = rules(ru);
        assertThat(ruRules).as("%s: the Russian part's rules, against the English part's:%n%s", path,
                String.join("\n", enRules)).hasSameSizeAs(enRules);
        for (int i = 0; i < enRules.size(); i++) {
            assertThat(code(ruRules.get(i))).as("%s, rule %d: the code it names in Russian%n  %s%nand in English%n  %s",
                    path, i + 1, ruRules.get(i), enRules.get(i)).isEqualTo(code(enRules.get(i)));
        }
        assertThat(code(ru)).as("%s: the code the Russian part names, against the English part", path)
                .isEqualTo(code(en));
    }

    /** The top-level items of the lists of {@code part}, each with its continuation lines. */
    static List<String> rules(String part) {
        List<String> rules = new ArrayList<>();
        StringBuilder current = null;
        for (String line : part.split("\n")) {
            if (ITEM.matcher(line).find()) {
                current = new StringBuilder(line);
                rules.add(null);
            } else if (current != null && line.startsWith("  ")) {
                current.append(' ').append(line.strip());
            } else {
                current = null;
            }
            if (current != null) {
                rules.set(rules.size() - 1, current.toString());
            }
        }
        return rules;
    }

    /**
     * The code spans of {@code text} that are the same in both languages: not those in words
     * (with Cyrillic letters, or three words or more, such as a quoted message translated); a
     * placeholder ({@code <method>}, {@code <метод>}) counts as {@code <>}.
     */
    static Set<String> code(String text) {
        Set<String> code = new TreeSet<>();
        Matcher m = SPAN.matcher(text);
        while (m.find()) {
            String span = m.group(1).replaceAll("<[^<>\\s]+>", "<>");
            boolean words = span.chars().anyMatch(c -> Character.UnicodeBlock.of(c) == Character.UnicodeBlock.CYRILLIC)
                    || Stream.of(span.split("\\s+")).filter(w -> w.matches("\\p{L}+")).count() >= 3;
            if (!words) {
                code.add(span);
            }
        }
        return code;
    }
}
