package instructor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one form in which a statement ties each of its rules to the tests that check it, for every
 * exercise step ({@code exercises/src/main/java/exercises/stepN_*}/README.md) and the homework
 * ({@code homework/README.md}) alike: a Markdown table after a bold heading line,
 *
 * <pre>
 * **Each rule and the test that checks it** (any words after the heading)
 *
 * | rule | test |
 * |---|---|
 * | `put` waits while the queue is full | `QueueTest#putWaitsWhileTheQueueIsFull`, `CPythonQueuesTest#maxsize` |
 * </pre>
 *
 * one row a rule, in the statement's words, and in its last cell the tests that check it, each
 * {@code `TestClass#method`} (the simple name of the class), with any words between them. The
 * table ends at the first line that is not a row. {@link #problems} checks a table against the
 * tests there are and the planted mistakes ({@link PlantedPatch}) that must fail them; whoever
 * reads a table adds what is its own (the exercises' optional tables, the homework's bullets).
 */
public final class RuleTable {

    /** The heading of a statement's table of rules. */
    public static final String HEADING = "**Each rule and the test that checks it**";

    /** The heading of an optional exercise's own table (a step's section "## Optional: ..."). */
    public static final String OPTIONAL_HEADING = "**Optional: each rule and the test that checks it**";

    /** A test named in a table's last cell. */
    private static final Pattern TEST = Pattern.compile("`([\\w$]+#\\w+)`");

    /** A cell separator: a {@code |} not escaped as {@code \|}. */
    private static final Pattern CELL = Pattern.compile("(?<!\\\\)\\|");

    /**
     * One row: the rule, as its first cell writes it; the tests its last cell names, in order;
     * and the row as written (for messages).
     */
    public record Row(String rule, List<String> tests, String text) {
    }

    private final String where;
    private final String heading;
    private final List<Row> rows;
    private final List<String> problems = new ArrayList<>();

    private RuleTable(String where, String heading, List<Row> rows) {
        this.where = where;
        this.heading = heading;
        this.rows = List.copyOf(rows);
    }

    /**
     * The table under {@code heading} in {@code markdown}; {@code where} names the statement in
     * messages ("step 8", "homework/README.md"). A statement without the heading, or with no row
     * under it, gives a table without rows whose {@link #problems} say so.
     */
    public static RuleTable read(String where, String markdown, String heading) {
        String text = markdown.replace("\r\n", "\n");
        int at = text.indexOf(heading);
        List<Row> rows = new ArrayList<>();
        RuleTable table;
        if (at < 0) {
            table = new RuleTable(where, heading, rows);
            table.problems.add(where + " has no table of its rules: no line \"" + heading + "\"");
            return table;
        }
        List<String> lines = text.substring(at).lines().dropWhile(line -> !line.startsWith("| rule"))
                .skip(2).takeWhile(line -> line.startsWith("|")).toList();
        for (String line : lines) {
            String[] cells = CELL.split(line.strip());
            // "| a | b |" splits into "", " a ", " b ": the rule is the first cell, the tests are in the last
            String rule = cells.length > 1 ? cells[1].strip() : "";
            List<String> tests = new ArrayList<>();
            Matcher m = TEST.matcher(cells.length > 2 ? cells[cells.length - 1] : "");
            while (m.find()) {
                tests.add(m.group(1));
            }
            rows.add(new Row(rule, List.copyOf(tests), line));
        }
        table = new RuleTable(where, heading, rows);
        if (rows.isEmpty()) {
            table.problems.add(where + "'s table \"" + heading + "\" has no rows (a \"| rule | test |\" header, its"
                    + " \"|---|---|\" line, then a row a rule)");
        }
        return table;
    }

    /** The rows, in the table's order. */
    public List<Row> rows() {
        return rows;
    }

    /** Every test the table names, in the order of its rows. */
    public Set<String> tests() {
        Set<String> named = new LinkedHashSet<>();
        rows.forEach(row -> named.addAll(row.tests()));
        return named;
    }

    /**
     * What does not add up, each said with what to fix: the table missing or empty; a row that
     * names no test; a test named that is not one ({@code isTest}, which {@code what} describes:
     * "a test method", "a graded test"); and among the tests that the {@code patches} must fail
     * ({@code # fails:}) and that are this table's ({@code ours}: an optional exercise's tests have
     * a table of their own), one that is not a test, or one named beside no rule (a test that
     * catches a mistake checks a rule the table should show). Empty when the table holds.
     */
    public List<String> problems(Predicate<String> isTest, String what, List<PlantedPatch> patches,
            Predicate<String> ours) {
        List<String> found = new ArrayList<>(problems);
        for (Row row : rows) {
            if (row.tests().isEmpty()) {
                found.add(where + ": a rule with no test beside it: " + row.text());
            }
        }
        Set<String> named = tests();
        for (String test : named) {
            if (!isTest.test(test)) {
                found.add(where + " names " + test + ", which is not " + what);
            }
        }
        for (PlantedPatch patch : patches) {
            for (String failing : patch.fails()) {
                String test = simple(failing);
                if (!ours.test(test)) {
                    continue; // another table's
                }
                if (!isTest.test(test)) {
                    found.add(patch.name() + ".patch names " + failing + ", which is not " + what);
                } else if (!named.contains(test)) {
                    found.add(where + ": " + test + " catches the planted mistake " + patch.name()
                            + " but is named beside no rule (add it to the row of the rule it checks)");
                }
            }
        }
        return found;
    }

    /** {@link #problems(Predicate, String, List, Predicate)} for a table that names every test the patches must fail. */
    public List<String> problems(Predicate<String> isTest, String what, List<PlantedPatch> patches) {
        return problems(isTest, what, patches, test -> true);
    }

    /** {@code Class#method} of a test named with its package ({@code grading.hidden.Class#method}) or without. */
    public static String simple(String test) {
        int hash = test.indexOf('#');
        return test.substring(test.lastIndexOf('.', hash) + 1);
    }

    @Override
    public String toString() {
        return where + "'s table \"" + heading + "\" (" + rows.size() + " rules)";
    }
}
