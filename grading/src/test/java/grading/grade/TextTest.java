package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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

    @Test
    void capCutsWithAnEllipsis() {
        assertThat(Text.cap("abcdef", 3)).isEqualTo("abc...");
        assertThat(Text.cap("abc", 3)).isEqualTo("abc");
    }
}
