package grading;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bad command line gets a clear message and exit code 2. */
class GraderCliTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedErr;

    @BeforeEach
    void captureErr() {
        savedErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreErr() {
        System.setErr(savedErr);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void noCommandShowsTheUsage() {
        assertThat(Grader.execute()).isEqualTo(Grader.USAGE);
    }

    @Test
    void rulesOutsideTheInstructorRepositoryIsAUsageError(@TempDir Path dir) {
        assertThat(Grader.execute("rules", "--from", dir.toString())).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("has no homework/README.md: give the instructor repository with --from REPO");
    }

    @Test
    void gradingAMissingDirectoryIsAUsageError() {
        assertThat(Grader.execute("grade", "no/such/submission")).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("no/such/submission is not a directory");
    }

    @Test
    void badLimitsAreUsageErrors(@TempDir Path submission) {
        assertThat(Grader.execute("grade", submission.toString(), "--test-timeout", "-1")).isEqualTo(Grader.USAGE);
        assertThat(Grader.execute("grade", submission.toString(), "--max-heap", "lots")).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("--test-timeout and --total-timeout need a positive number");
    }

    @Test
    void gradeNeedsASubmissionOrAClass(@TempDir Path dir) {
        assertThat(Grader.execute("grade")).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("give a SUBMISSION to grade, or --submissions DIR --out OUTDIR");
        assertThat(Grader.execute("grade", "--submissions", dir.toString())).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("--submissions DIR needs --out OUTDIR");
    }

    @Test
    void releaseNeedsOut() {
        assertThat(Grader.execute("release")).isEqualTo(Grader.USAGE);
    }

    @Test
    void releaseFromSomethingThatIsNotTheInstructorRepositoryIsRefused(@TempDir Path dir) throws Exception {
        Path notARepo = Files.createDirectories(dir.resolve("empty"));
        assertThat(Grader.execute("release", "--from", notARepo.toString(), "--out", dir.resolve("out").toString()))
                .isEqualTo(Grader.USAGE);
        assertThat(err()).contains("is not the instructor repository");
    }

    @Test
    void aBadMarkerFailsTheReleaseWithFileAndLine(@TempDir Path repo) throws Exception {
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Path java = Files.createDirectories(repo.resolve("homework/src/main/java/homework")).resolve("Bad.java");
        Files.writeString(java, "class Bad {\n // END SOLUTION\n}\n");
        assertThat(Grader.execute("release", "--from", repo.toString(), "--out", repo.resolve("out").toString()))
                .isEqualTo(Grader.GRADING_FAILED);
        assertThat(err()).contains("homework/src/main/java/homework/Bad.java:2:");
    }

    @Test
    void aBadFeedbackPolicyFormatOrDueDateIsAUsageError(@TempDir Path submission) {
        assertThat(Grader.execute("grade", submission.toString(), "--feedback", "before=everything"))
                .isEqualTo(Grader.USAGE);
        assertThat(err()).contains("LEVEL one of score, names, full");
        assertThat(Grader.execute("grade", submission.toString(), "--format", "moodle")).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("expected gradescope or classroom50");
        assertThat(Grader.execute("grade", submission.toString(), "--due-date", "tomorrow")).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("ISO-8601");
        assertThat(Grader.execute("grade", submission.toString(), "--feedback-file", "f.txt")).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("name it .md (Markdown) or .html");
    }

    @Test
    void proveOfAnUnknownPatchSaysWhereItLooked() {
        assertThat(Grader.execute("prove", "--root", Repo.root().toString(), "no-such-mistake")).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("prove: no patch no-such-mistake: looked for",
                Repo.root().resolve("grading/wrong/no-such-mistake.patch").toString(),
                Repo.root().resolve("grading/right/no-such-mistake").toString());
    }

    @Test
    void proveOutsideTheInstructorRepositoryOrWithBadLimitsIsAUsageError(@TempDir Path dir) {
        assertThat(Grader.execute("prove", "--root", dir.toString())).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("is not the instructor repository", "give --root DIR");
        assertThat(Grader.execute("prove", "--root", Repo.root().toString(), "--jobs", "0")).isEqualTo(Grader.USAGE);
        assertThat(Grader.execute("prove", "--root", Repo.root().toString(), "--test-timeout", "0")).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("--jobs at least 1");
    }

    /** Each is refused before anything is graded: a header without its tests, a file that is no patch, a stale hunk. */
    @Test
    void proveOfSomethingThatIsNoPlantedPatchIsAUsageError(@TempDir Path dir) throws Exception {
        String root = Repo.root().toString();
        Path headless = Files.writeString(dir.resolve("headless.patch"), "# a mistake, but which test catches it?\n"
                + "--- a/src/main/java/homework/Homework.java\n+++ b/src/main/java/homework/Homework.java\n");
        assertThat(Grader.execute("prove", "--root", root, headless.toString())).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("headless.patch: the header must say the mistake");
        Path text = Files.writeString(dir.resolve("notes.txt"), "not a patch\n");
        assertThat(Grader.execute("prove", "--root", root, text.toString())).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("notes.txt is neither a .patch file nor a correct solution's folder");
        Path stale = Files.writeString(dir.resolve("stale.patch"), "# a mistake planted in lines the reference lost\n"
                + "# fails: AwaitTaskTests#noPolling\n--- a/src/main/java/homework/Homework.java\n"
                + "+++ b/src/main/java/homework/Homework.java\n@@ -1,2 +1,2 @@\n no such line\n-nor this one\n+but this\n");
        assertThat(Grader.execute("prove", "--root", root, stale.toString())).isEqualTo(Grader.USAGE);
        assertThat(err()).contains("prove: cannot plant " + stale + ": ", "no longer applies");
    }
}
