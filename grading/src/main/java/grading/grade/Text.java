package grading.grade;

/**
 * Text that came from the submission (its output, its exceptions' messages, its compiler
 * errors), made safe to show: it reaches the instructor's terminal, results.json, JUnit XML and
 * HTML feedback. A carriage return or an ANSI escape could redraw a failing row as passed, and
 * a bidirectional override could reorder what is read; each becomes a visible escape instead.
 */
public final class Text {

    private Text() {
    }

    /** Control characters (but newline and tab) and bidi controls as {@code \xNN} / {@code \}{@code uNNNN}. */
    public static String clean(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        String unified = text.replace("\r\n", "\n");
        for (int i = 0; i < unified.length(); i++) {
            char c = unified.charAt(i);
            boolean unsafe = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f)
                    || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
            if (unsafe && out == null) {
                out = new StringBuilder(unified.length() + 16).append(unified, 0, i);
            }
            if (out != null) {
                if (unsafe) {
                    out.append(c <= 0xff ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? unified : out.toString();
    }

    /** At most {@code max} characters, cut with "...". */
    public static String cap(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "...";
    }
}
