package instructor;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Solution regions, nbgrader style, in the instructor's Java sources:
 *
 * <pre>
 *   // BEGIN SOLUTION            inside a method body, as its rest: becomes
 *   ...                          throw new NotImplementedYet("Class.method", "path/of/File.java");
 *   // END SOLUTION
 *
 *   // BEGIN SOLUTION MEMBERS    in a class body (fields, helpers): becomes the comment
 *   ...                          // your fields and helper methods here
 *   // END SOLUTION
 * </pre>
 *
 * A marker inside a region, an END without a BEGIN, or a region left open is an error that names
 * the file and line: the release must never publish half a solution. An import that only the
 * solution used goes with it: a stub's imports must not hint at how the reference did it.
 */
public final class SolutionRegions {

    private static final String BEGIN = "// BEGIN SOLUTION";
    private static final String BEGIN_MEMBERS = "// BEGIN SOLUTION MEMBERS";
    private static final String END = "// END SOLUTION";
    private static final String MEMBERS_STUB = "// your fields and helper methods here";

    /** A malformed marker: {@code file:line: message}. */
    public static final class MarkerException extends RuntimeException {
        public MarkerException(String file, int line, String message) {
            super(file + ":" + line + ": " + message);
        }
    }

    private SolutionRegions() {
    }

    /**
     * The student release's view of the files of {@code module} (a folder of the repository, e.g.
     * {@code homework}): a Java file's text, given its path in the module, as its stub (the release
     * names it {@code module/path} in its hints); other files as they are.
     */
    public static java.util.function.BinaryOperator<String> stubs(String module) {
        return (path, text) -> path.endsWith(".java") ? strip(module + "/" + path, text) : text;
    }

    /** True when the text has any solution marker at all. */
    public static boolean hasMarkers(String text) {
        return text.contains(BEGIN) || text.contains(END);
    }

    /** Checks the markers of {@code text} (the contents of {@code file}); throws on the first bad one. */
    public static void check(String file, String text) {
        strip(file, text);
    }

    /**
     * The student version of {@code text}: each region replaced by its stub.
     *
     * @param file the repository-relative path, used in messages and in the stub's "edit ..." hint
     */
    public static String strip(String file, String text) {
        String[] lines = text.split("\n", -1);
        List<String> out = new ArrayList<>();
        boolean importsStub = text.contains("import miniasyncio.NotImplementedYet;")
                || text.contains("import miniasyncio.*;");
        int openLine = 0;
        boolean members = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.strip();
            int number = i + 1;
            if (trimmed.startsWith(BEGIN)) {
                if (openLine != 0) {
                    throw new MarkerException(file, number, "nested solution region: the region opened at line "
                            + openLine + " is not closed yet (add " + END + " before this line)");
                }
                String rest = trimmed.substring(BEGIN.length()).strip();
                if (!rest.isEmpty() && !trimmed.startsWith(BEGIN_MEMBERS)) {
                    throw new MarkerException(file, number, "unknown marker '" + trimmed
                            + "': use '" + BEGIN + "' or '" + BEGIN_MEMBERS + "'");
                }
                members = trimmed.startsWith(BEGIN_MEMBERS);
                openLine = number;
                String indent = line.substring(0, line.indexOf('/'));
                if (members) {
                    out.add(indent + MEMBERS_STUB);
                } else {
                    JavaOutline.Place place = JavaOutline.placeOf(text, i);
                    if (place.method() == null) {
                        throw new MarkerException(file, number, BEGIN + " outside a method or constructor body:"
                                + " use " + BEGIN_MEMBERS + " for fields and helper methods");
                    }
                    String type = place.type() != null ? place.type() : typeFromFileName(file);
                    out.add(indent + "throw new " + (importsStub ? "" : "miniasyncio.") + "NotImplementedYet(\""
                            + type + "." + place.method() + "\", \"" + file + "\");");
                }
            } else if (trimmed.startsWith(END)) {
                if (openLine == 0) {
                    throw new MarkerException(file, number, END + " without a " + BEGIN + " before it");
                }
                if (!trimmed.equals(END)) {
                    throw new MarkerException(file, number, "unknown marker '" + trimmed + "': use '" + END + "'");
                }
                openLine = 0;
            } else if (openLine == 0) {
                out.add(line);
            }
        }
        if (openLine != 0) {
            throw new MarkerException(file, openLine, "solution region is never closed: add " + END);
        }
        return hasMarkers(text) ? withoutUnusedImports(out) : String.join("\n", out);
    }

    private static final Pattern IMPORT = Pattern.compile("import\\s+(?:static\\s+)?javax?\\.[\\w.]*\\.(\\w+)\\s*;");

    /**
     * The lines without the JDK's single-name imports whose name no other line uses any more (a
     * word of code or of a comment counts as a use): the collections and types only the removed
     * solution needed, which would tell how the reference did it. The kit's own imports stay (they
     * point at the API the statement names), and so do wildcard imports.
     */
    static String withoutUnusedImports(List<String> lines) {
        StringBuilder rest = new StringBuilder();
        for (String line : lines) {
            if (!IMPORT.matcher(line.strip()).matches()) {
                rest.append(line).append('\n');
            }
        }
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            Matcher m = IMPORT.matcher(line.strip());
            if (!m.matches() || Pattern.compile("\\b" + m.group(1) + "\\b").matcher(rest).find()) {
                kept.add(line);
            }
        }
        return String.join("\n", kept);
    }

    private static final String NOTES_BEGIN = "<!-- BEGIN INSTRUCTOR -->";
    private static final String NOTES_END = "<!-- END INSTRUCTOR -->";

    /**
     * The student version of a Markdown file: every block between {@code <!-- BEGIN INSTRUCTOR -->}
     * and {@code <!-- END INSTRUCTOR -->} lines removed (notes for instructors, such as how the
     * solution regions work). Unbalanced or nested markers are errors, as for solution regions.
     */
    public static String stripInstructorNotes(String file, String text) {
        String[] lines = text.split("\n", -1);
        List<String> out = new ArrayList<>();
        int openLine = 0;
        for (int i = 0; i < lines.length; i++) {
            String trimmed = lines[i].strip();
            if (trimmed.equals(NOTES_BEGIN)) {
                if (openLine != 0) {
                    throw new MarkerException(file, i + 1, "nested instructor block: the one opened at line "
                            + openLine + " is not closed yet");
                }
                openLine = i + 1;
            } else if (trimmed.equals(NOTES_END)) {
                if (openLine == 0) {
                    throw new MarkerException(file, i + 1, NOTES_END + " without a " + NOTES_BEGIN + " before it");
                }
                openLine = 0;
            } else if (openLine == 0) {
                out.add(lines[i]);
            }
        }
        if (openLine != 0) {
            throw new MarkerException(file, openLine, "instructor block is never closed: add " + NOTES_END);
        }
        return String.join("\n", out);
    }

    private static String typeFromFileName(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        return name.endsWith(".java") ? name.substring(0, name.length() - 5) : name;
    }
}
