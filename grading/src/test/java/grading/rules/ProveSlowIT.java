package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar grader.jar prove PATCH}, the one-patch proof an instructor runs after writing a
 * hidden test and its planted mistake: on a real patch of grading/wrong its verdict holds (exit 0),
 * and on a copy whose header claims what the patch does not do, it says what differs (exit 1); a
 * patch it cannot find is a bad command line (exit 2).
 */
class ProveSlowIT {

    /** A patch that costs exactly the points of its rule, graded in seconds. */
    static final String PATCH = "cycle-of-four";

    /** Far above what proving one patch needs (seconds; an instructor is promised a minute): a hang. */
    static final long HANG_SECONDS = 300;

    @TempDir
    Path work;

    @Test
    void aRealPatchIsProvenWithItsReference() throws Exception {
        GraderRun run = GraderRun.run(Submissions.root(), HANG_SECONDS, "prove", "grading/wrong/" + PATCH + ".patch");
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).contains("reference: holds (", "wrong/" + PATCH + ".patch: holds (",
                "its header says fails exactly: ModelTests#cycleNamed", "lost 1 graded test: ModelTests#cycleNamed",
                "prove: every verdict holds (2 graded in ");
        GraderRun.say("  prove of one patch: " + run.millis() / 1000 + " s");
    }

    @Test
    void aHeaderThatClaimsTooMuchIsRefusedWithWhatDiffers() throws Exception {
        String text = Files.readString(Submissions.root().resolve("grading/wrong/" + PATCH + ".patch"),
                StandardCharsets.UTF_8);
        String header = "# fails exactly: ModelTests#cycleNamed\n";
        assertThat(text).contains(header);
        // AwaitTaskTests#noPolling does not catch this mistake, ErrorTests#noSuchTest is no test at all
        Path copy = Files.writeString(work.resolve(PATCH + ".patch"), text.replace(header,
                "# fails: ModelTests#cycleNamed, AwaitTaskTests#noPolling, ErrorTests#noSuchTest\n"), StandardCharsets.UTF_8);
        GraderRun run = GraderRun.run(Submissions.root(), HANG_SECONDS, "prove", copy.toString());
        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        assertThat(run.output()).contains("reference: holds (", copy + ": DOES NOT HOLD (",
                "  - passed AwaitTaskTests#noPolling, which its header says catches it",
                "  - its header names ErrorTests#noSuchTest, which is not a graded test",
                "prove: 1 of 2 verdicts do not hold");
    }

    @Test
    void anUnknownPatchIsAUsageErrorThatSaysWhereItLooked() throws Exception {
        GraderRun run = GraderRun.run(Submissions.root(), HANG_SECONDS, "prove", "no-such-mistake");
        assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
        assertThat(run.output()).contains("prove: no patch no-such-mistake: looked for",
                Submissions.root().resolve("grading/wrong/no-such-mistake.patch").toString());
    }
}
