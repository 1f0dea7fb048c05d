package miniasyncio.trace;

import java.util.Locale;

/** The one JSON string quoter of the kit: traces, the step-through page, the bench's figures and the grader's results. */
public final class Json {

    private Json() {
    }

    /**
     * A JSON string literal, also safe inside a {@code <script>} element: the step-through page
     * embeds its JSON in one, where a task's text holding {@code </script>} must not end it.
     */
    public static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '<' -> out.append("\\u003c");
                case '>' -> out.append("\\u003e");
                case '&' -> out.append("\\u0026");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
