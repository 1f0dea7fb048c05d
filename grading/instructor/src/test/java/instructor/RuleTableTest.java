package instructor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How a statement's table of rules is read, and each problem it can have, said. */
class RuleTableTest {

    static final String STATEMENT = """
            # Step 8. Queue

            **Build:** a queue.

            **Each rule and the test that checks it** (checked by the statements' test):

            | rule | test |
            |---|---|
            | FIFO; `qsize`, `isEmpty` | `QueueTest#fifo`, `CPythonQueuesTest#order` |
            | `put` waits while full: `a \\| b` | `QueueTest#putWaits` (and `Ex8Pipeline`) |
            | a rule nobody tests | none yet |

            after the table, `QueueTest#notInTheTable`

            **Optional: each rule and the test that checks it**

            | rule | test |
            |---|---|
            | `join()` waits | `QueueOptionalTest#join` |
            """;

    static final Set<String> TESTS = Set.of("QueueTest#fifo", "CPythonQueuesTest#order", "QueueTest#putWaits",
            "QueueTest#other", "QueueOptionalTest#join");

    static PlantedPatch patch(String name, String fails) {
        return PlantedPatch.parse(Path.of(name + ".patch"), "# " + name + "\n# fails: " + fails + "\n"
                + "--- a/A.java\n+++ b/A.java\n@@ -1 +1 @@\n-a\n+b\n");
    }

    @Test
    void aRowIsItsRuleAndTheTestsOfItsLastCellAndTheTableEndsAtItsLastRow() {
        RuleTable table = RuleTable.read("step 8", STATEMENT, RuleTable.HEADING);
        assertThat(table.rows()).extracting(RuleTable.Row::rule).containsExactly("FIFO; `qsize`, `isEmpty`",
                "`put` waits while full: `a \\| b`", "a rule nobody tests");
        assertThat(table.rows()).extracting(RuleTable.Row::tests).containsExactly(
                List.of("QueueTest#fifo", "CPythonQueuesTest#order"), List.of("QueueTest#putWaits"), List.of());
        assertThat(table.tests()).containsExactly("QueueTest#fifo", "CPythonQueuesTest#order", "QueueTest#putWaits");
        assertThat(RuleTable.read("step 8", STATEMENT, RuleTable.OPTIONAL_HEADING).tests())
                .containsExactly("QueueOptionalTest#join");
    }

    @Test
    void eachProblemIsSaidWithWhereItIs() {
        RuleTable table = RuleTable.read("step 8", STATEMENT.replace("`QueueTest#putWaits`", "`QueueTest#putWait`"),
                RuleTable.HEADING);
        List<PlantedPatch> patches = List.of(patch("lifo", "QueueTest#fifo"), patch("if-not-while", "QueueTest#other"),
                patch("typo", "exercises.step8_queue.QueueTest#fiffo"), patch("optional", "QueueOptionalTest#join"));
        assertThat(table.problems(TESTS::contains, "a test method", patches, test -> !test.contains("Optional")))
                .containsExactly(
                        "step 8: a rule with no test beside it: | a rule nobody tests | none yet |",
                        "step 8 names QueueTest#putWait, which is not a test method",
                        "step 8: QueueTest#other catches the planted mistake if-not-while but is named beside no rule"
                                + " (add it to the row of the rule it checks)",
                        "typo.patch names exercises.step8_queue.QueueTest#fiffo, which is not a test method");
    }

    @Test
    void aTableThatHoldsHasNoProblem() {
        RuleTable table = RuleTable.read("step 8", STATEMENT.replace("| a rule nobody tests | none yet |\n", ""),
                RuleTable.HEADING);
        assertThat(table.problems(TESTS::contains, "a test method",
                List.of(patch("lifo", "exercises.step8_queue.QueueTest#fifo")))).isEmpty();
    }

    @Test
    void aStatementWithoutTheTableOrWithoutRowsIsAProblem() {
        assertThat(RuleTable.read("step 3", "# Step 3.\n\nno table\n", RuleTable.HEADING)
                .problems(TESTS::contains, "a test method", List.of()))
                .containsExactly("step 3 has no table of its rules: no line \"**Each rule and the test that checks it**\"");
        assertThat(RuleTable.read("step 3", "**Each rule and the test that checks it**\n\n| rule | test |\n|---|---|\n\n",
                RuleTable.HEADING).problems(TESTS::contains, "a test method", List.of()))
                .containsExactly("step 3's table \"**Each rule and the test that checks it**\" has no rows (a \"| rule |"
                        + " test |\" header, its \"|---|---|\" line, then a row a rule)");
    }

    @Test
    void aTestNamedWithItsPackageIsItsSimpleName() {
        assertThat(RuleTable.simple("grading.hidden.AwaitTaskTests#noPolling")).isEqualTo("AwaitTaskTests#noPolling");
        assertThat(RuleTable.simple("AwaitTaskTests#noPolling")).isEqualTo("AwaitTaskTests#noPolling");
    }
}
