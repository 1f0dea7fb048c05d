package grading.prove;

import instructor.PlantedPatch;
import java.util.List;

/**
 * What one submission's grading must show: the graded tests a planted patch's header says catch
 * it ({@code # fails:}, or {@code # fails exactly:} when every other test must pass), or full
 * marks for the reference and a correct solution of {@code grading/right}. Full marks is
 * {@code fails exactly} of no test: one rule judges both.
 *
 * @param fails the tests as the header writes them ({@code AwaitTaskTests#noPolling}); empty for full marks
 */
public record Claim(List<String> fails, boolean exact) {

    public static final Claim FULL_MARKS = new Claim(List.of(), true);

    public Claim {
        fails = List.copyOf(fails);
    }

    /** The claim of a wrong solution's header. */
    public static Claim of(PlantedPatch patch) {
        return new Claim(patch.fails(), patch.exact());
    }

    public boolean fullMarks() {
        return fails.isEmpty();
    }

    /** As a header says it: {@code fails exactly: A, B}, or {@code full marks}. */
    @Override
    public String toString() {
        return fullMarks() ? "full marks" : (exact ? "fails exactly: " : "fails: ") + String.join(", ", fails);
    }
}
