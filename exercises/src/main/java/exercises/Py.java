package exercises;

import java.util.List;
import java.util.StringJoiner;

/**
 * Formats values the way Python prints them ({@code True}, {@code ['a', 'b']},
 * {@code ValueError('oops')}), so that the examples print the lecture's transcripts line for line.
 */
public final class Py {

    private Py() {
    }

    /** Python's {@code str(x)}, as {@code print} shows it. */
    public static String str(Object value) {
        return value instanceof String s ? s : repr(value);
    }

    /** Python's {@code repr(x)}. */
    public static String repr(Object value) {
        return switch (value) {
            case null -> "None";
            case Boolean b -> b ? "True" : "False";
            case String s -> "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
            case List<?> list -> join("[", list, "]");
            case Throwable t -> t.getClass().getSimpleName()
                    + (t.getMessage() == null ? "()" : "(" + repr(t.getMessage()) + ")");
            default -> String.valueOf(value);
        };
    }

    /** A Python tuple of {@code items}: {@code (a,)} for one item, {@code (a, b)} for more. */
    public static String tuple(List<?> items) {
        return items.size() == 1 ? "(" + repr(items.get(0)) + ",)" : join("(", items, ")");
    }

    private static String join(String open, List<?> items, String close) {
        StringJoiner joiner = new StringJoiner(", ", open, close);
        for (Object item : items) {
            joiner.add(repr(item));
        }
        return joiner.toString();
    }
}
