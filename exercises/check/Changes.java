import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code exercises/CHANGES.md} says about a failure: the rule a failing test checks that
 * changed in a release, and the given member a compile error names that changed in one, so that
 * {@code check-step.sh} can say, beside the failure, what changed and where to read it. A student
 * who moves files written for an earlier release into a new one then learns why at once.
 *
 * <p>CHANGES.md is read as its format says: a release is a {@code ## DATE} heading; under it,
 * {@code ### Step N} and {@code ### Given API} sections hold tables whose first cell is a rule (the
 * tests in the second cell, each {@code `Class#method`}) or the given members ({@code `Class.member`},
 * or {@code `Class`} for a class that moved; the change in the second cell). {@code ChangesTest}
 * holds the file to it.
 *
 * <p>Written for Java 17 too: when the first build fails, {@code check-step.sh} may have nothing
 * but the {@code java} on PATH to run it with ({@code java Changes.java LOG CHANGES_MD}).
 */
final class Changes {

    /** One row: the release it is in, its section ("step 8" or "Given API"), its two cells. */
    record Row(String release, String section, String first, String second) {

        /** The {@code `Class#method`} tests of a rule's row. */
        List<String> tests() {
            return backticked(second).stream().filter(t -> t.matches("\\w+#\\w+")).toList();
        }

        /**
         * The given members of a Given API row, each as {class, member}: {@code `Class.member`}, or
         * {@code `Class`} alone (a class moved or gone), with a null member.
         */
        List<String[]> members() {
            List<String[]> members = new ArrayList<>();
            for (String item : backticked(first)) {
                Matcher m = Pattern.compile("^([A-Z]\\w*)(?:\\.(\\w+))?").matcher(item);
                if (m.find()) {
                    members.add(new String[] {m.group(1), m.group(2)});
                }
            }
            return members;
        }

        boolean given() {
            return section.equals("Given API");
        }
    }

    static final Pattern RELEASE = Pattern.compile("^## (\\d{4}-\\d{2}-\\d{2})\\s*$");
    static final Pattern SECTION = Pattern.compile("^### (Step (\\d+)|Given API)\\s*$");
    /** A compile error's first line, as Maven prints it ({@code File.java:[84,9] msg}) or javac ({@code File.java:84: error: msg}). */
    static final Pattern ERROR = Pattern.compile("(\\S+\\.java):(?:\\[(\\d+),\\d+\\]|(\\d+): error:) (.*)");
    /** The lines of a compile error that say what it is about (not the source line javac echoes). */
    static final Pattern DETAIL = Pattern.compile("\\s+(symbol|location|required|found|reason):.*");

    final List<Row> rows;

    private Changes(List<Row> rows) {
        this.rows = rows;
    }

    /** CHANGES.md read, or no rows when there is none. */
    static Changes read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return new Changes(rows);
        }
        String release = null;
        String section = null;
        for (String line : lines(file)) {
            Matcher r = RELEASE.matcher(line);
            Matcher s = SECTION.matcher(line);
            if (r.matches()) {
                release = r.group(1);
                section = null;
            } else if (line.startsWith("## ")) {
                release = null;
            } else if (s.matches()) {
                section = s.group(2) != null ? "step " + s.group(2) : "Given API";
            } else if (release != null && section != null && line.startsWith("|") && !line.matches("\\|\\s*-.*")) {
                String[] cells = line.split("(?<!\\\\)\\|");
                if (cells.length >= 3 && !cells[1].strip().matches("rule|given")) {
                    rows.add(new Row(release, section, cells[1].strip(), cells[2].strip()));
                }
            }
        }
        return new Changes(rows);
    }

    /**
     * What to print under a failing test {@code Class.method}: each rule of a release that names it,
     * newest release first ("see exercises/CHANGES.md, 2026-12-04, step 8: a put wakes ...").
     */
    List<String> rulesOf(String testClass, String method) {
        List<String> lines = new ArrayList<>();
        for (Row row : rows) {
            if (!row.given() && row.tests().contains(testClass + "#" + method)) {
                lines.add("see exercises/CHANGES.md, " + row.release() + ", " + row.section() + ": " + row.first());
            }
        }
        return lines;
    }

    /**
     * What to print under the build's compile errors: each Given API row whose members they name,
     * once, with the places that name it and the change ("`Scheduler.stepEagerly`, named at
     * FutureScheduler.java:84, changed on 2026-12-04 (exercises/CHANGES.md): Gone from the kit: ...").
     */
    List<String> givenNamedBy(List<String> log) {
        Map<Row, Set<String>> members = new LinkedHashMap<>(); // row -> the members of it the errors name
        Map<Row, Set<String>> places = new LinkedHashMap<>();
        for (String[] error : errors(log)) {
            List<Object[]> found = new ArrayList<>(); // {row, {class, member}}
            for (Row row : rows) {
                for (String[] m : row.given() ? row.members() : List.<String[]>of()) {
                    if (names(error[1], m)) {
                        found.add(new Object[] {row, m});
                    }
                }
            }
            for (Object[] f : found) {
                String[] m = (String[]) f[1];
                // "cancel in class FutureScheduler" names FutureScheduler's cancel, not Future's
                boolean moreSpecific = found.stream().map(g -> (String[]) g[1]).anyMatch(o -> o[0].length() > m[0].length()
                        && o[0].contains(m[0]) && java.util.Objects.equals(o[1], m[1]));
                if (!moreSpecific) {
                    members.computeIfAbsent((Row) f[0], k -> new LinkedHashSet<>()).add(m[1] == null ? m[0] : m[0] + "." + m[1]);
                    places.computeIfAbsent((Row) f[0], k -> new LinkedHashSet<>()).add(error[0]);
                }
            }
        }
        List<String> lines = new ArrayList<>();
        members.forEach((row, named) -> lines.add("`" + String.join("`, `", named) + "`, named at "
                + String.join(", ", places.get(row)) + ", changed on " + row.release() + " (exercises/CHANGES.md): "
                + row.second()));
        return lines;
    }

    /**
     * Whether a compile error's words name {@code member} ({class, member or null}): the member as a
     * word and its class inside a word ("class FutureScheduler" names Scheduler's, a subclass's
     * member), or, for a class alone, the class as a word.
     */
    private static boolean names(String error, String[] member) {
        if (member[1] == null) {
            return Pattern.compile("\\b" + member[0] + "\\b").matcher(error).find();
        }
        return Pattern.compile("\\b" + member[1] + "\\b").matcher(error).find() && error.contains(member[0]);
    }

    /** Each compile error of a build's output, as {"File.java:84", what it says}, each once. */
    static List<String[]> errors(List<String> log) {
        List<String[]> errors = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        String place = null;
        StringBuilder said = null;
        for (String raw : log) {
            String line = raw.startsWith("[ERROR] ") ? raw.substring("[ERROR] ".length()) : raw;
            Matcher start = ERROR.matcher(line);
            if (start.matches()) {
                if (place != null && seen.add(place + said)) {
                    errors.add(new String[] {place, said.toString()});
                }
                place = Path.of(start.group(1)).getFileName() + ":" + (start.group(2) != null ? start.group(2) : start.group(3));
                said = new StringBuilder(start.group(4));
            } else if (place != null && DETAIL.matcher(line).matches()) {
                said.append('\n').append(line.strip());
            }
        }
        if (place != null && seen.add(place + said)) {
            errors.add(new String[] {place, said.toString()});
        }
        return errors;
    }

    /** {@code java Changes.java BUILD_LOG CHANGES_MD}: the given members the log's compile errors name, one per line. */
    public static void main(String[] args) throws IOException {
        List<String> log = lines(Path.of(args[0]));
        for (String line : read(Path.of(args[1])).givenNamedBy(log)) {
            System.out.println("  " + line);
        }
    }

    /** A file's lines, bytes that are not UTF-8 replaced (a build's output may hold any). */
    static List<String> lines(Path file) throws IOException {
        return Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList() : List.of();
    }

    private static List<String> backticked(String cell) {
        List<String> items = new ArrayList<>();
        Matcher m = Pattern.compile("`([^`]+)`").matcher(cell);
        while (m.find()) {
            items.add(m.group(1));
        }
        return items;
    }
}
