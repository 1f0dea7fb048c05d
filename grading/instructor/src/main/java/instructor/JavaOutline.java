package instructor;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough of Java's structure to name a solution region: which type and which method (or
 * constructor) body a line sits in. It follows braces while skipping comments, strings, text
 * blocks and character literals, so a "class" in a comment or a brace in a string cannot fool it.
 */
final class JavaOutline {

    /** Where a line is: the innermost type, and the member body of that type (null outside one). */
    record Place(String type, String method) {
    }

    private record Frame(Kind kind, String name) {
    }

    private enum Kind { TYPE, MEMBER, BLOCK }

    private static final Pattern TYPE_DECL = Pattern.compile(
            "(?:^|[^.\\w$])(?:class|interface|enum|record)\\s+([A-Za-z_$][\\w$]*)");
    private static final Pattern ANNOTATION = Pattern.compile("@[\\w.$]+(\\s*\\([^)]*\\))?");
    private static final Pattern CALLABLE = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*\\(");

    private JavaOutline() {
    }

    /** The place of line {@code lineIndex} (0-based) of {@code source}. */
    static Place placeOf(String source, int lineIndex) {
        Deque<Frame> stack = new ArrayDeque<>();
        StringBuilder header = new StringBuilder();
        int line = 0;
        int i = 0;
        int n = source.length();
        while (i < n && line < lineIndex) {
            char c = source.charAt(i);
            if (c == '\n') {
                line++;
                header.append(' ');
                i++;
            } else if (source.startsWith("//", i)) {
                while (i < n && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                line += count(source, i, end);
                i = end;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                end = end < 0 ? n : end + 3;
                line += count(source, i, end);
                header.append("\"\"");
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                header.append(c).append(c);
                i = Math.min(n, j + 1);
            } else if (c == '{') {
                stack.push(open(header.toString(), stack.peek()));
                header.setLength(0);
                i++;
            } else if (c == '}') {
                if (!stack.isEmpty()) {
                    stack.pop();
                }
                header.setLength(0);
                i++;
            } else if (c == ';') {
                header.setLength(0);
                i++;
            } else {
                header.append(c);
                i++;
            }
        }
        return place(stack);
    }

    private static Frame open(String header, Frame outer) {
        Matcher type = TYPE_DECL.matcher(header);
        if (type.find()) {
            return new Frame(Kind.TYPE, type.group(1));
        }
        if (outer != null && outer.kind() == Kind.TYPE) {
            Matcher m = CALLABLE.matcher(ANNOTATION.matcher(header).replaceAll(" "));
            return new Frame(Kind.MEMBER, m.find() ? m.group(1) : null); // null: an initializer block
        }
        return new Frame(Kind.BLOCK, null);
    }

    private static Place place(Deque<Frame> stack) {
        // the stack iterates innermost first: the first member body found, and the type around it
        String method = null;
        Iterator<Frame> frames = stack.iterator();
        while (frames.hasNext()) {
            Frame f = frames.next();
            if (f.kind() == Kind.MEMBER) {
                method = f.name();
                while (frames.hasNext()) {
                    Frame t = frames.next();
                    if (t.kind() == Kind.TYPE) {
                        return new Place(t.name(), method);
                    }
                }
                return new Place(null, method);
            }
            if (f.kind() == Kind.TYPE) {
                return new Place(f.name(), null); // directly in a type body: not in a method
            }
        }
        return new Place(null, null);
    }

    private static int count(String s, int from, int to) {
        int lines = 0;
        for (int k = from; k < to; k++) {
            if (s.charAt(k) == '\n') {
                lines++;
            }
        }
        return lines;
    }
}
