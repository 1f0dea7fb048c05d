package grading;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import grading.hidden.Visibility;
import java.nio.file.Path;
import java.util.List;
import instructor.PlantedPatch;
import org.junit.jupiter.api.Test;

/**
 * The statement's rules, its table of rules and their hidden tests, and the planted mistakes add up
 * in this repository; and {@link RuleMap} says so when they do not (a rule without a test, a rule
 * without a mistake, a graded test beside no rule, a phrase the statement does not have or has
 * twice).
 */
class RuleMapTest {

    @Test
    void everyRuleOfTheStatementHasItsHiddenTestsAndAPlantedMistake() throws Exception {
        Path repo = Repo.root();
        RuleMap map = RulesCommand.read(repo, RulesCommand.patches(repo));
        assertThat(map.problems()).isEmpty();
        assertThat(map.rows()).isNotEmpty();
    }

    private static final String SEMANTICS = """
            # Homework
            ### The semantics (each one is tested)

            - `awaitTask` **parks** the task;
              no polling.
            - Results come in argument order.
            - A cycle is a deadlock; a task is never parked twice.

            <!-- BEGIN INSTRUCTOR -->
            **Each rule and the test that checks it**

            | rule | test |
            |---|---|
            %s
            <!-- END INSTRUCTOR -->

            ### Run it
            - not a rule
            """;

    /** The statement above, its table's rows these. */
    private static String statement(String... rows) {
        return SEMANTICS.formatted(String.join("\n", rows));
    }

    private static final String STATEMENT = statement("| **parks** the task | `T#a` |", "| argument order | `T#b` |",
            "| A cycle | `T#c` |");

    private static GradedTests.Spec spec(String id) {
        return new GradedTests.Spec("grading.hidden." + id, "1.1", id, 1, Visibility.HIDDEN, 0);
    }

    private static PlantedPatch patch(String name, String fails) {
        return PlantedPatch.parse(Path.of(name + ".patch"), "# " + name + "\n# fails: " + fails + "\n"
                + "--- a/A.java\n+++ b/A.java\n@@ -1 +1 @@\n-a\n+b\n");
    }

    @Test
    void theBulletsAreTheSemanticsSectionsOnesReadWithoutMarkdown() {
        assertThat(RuleMap.bullets(STATEMENT)).containsExactly("awaitTask parks the task; no polling.",
                "Results come in argument order.", "A cycle is a deadlock; a task is never parked twice.");
    }

    @Test
    void aMapThatAddsUpHasNoProblemAndItsRowsNameTestsAndMistakes() {
        RuleMap map = new RuleMap(STATEMENT, List.of(spec("T#a"), spec("T#b"), spec("T#c")),
                List.of(patch("polls", "T#a"), patch("sorted", "grading.hidden.T#b")),
                List.of(new RuleMap.Hostile("liar", "is a deadlock")));
        assertThat(map.problems()).isEmpty();
        assertThat(map.rows().get("Results come in argument order.")).containsExactly(List.of("T#b"), List.of("sorted"));
        assertThat(map.rows().get("A cycle is a deadlock; a task is never parked twice."))
                .containsExactly(List.of("T#c"), List.of("hostile/liar"));
    }

    @Test
    void aRuleNoTestChecksARuleNoMistakeProvesAndAPhraseNotInTheStatementAreEachSaid() {
        RuleMap map = new RuleMap(statement("| **parks** the task | `T#a` |", "| argument order | `T#b` |",
                "| cancels nothing | `T#d` |"), List.of(spec("T#a"), spec("T#b"), spec("T#d")),
                List.of(patch("polls", "T#a"), patch("ghost", "T#zzz")), List.of());
        assertThat(map.problems()).containsExactlyInAnyOrder(
                "ghost.patch names T#zzz, which is not a graded test",
                "homework/README.md's table: the rule \"cancels nothing\" is in no bullet of the statement's semantics"
                        + " (homework/README.md): quote the statement",
                "T#d is named beside no rule of homework/README.md's table: add it to the row of the rule it checks",
                "no planted mistake proves the rule \"Results come in argument order.\": add a grading/wrong patch"
                        + " whose # fails: line names one of [T#b]",
                "no hidden test checks the rule \"A cycle is a deadlock; a task is never parked twice.\" (add a row that"
                        + " quotes it, with its tests, to the table of homework/README.md)");
    }

    @Test
    void aTableRowWithoutATestOrWithATestThatIsNoneAndAGradedTestNoRowNamesAreEachSaid() {
        RuleMap map = new RuleMap(statement("| **parks** the task | `T#a`, `T#typo` |", "| argument order | none |",
                "| A cycle | `T#c` |"), List.of(spec("T#a"), spec("T#b"), spec("T#c")),
                List.of(patch("polls", "T#a"), patch("cycle", "T#c")), List.of());
        assertThat(map.problems()).containsExactlyInAnyOrder(
                "homework/README.md: a rule with no test beside it: | argument order | none |",
                "homework/README.md names T#typo, which is not a graded test",
                "T#b is named beside no rule of homework/README.md's table: add it to the row of the rule it checks",
                "no hidden test checks the rule \"Results come in argument order.\" (add a row that quotes it, with its"
                        + " tests, to the table of homework/README.md)");
    }

    @Test
    void aStatementWithoutItsTableIsSaid() {
        RuleMap map = new RuleMap(STATEMENT.replace("**Each rule and the test that checks it**", ""),
                List.of(spec("T#a")), List.of(), List.of());
        assertThat(map.problems()).contains("homework/README.md has no table of its rules: no line \"**Each rule and the"
                + " test that checks it**\"");
    }

    @Test
    void aPhraseInTwoBulletsIsAmbiguous() {
        RuleMap map = new RuleMap(statement("| task | `T#a` |"), List.of(spec("T#a")), List.of(), List.of());
        assertThat(map.problems()).contains("homework/README.md's table: the rule \"task\" is in 2 bullets of the"
                + " statement's semantics: quote more of one");
    }
}
