package grading.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import grading.grade.ChildRunner;
import grading.grade.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassGradingTest {

    @Test
    void theProgressBarShowsCountPercentElapsedAndEta() {
        assertThat(Progress.line(12, 30, 62, "s12 106/106"))
                .isEqualTo("[#########...............]  12/30  40%  1:02 elapsed  ETA 1:33  s12 106/106");
        assertThat(Progress.line(30, 30, 3725, "last")).contains("100%", "1:02:05 elapsed", "ETA 0:00");
        assertThat(Progress.line(0, 0, 0, "")).contains("100%");
    }

    @Test
    void csvCellsWithCommasOrQuotesAreQuoted() {
        assertThat(ClassGrading.csvCell("s01")).isEqualTo("s01");
        assertThat(ClassGrading.csvCell("error: a, b")).isEqualTo("\"error: a, b\"");
        assertThat(ClassGrading.csvCell("say \"hi\"\nthere")).isEqualTo("\"say \"\"hi\"\" there\"");
        assertThat(new ClassGrading.Row("ann", 42.5, 106, "graded").csv()).isEqualTo("ann,42.50,106,graded");
    }

    @Test
    void theStatusSaysWhatKeptASubmissionFromBeingTested() {
        assertThat(ClassGrading.status(new Report(List.of(), "graded 5 homework source file(s)", 1))).isEqualTo("graded");
        assertThat(ClassGrading.status(new Report(List.of(), "the submission does not compile:\nx", 1)))
                .isEqualTo("does not compile");
        assertThat(ClassGrading.status(new Report(List.of(), "no homework sources in the submission", 1)))
                .isEqualTo("no homework sources");
    }

    @Test
    void studentsAreTheSortedVisibleFolders(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("bob"));
        Files.createDirectories(dir.resolve("ann"));
        Files.createDirectories(dir.resolve(".git"));
        Files.writeString(dir.resolve("notes.txt"), "x");

        assertThat(ClassGrading.students(dir)).extracting(p -> p.getFileName().toString()).containsExactly("ann", "bob");
    }

    @Test
    void atLeastOneJob() {
        assertThatThrownBy(() -> new ClassGrading(Path.of("grader.jar"), ChildRunner.Limits.DEFAULT, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--jobs must be at least 1");
    }

    /** Each student gets feedback.md and feedback.html, the same content, escaped for each. */
    @Test
    void eachStudentGetsAFeedbackFileInMarkdownAndHtml(@TempDir Path dir) throws Exception {
        Path submissions = Files.createDirectories(dir.resolve("submissions"));
        Files.writeString(Files.createDirectories(submissions.resolve("ann")).resolve("<b>notes\u001b.txt"), "no code");
        Path out = dir.resolve("out");

        new ClassGrading(Path.of("grader.jar"), ChildRunner.Limits.DEFAULT, 1)
                .grade(submissions, out, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), false);

        String md = Files.readString(out.resolve("ann/feedback.md"));
        String html = Files.readString(out.resolve("ann/feedback.html"));
        assertThat(md).startsWith("# Feedback: ann").contains("Submission check", "no homework sources found",
                "score: 0/");
        assertThat(html).contains("<h1>Feedback: ann</h1>", "Submission check", "no homework sources found",
                "&lt;b&gt;notes\\x1b.txt").doesNotContain("<b>notes", "\u001b"); // the screening escaped the name
        assertThat(md).contains("<b>notes\\x1b.txt").doesNotContain("\u001b"); // inside a fenced block: literal
    }
}
