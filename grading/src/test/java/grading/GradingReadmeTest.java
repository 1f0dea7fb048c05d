package grading;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * grading/README's tables say what the patches and the hidden tests are: a wrong solution added
 * without its row, a row whose "caught by" the patch does not name, or a hidden test that no rule
 * of the statement maps to, fails here, not in a reader's head.
 */
class GradingReadmeTest {

    private static String readme() throws IOException {
        return Files.readString(Repo.root().resolve("grading/README.md"), StandardCharsets.UTF_8);
    }

    /** The rows of the markdown table whose header starts with {@code header}: first cell -> the rest. */
    private static Map<String, List<String>> table(String text, String header) {
        int at = text.indexOf("| " + header + " |");
        assertThat(at).as("grading/README has a table headed \"" + header + "\"").isNotNegative();
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (String line : text.substring(at).split("\n")) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.substring(1, line.length() - 1).split(" \\| ", -1);
            if (cells[0].startsWith("---") || cells[0].strip().equals(header)) {
                continue;
            }
            List<String> rest = new ArrayList<>();
            for (int i = 1; i < cells.length; i++) {
                rest.add(cells[i].strip());
            }
            rows.put(cells[0].strip(), rest);
        }
        return rows;
    }

    /** "`GatherTests#argumentOrder`, `#nested`" -> GatherTests#argumentOrder, GatherTests#nested. */
    private static List<String> tests(String cell) {
        List<String> found = new ArrayList<>();
        String type = null;
        Matcher m = Pattern.compile("`(\\w*)#(\\w+)`").matcher(cell);
        while (m.find()) {
            type = m.group(1).isEmpty() ? type : m.group(1);
            found.add(type + "#" + m.group(2));
        }
        return found;
    }

    private static String simple(String id) {
        return id.substring("grading.hidden.".length());
    }

    @Test
    void everyWrongSolutionHasItsRowAndTheRowNamesOnlyTestsItsPatchNames() throws IOException {
        Map<String, List<String>> rows = table(readme(), "wrong solution");
        List<String> problems = new ArrayList<>();
        for (WrongPatch patch : WrongPatch.all()) {
            List<String> row = rows.remove("`" + patch.name() + "`");
            if (row == null) {
                problems.add(patch.name() + ".patch has no row in grading/README's table of wrong solutions");
                continue;
            }
            List<String> fails = patch.fails().stream().map(GradingReadmeTest::simple).toList();
            for (String test : tests(row.get(1))) {
                if (!fails.contains(test)) {
                    problems.add(patch.name() + ": the README says " + test + " catches it, its # fails: line does not");
                }
            }
        }
        rows.keySet().forEach(name -> problems.add("the README's row " + name + " has no patch in grading/wrong"));
        assertThat(problems).isEmpty();
    }

    @Test
    void everyHiddenTestChecksARuleOfTheStatementAndEveryRuleHasAPlantedMistake() throws IOException {
        String text = readme();
        Map<String, List<String>> rules = table(text, "rule of the statement");
        List<String> mapped = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, List<String>> rule : rules.entrySet()) {
            mapped.addAll(tests(rule.getValue().get(0)));
            Matcher mistakes = Pattern.compile("`([\\w/-]+)`").matcher(rule.getValue().get(1));
            int count = 0;
            while (mistakes.find()) {
                String name = mistakes.group(1);
                boolean exists = name.startsWith("hostile/")
                        ? Files.isDirectory(Repo.root().resolve("grading/" + name))
                        : Files.isRegularFile(Repo.root().resolve("grading/wrong/" + name + ".patch"));
                if (!exists) {
                    problems.add("the rule \"" + rule.getKey() + "\" names " + name + ", which grading has not");
                }
                count++;
            }
            if (count == 0) {
                problems.add("the rule \"" + rule.getKey() + "\" has no planted mistake");
            }
        }
        for (GradedTests.Spec spec : GradedTests.all()) {
            if (!mapped.contains(simple(spec.id()))) {
                problems.add(simple(spec.id()) + " checks no rule of grading/README's table of the statement's rules");
            }
        }
        assertThat(problems).isEmpty();
    }
}
