package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextTest {

    @Test
    void controlCharactersBecomeVisibleEscapes() {
        String redraw = "\r\u001b[2K\u001b[32mpassed\u001b[0m\u0007";
        assertThat(Text.clean(redraw)).isEqualTo("\\x0d\\x1b[2K\\x1b[32mpassed\\x1b[0m\\x07");
        assertThat(Text.clean("a\u202eb\u2066c\u009bd")).isEqualTo("a\\u202eb\\u2066c\\x9bd");
    }

    @Test
    void newlinesTabsAndOrdinaryTextStayAsTheyAre() {
        assertThat(Text.clean("line 1\n\tline 2 — ünïcode")).isEqualTo("line 1\n\tline 2 — ünïcode");
        assertThat(Text.clean("windows\r\nline")).isEqualTo("windows\nline");
        assertThat(Text.clean(null)).isEmpty();
    }

    @Test
    void cleaningTwiceChangesNothingMore() {
        String once = Text.clean("\u001b[31mred\r");
        assertThat(Text.clean(once)).isEqualTo(once);
    }

    @Test
    void everyResultIsCleanedWhateverMadeIt() {
        TestResult r = TestResult.failed("1.1", "t", 1, "visible", "boom\u001b[0m", "out\r", 0);
        assertThat(r.reason()).isEqualTo("boom\\x1b[0m");
        assertThat(r.output()).isEqualTo("out\\x0d");
    }

    /**
     * Half of a surrogate pair cannot be written as UTF-8 (results.json's writer threw, and a
     * student with an emoji in a 160th character of a file name got "grading failed"): clean
     * escapes a lone one, and a cut never splits a pair.
     */
    @Test
    void noTextKeepsHalfASurrogatePair(@TempDir Path dir) throws Exception {
        String emoji = "\ud83d\ude00";
        assertThat(Text.clean("a\ud83db" + emoji + "\ude00")).isEqualTo("a\\ud83db" + emoji + "\\ude00");
        assertThat(Text.cap("ab" + emoji, 3)).isEqualTo("ab...");
        assertThat(Text.cap("ab" + emoji, 4)).isEqualTo("ab" + emoji);
        new Report(java.util.List.of(), "x".repeat(Report.MAX_OUTPUT - 1) + emoji, 0)
                .write(dir.resolve("results.json"), null);
    }

    @Test
    void capCutsWithAnEllipsis() {
        assertThat(Text.cap("abcdef", 3)).isEqualTo("abc...");
        assertThat(Text.cap("abc", 3)).isEqualTo("abc");
    }
}
