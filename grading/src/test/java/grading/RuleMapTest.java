package grading;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import grading.hidden.Visibility;
import java.nio.file.Path;
import java.util.List;
import instructor.PlantedPatch;
import org.junit.jupiter.api.Test;

/**
 * The statement's rules, the hidden tests' {@code @Graded(rules)} and the planted mistakes add up
 * in this repository; and {@link RuleMap} says so when they do not (a rule without a test, a rule
 * without a mistake, a phrase the statement does not have or has twice).
 */
class RuleMapTest {

    @Test
    void everyRuleOfTheStatementHasItsHiddenTestsAndAPlantedMistake() throws Exception {
        Path repo = Repo.root();
        RuleMap map = RulesCommand.read(repo, RulesCommand.patches(repo));
        assertThat(map.problems()).isEmpty();
        assertThat(map.rows()).isNotEmpty();
    }

    private static final String STATEMENT = """
            # Homework
            ### The semantics (each one is tested)

            - `awaitTask` **parks** the task;
              no polling.
            - Results come in argument order.
            - A cycle is a deadlock; a task is never parked twice.

            ### Run it
            - not a rule
            """;

    private static GradedTests.Spec spec(String id, String... rules) {
        return new GradedTests.Spec("grading.hidden." + id, "1.1", id, 1, Visibility.HIDDEN, 0, List.of(rules));
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
        RuleMap map = new RuleMap(STATEMENT,
                List.of(spec("T#a", "parks the task"), spec("T#b", "argument order"), spec("T#c", "A cycle")),
                List.of(patch("polls", "T#a"), patch("sorted", "grading.hidden.T#b")),
                List.of(new RuleMap.Hostile("liar", "is a deadlock")));
        assertThat(map.problems()).isEmpty();
        assertThat(map.rows().get("Results come in argument order.")).containsExactly(List.of("T#b"), List.of("sorted"));
        assertThat(map.rows().get("A cycle is a deadlock; a task is never parked twice."))
                .containsExactly(List.of("T#c"), List.of("hostile/liar"));
    }

    @Test
    void aRuleNoTestChecksARuleNoMistakeProvesAndAPhraseNotInTheStatementAreEachSaid() {
        RuleMap map = new RuleMap(STATEMENT,
                List.of(spec("T#a", "parks the task"), spec("T#b", "argument order"), spec("T#d", "cancels nothing")),
                List.of(patch("polls", "T#a"), patch("ghost", "T#zzz")), List.of());
        assertThat(map.problems()).containsExactlyInAnyOrder(
                "T#d: the rule \"cancels nothing\" is in no bullet of the statement's semantics (homework/README.md):"
                        + " quote the statement",
                "ghost.patch names T#zzz, which is no graded test",
                "no planted mistake proves the rule \"Results come in argument order.\": add a grading/wrong patch"
                        + " whose # fails: line names one of [T#b]",
                "no hidden test checks the rule \"A cycle is a deadlock; a task is never parked twice.\" (name a phrase"
                        + " of it in a test's @Graded rules)");
    }

    @Test
    void aPhraseInTwoBulletsIsAmbiguous() {
        RuleMap map = new RuleMap(STATEMENT, List.of(spec("T#a", "task")), List.of(), List.of());
        assertThat(map.problems()).contains("T#a: the rule \"task\" is in 2 bullets of the statement's semantics:"
                + " quote more of one");
    }
}
