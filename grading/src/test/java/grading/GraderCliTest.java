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
}
