package grading.grade;

import java.util.regex.Pattern;

/**
 * Text that came from the submission (its output, its exceptions' messages, its compiler
 * errors), made safe to show: it reaches the instructor's terminal, results.json, JUnit XML and
 * HTML feedback. A carriage return or an ANSI escape could redraw a failing row as passed, and
 * a bidirectional override could reorder what is read; each becomes a visible escape instead.
 */
public final class Text {

    private Text() {
    }

    /**
     * Control characters (but newline and tab), bidi controls and half a surrogate pair (which no
     * writer of UTF-8 takes: results.json could not be written) as {@code \xNN} / {@code \}{@code uNNNN}.
     */
    public static String clean(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        String unified = text.replace("\r\n", "\n");
        for (int i = 0; i < unified.length(); i++) {
            char c = unified.charAt(i);
            boolean unsafe = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f)
                    || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || lone(unified, i);
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

    /** Whether the char at {@code i} is a surrogate without its other half. */
    private static boolean lone(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
        }
        return Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
    }

    /**
     * {@code text} without the names of the grader's own classes and class loader: a JDK message
     * about a submission's mistake may name the hidden test that met it ("class
     * grading.hidden.Fixture tried to access method ... (loader 'graded-tests')"), and no hidden
     * test's name may reach what students read. A second layer: the hidden classes reach the
     * child renamed ({@link OpaqueNames}), since a submission can encode a name it reads in a way
     * no filter matches (reversed, look-alike dots); this one still catches the dotted form of a
     * name of the grader's own, such as {@code grading.child}'s.
     */
    public static String hideGraderNames(String text) {
        if (text == null || (!text.contains("grading.") && !text.contains("graded-tests"))) {
            return text;
        }
        String withoutFrames = GRADER_FRAME.matcher(text).replaceAll(""); // a frame of the grader's says nothing of the student's code
        return GRADER_NAME.matcher(withoutFrames).replaceAll(GRADER_CLASS).replace("'graded-tests'", "the grader's loader")
                .replace("graded-tests", "the grader's loader");
    }

    /** A stack frame line of the grader's own code: "\tat grading.hidden.AwaitTaskTests.x(AwaitTaskTests.java:80)". */
    private static final Pattern GRADER_FRAME = Pattern.compile("(?m)^[ \\t]*at grading\\.[^\\n]*(\\n|$)");

    /** A qualified name in the grader's packages: "grading.hidden.Fixture", "grading.child.ChildMain$1". */
    private static final Pattern GRADER_NAME = Pattern.compile("(?<![\\p{L}\\p{N}_$.])grading\\.[\\p{L}\\p{N}_$.]+");

    /** What {@link #hideGraderNames} writes for a name of the grader's. */
    static final String GRADER_CLASS = "(a class of the grader's)";

    /** At most {@code max} characters, cut with "..." (never between the two halves of a surrogate pair). */
    public static String cap(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = max > 0 && Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "...";
    }
}
