package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.grade.Feedback.Level;
import java.util.List;
import org.junit.jupiter.api.Test;

class FeedbackFileTest {

    /** A submission that prints markup, a terminal escape, a bidi override and a fence of its own. */
    static final Report HOSTILE = new Report(List.of(
            TestResult.failed("1.1", "name | with a pipe", 2, "visible", "expected <b>1</b> & got 2",
                    "\u001b[31mred\u001b[0m \u202Eevil\n```\n# not a heading", 0)),
            "graded 1 homework source file(s)", 0.1);

    @Test
    void markdownAndHtmlHaveTheSameContent() {
        String md = FeedbackFile.markdown("Feedback: ann", FeedbackTest.REPORT, Level.NAMES);
        String html = FeedbackFile.html("Feedback: ann", FeedbackTest.REPORT, Level.NAMES);
        for (String text : List.of("Feedback: ann", "score: 3/8", "gather of one task", "waiters are all woken",
                "3/3", "0/5", "FAILED", "failed (details are shown after the due date)")) {
            assertThat(md).contains(text);
            assertThat(html).contains(text);
        }
        assertThat(md + html).doesNotContain("only 1 of 3 waiters");
    }

    @Test
    void whatTheSubmissionPrintedIsEscapedInBoth() {
        String md = FeedbackFile.markdown("Feedback: <ann>", HOSTILE, Level.FULL);
        String html = FeedbackFile.html("Feedback: <ann>", HOSTILE, Level.FULL);
        assertThat(md + html).doesNotContain("\u001b", "\u202E").contains("\\x1b[31mred", "\\u202eevil");
        assertThat(html).contains("expected &lt;b&gt;1&lt;/b&gt; &amp; got 2", "Feedback: &lt;ann&gt;")
                .doesNotContain("<b>1");
        assertThat(md).contains("name \\| with a pipe", "Feedback: \\<ann\\>")
                .contains("````text\n"); // a fence longer than the one the submission printed
    }
}
