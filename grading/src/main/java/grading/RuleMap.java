package grading;

import grading.hidden.GradedTests;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import instructor.PlantedPatch;
import instructor.RuleTable;

/**
 * Each rule of the homework's statement, the hidden tests that check it and the planted mistakes
 * that prove they do, derived from the places an instructor edits: the statement's bullets
 * ({@code homework/README.md}, "The semantics", English) and its table of rules and their tests
 * (the exercises' form, {@link RuleTable}: in an instructor block under the bullets, each rule a
 * phrase of one bullet), the hidden tests themselves ({@code @Graded}), and the patches'
 * {@code # fails:} lines (a hostile submission proves a rule with a {@code rule=} line of its
 * {@code expected.properties}). Nothing else lists them, so adding a test and its mistake is an
 * edit of those files only; {@link #problems()} says what does not add up.
 */
public final class RuleMap {

    /** Where the homework's rules and their table are, for messages. */
    static final String STATEMENT = "homework/README.md";

    /** A hostile submission that proves a rule: its folder's name and its {@code rule=} phrase. */
    public record Hostile(String name, String rule) {
    }

    private final List<String> bullets;
    private final Map<String, Set<String>> tests = new LinkedHashMap<>();
    private final Map<String, Set<String>> mistakes = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    public RuleMap(String statement, List<GradedTests.Spec> specs, List<PlantedPatch> patches, List<Hostile> hostile) {
        bullets = bullets(statement);
        if (bullets.isEmpty()) {
            problems.add(STATEMENT + " has no bullets under \"### The semantics\"");
        }
        bullets.forEach(b -> {
            tests.put(b, new LinkedHashSet<>());
            mistakes.put(b, new LinkedHashSet<>());
        });
        Map<String, Set<String>> rulesOfTest = new LinkedHashMap<>();
        for (GradedTests.Spec spec : specs) {
            rulesOfTest.put(RuleTable.simple(spec.id()), new LinkedHashSet<>());
        }
        RuleTable table = RuleTable.read(STATEMENT, statement, RuleTable.HEADING);
        problems.addAll(table.problems(rulesOfTest::containsKey, "a graded test", patches));
        for (RuleTable.Row row : table.rows()) {
            String bullet = bulletOf(row.rule(), STATEMENT + "'s table");
            if (bullet != null) {
                for (String test : row.tests()) {
                    if (rulesOfTest.containsKey(test)) {
                        tests.get(bullet).add(test);
                        rulesOfTest.get(test).add(bullet);
                    }
                }
            }
        }
        rulesOfTest.forEach((test, rules) -> {
            if (rules.isEmpty()) {
                problems.add(test + " is named beside no rule of " + STATEMENT + "'s table: add it to the row of the"
                        + " rule it checks");
            }
        });
        for (PlantedPatch patch : patches) {
            for (String failing : patch.fails()) {
                rulesOfTest.getOrDefault(RuleTable.simple(failing), Set.of())
                        .forEach(bullet -> mistakes.get(bullet).add(patch.name()));
            }
        }
        for (Hostile h : hostile) {
            String bullet = bulletOf(h.rule(), "hostile/" + h.name());
            if (bullet != null) {
                mistakes.get(bullet).add("hostile/" + h.name());
            }
        }
        for (String bullet : bullets) {
            if (tests.get(bullet).isEmpty()) {
                problems.add("no hidden test checks the rule \"" + shortly(bullet) + "\" (add a row that quotes it,"
                        + " with its tests, to the table of " + STATEMENT + ")");
            } else if (mistakes.get(bullet).isEmpty()) {
                problems.add("no planted mistake proves the rule \"" + shortly(bullet) + "\": add a grading/wrong patch"
                        + " whose # fails: line names one of " + tests.get(bullet));
            }
        }
    }

    /** What does not add up, each said with its fix; empty when every rule has its tests and its mistakes. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** The statement's rules, in its order: the bullet's text, its tests and its planted mistakes. */
    public Map<String, List<List<String>>> rows() {
        Map<String, List<List<String>>> rows = new LinkedHashMap<>();
        bullets.forEach(b -> rows.put(b, List.of(List.copyOf(tests.get(b)), List.copyOf(mistakes.get(b)))));
        return rows;
    }

    /** The bullet a phrase belongs to: exactly one, or a problem naming who wrote the phrase. */
    private String bulletOf(String phrase, String who) {
        String wanted = plain(phrase);
        List<String> found = bullets.stream().filter(b -> b.contains(wanted)).toList();
        if (found.size() == 1) {
            return found.get(0);
        }
        problems.add(who + ": the rule \"" + phrase + "\" is " + (found.isEmpty()
                ? "in no bullet of the statement's semantics (" + STATEMENT + "): quote the statement"
                : "in " + found.size() + " bullets of the statement's semantics: quote more of one"));
        return null;
    }

    /**
     * The bullets of "### The semantics" up to the next heading, each on one line, as {@link #plain}
     * reads it: a bullet is a line "- ..." and the indented lines after it (the table of rules
     * below them is not one).
     */
    static List<String> bullets(String statement) {
        String text = statement.replace("\r\n", "\n");
        int at = text.indexOf("\n### The semantics");
        if (at < 0) {
            return List.of();
        }
        int end = text.indexOf("\n#", at + 1);
        List<String> bullets = new ArrayList<>();
        StringBuilder current = null;
        for (String line : text.substring(at, end < 0 ? text.length() : end).split("\n")) {
            if (line.startsWith("- ")) {
                if (current != null) {
                    bullets.add(plain(current.toString()));
                }
                current = new StringBuilder(line.substring(2));
            } else if (current != null && line.startsWith("  ")) {
                current.append(' ').append(line.strip());
            } else if (current != null) {
                bullets.add(plain(current.toString()));
                current = null;
            }
        }
        if (current != null) {
            bullets.add(plain(current.toString()));
        }
        return bullets;
    }

    /** Markdown's emphasis and code marks and line breaks do not count: a rule is compared as read. */
    static String plain(String text) {
        return text.replace("**", "").replace("`", "").replaceAll("\\s+", " ").strip();
    }

    static String shortly(String bullet) {
        return bullet.length() <= 90 ? bullet : bullet.substring(0, 87) + "...";
    }
}
