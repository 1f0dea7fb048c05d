package allowlist;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the allowlist format (see {@code homework-allowlist.txt} for the whole of it):
 * {@code ## Title} starts a section and the {@code #} lines right after it say why; other
 * {@code #} lines are comments; every other line is one entry, e.g. {@code java.util.*},
 * {@code -java.util.Timer -- reason}, {@code override miniasyncio.Scheduler#handleSyscall}.
 * A line it cannot read is an error that names the file and line: a typo must not quietly
 * allow or refuse something.
 */
final class AllowlistParser {

    /** A titled group of entries, and why the assignment needs them (for the student README). */
    record Section(String title, String why, List<AllowlistEntry> entries) {
    }

    /** Dotted names with {@code $}, {@code *}, and {@code <init>}/{@code <clinit>} as members. */
    private static final Pattern ENTRY = Pattern.compile(
            "([\\w$*]+(?:\\.[\\w$*]+)*)(?:#([\\w$*]+|<init>|<clinit>)(?:\\(([\\w$.*\\[\\],]*)\\))?)?");

    private AllowlistParser() {
    }

    static List<Section> parse(String text, String origin) {
        List<Section> sections = new ArrayList<>();
        String title = "";
        StringBuilder why = new StringBuilder();
        List<AllowlistEntry> entries = new ArrayList<>();
        boolean inWhy = false;
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("##")) {
                if (!title.isEmpty() || !entries.isEmpty()) {
                    sections.add(new Section(title, why.toString().strip(), List.copyOf(entries)));
                }
                title = line.substring(2).strip();
                why.setLength(0);
                entries.clear();
                inWhy = true;
            } else if (line.startsWith("#")) {
                if (inWhy) {
                    why.append(line.substring(1).strip()).append(' ');
                }
            } else if (line.isEmpty()) {
                inWhy = false;
            } else {
                inWhy = false;
                entries.add(entry(line, origin, i + 1));
            }
        }
        if (!title.isEmpty() || !entries.isEmpty()) {
            sections.add(new Section(title, why.toString().strip(), List.copyOf(entries)));
        }
        return List.copyOf(sections);
    }

    private static AllowlistEntry entry(String line, String origin, int number) {
        String reason = "";
        int dashes = line.indexOf(" -- ");
        if (dashes >= 0) {
            reason = line.substring(dashes + 4).strip();
            line = line.substring(0, dashes).strip();
        }
        AllowlistEntry.Kind kind = AllowlistEntry.Kind.ALLOW;
        if (line.startsWith("-")) {
            kind = AllowlistEntry.Kind.EXCLUDE;
            line = line.substring(1).strip();
        } else if (line.startsWith("override ")) {
            kind = AllowlistEntry.Kind.OVERRIDE;
            line = line.substring("override ".length()).strip();
        }
        Matcher m = ENTRY.matcher(line);
        if (!m.matches()) {
            throw new IllegalArgumentException(origin + ":" + number + ": cannot read \"" + line + "\": expected"
                    + " a class or package pattern, e.g. java.util.*, java.lang.String, java.lang.System#out,"
                    + " -java.util.Timer, override miniasyncio.Scheduler#handleSyscall");
        }
        if (kind == AllowlistEntry.Kind.OVERRIDE && m.group(2) == null) {
            throw new IllegalArgumentException(origin + ":" + number + ": \"override " + line + "\" names no method:"
                    + " write override Type#method, e.g. override miniasyncio.Scheduler#handleSyscall");
        }
        return new AllowlistEntry(kind, line,
                AllowlistEntry.typePattern(m.group(1)),
                m.group(2) == null ? null : AllowlistEntry.memberPattern(m.group(2)),
                m.group(3) == null ? null : AllowlistEntry.memberPattern(m.group(3)),
                reason, number);
    }
}
