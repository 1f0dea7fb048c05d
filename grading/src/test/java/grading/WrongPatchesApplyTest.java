package grading;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import instructor.NeighbourEdits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every planted wrong solution still applies to the reference, in the quick run too: the class
 * of 30 that proves each one caught runs only in the full run, and a patch the reference outgrew
 * should say so at once, with its name. Reading them checks their headers too: each test that
 * {@code # fails:} names is a graded test ({@link WrongPatch#read}).
 */
class WrongPatchesApplyTest {

    @Test
    void everyWrongSolutionAppliesToTheReference(@TempDir Path work) throws Exception {
        assertThat(WrongPatch.all(Repo.root())).isNotEmpty().allSatisfy(patch -> assertThat(patch.applyTo(Repo.root(), work)).isDirectory());
    }

    /** A change of the reference three lines from a mistake's lines breaks no patch ({@link NeighbourEdits}). */
    @Test
    void everyWrongSolutionAppliesWithAChangeThreeLinesAboveEachOfItsHunks(@TempDir Path scratch) throws Exception {
        List<String> problems = new ArrayList<>();
        for (WrongPatch wrong : WrongPatch.all(Repo.root())) {
            problems.addAll(NeighbourEdits.problems(wrong.patch(), Repo.root().resolve("homework"),
                    scratch.resolve(wrong.name())));
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void aPatchThatNamesNoGradedTestOrAMessageIsRefused(@TempDir Path dir) throws Exception {
        String diff = "--- a/src/main/java/homework/Homework.java\n+++ b/src/main/java/homework/Homework.java\n"
                + "@@ -1,1 +1,1 @@\n-package homework;\n+package homework ;\n";
        Path typo = java.nio.file.Files.writeString(dir.resolve("typo.patch"),
                "# a typo in the header\n# fails: AwaitTaskTests#noPoling\n" + diff);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WrongPatch.read(typo))
                .hasMessageContaining("typo.patch: '# fails:' names AwaitTaskTests#noPoling, which is not a graded test");
        Path says = java.nio.file.Files.writeString(dir.resolve("says.patch"),
                "# polls\n# fails: AwaitTaskTests#noPolling\n# says: polling\n" + diff);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WrongPatch.read(says))
                .hasMessageContaining("says.patch: '# says:' is checked by the exercises' proof only");
    }
}
