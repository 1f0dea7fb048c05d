package instructor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The unified diff of a patch file (what {@code git diff} prints; a header of other lines before
 * it is skipped), and its application to a copy of the reference: each hunk placed by its lines,
 * not by its line number ({@link Hunk}). A planted mistake ({@link PlantedPatch}) is one, with a
 * header; a correct solution kept as a few changes of the reference ({@code grading/right}) is one
 * without.
 *
 * @param file the patch file, named in every message
 * @param changes the changed files, in the patch's order
 */
public record PatchFile(Path file, List<FileChange> changes) {

    /**
     * The hunks of one changed file, {@code path} relative to the module; {@code reference} is the
     * Git blob id of the reference file the patch was made on (the {@code index OLD..NEW} line that
     * {@code git diff --full-index} writes before {@code ---}), or null when the patch has none.
     */
    public record FileChange(String path, List<Hunk> hunks, String reference) {
    }

    private static final Pattern INDEX = Pattern.compile("^index ([0-9a-f]{7,40})\\.\\.[0-9a-f]{7,40}(?: \\d+)?$");

    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@.*");

    /** Reads the diff of a patch file; throws, naming it, when it has none or a malformed one. */
    public static PatchFile read(Path file) throws IOException {
        return parse(file, lines(Files.readString(file, StandardCharsets.UTF_8)), 0);
    }

    /** The lines of a patch file's text (its last newline ends the last line; it starts no empty one). */
    static List<String> lines(String text) {
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return List.of(body.split("\n", -1));
    }

    /** The diff in {@code lines}, which start at line {@code offset + 1} of {@code file}. */
    static PatchFile parse(Path file, List<String> lines, int offset) {
        List<FileChange> changes = diff(file, lines, offset);
        if (changes.isEmpty()) {
            throw new IllegalStateException(file + " changes no file: the header must be followed by a unified diff"
                    + " (--- a/PATH, +++ b/PATH, @@ hunks)");
        }
        return new PatchFile(file, List.copyOf(changes));
    }

    /** The unified diff: {@code ---}/{@code +++} pairs, each with its hunks; anything before them is skipped. */
    private static List<FileChange> diff(Path file, List<String> lines, int offset) {
        List<FileChange> changes = new ArrayList<>();
        List<Hunk> hunks = null;
        String reference = null; // the last index line, for the next '---'
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            Matcher index = INDEX.matcher(line);
            if (index.matches()) {
                reference = index.group(1);
                i++;
                continue;
            }
            if (line.startsWith("--- ")) {
                String from = path(line.substring(4));
                if (i + 1 >= lines.size() || !lines.get(i + 1).startsWith("+++ ")) {
                    throw new IllegalStateException(file + ":" + (offset + i + 1) + ": '--- " + from + "' without its '+++' line");
                }
                String to = path(lines.get(i + 1).substring(4));
                if (from.equals("/dev/null") || to.equals("/dev/null") || !from.equals(to)) {
                    throw new IllegalStateException(file + ":" + (offset + i + 1) + ": a patch of the reference changes its"
                            + " files; it does not create, delete or rename one (" + from + " -> " + to + ")");
                }
                hunks = new ArrayList<>();
                changes.add(new FileChange(from, hunks, reference));
                reference = null;
                i += 2;
                continue;
            }
            Matcher m = HUNK.matcher(line);
            if (!m.matches()) {
                i++; // diff --git, index, or text between files: not part of a hunk
                continue;
            }
            if (hunks == null) {
                throw new IllegalStateException(file + ":" + (offset + i + 1) + ": a hunk before any '--- a/PATH' line");
            }
            int before = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
            int after = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
            List<String> old = new ArrayList<>();
            List<String> now = new ArrayList<>();
            int start = i + 1;
            for (i = start; i < lines.size() && (old.size() < before || now.size() < after); i++) {
                String body = lines.get(i);
                char kind = body.isEmpty() ? ' ' : body.charAt(0); // an editor may strip a blank context line's space
                String rest = body.isEmpty() ? "" : body.substring(1);
                switch (kind) {
                    case ' ' -> {
                        old.add(rest);
                        now.add(rest);
                    }
                    case '-' -> old.add(rest);
                    case '+' -> now.add(rest);
                    case '\\' -> { } // "\ No newline at end of file"
                    default -> throw new IllegalStateException(file + ":" + (offset + i + 1) + ": '" + body + "' in a hunk:"
                            + " each line starts with ' ', '-' or '+'");
                }
            }
            if (old.size() != before || now.size() != after) {
                throw new IllegalStateException(file + ":" + (offset + start) + ": the hunk '" + line + "' says " + before
                        + " lines before and " + after + " after, its lines give " + old.size() + " and " + now.size());
            }
            hunks.add(new Hunk(Integer.parseInt(m.group(1)), List.copyOf(old), List.copyOf(now)));
        }
        return changes;
    }

    /** {@code a/src/Foo.java} (maybe with a tab and a timestamp) -> {@code src/Foo.java}. */
    private static String path(String field) {
        String path = field.split("\t", 2)[0].strip();
        return path.startsWith("a/") || path.startsWith("b/") ? path.substring(2) : path;
    }

    /**
     * The changed files, patched from the reference under {@code root} (the module the paths are
     * relative to): path -> patched text. Throws, naming the patch and the file, when a path leaves
     * {@code root} or names no file, or when a hunk fits nowhere or in several places and cannot be
     * carried over. A carried-over file is said on standard error.
     */
    public Map<String, String> applyTo(Path root) throws IOException {
        return applyTo(root, note -> System.err.println(note));
    }

    /**
     * {@link #applyTo(Path)}, and when a file's hunks no longer fit the reference, which changed
     * since the patch was made (its {@code index} line names another blob), the patch is carried
     * over by a three-way merge ({@link CarryOver}) of the old reference (from Git's history), the
     * patch's result on it and the reference as it is now; {@code notes} is told so, and the
     * patch should be stamped again ({@link StampPatches}).
     */
    public Map<String, String> applyTo(Path root, Consumer<String> notes) throws IOException {
        return applyTo(root, AS_IS, notes);
    }

    /** The reference's files as they are: what a patch of the reference is made on. */
    public static final BinaryOperator<String> AS_IS = (path, text) -> text;

    /**
     * {@link #applyTo(Path, Consumer)} for a patch made on a view of the reference: {@code onto}
     * turns a reference file's text ({@code path}, {@code text}) into the text the patch changes,
     * e.g. the student release's stub of it. The {@code index} line still names the reference's
     * blob, so a patch of the stubs is carried over a change of the reference as a patch of the
     * reference is: the old reference is read from Git's history and viewed the same way.
     */
    public Map<String, String> applyTo(Path root, BinaryOperator<String> onto, Consumer<String> notes)
            throws IOException {
        Map<String, String> patched = new LinkedHashMap<>();
        for (FileChange change : changes) {
            Path reference = root.resolve(change.path()).normalize();
            if (!reference.startsWith(root.normalize()) || !Files.isRegularFile(reference)) {
                throw new IllegalStateException(file + " changes " + change.path() + ", which is not a file of "
                        + root.getFileName() + "/");
            }
            boolean again = patched.containsKey(change.path());
            String original = Files.readString(reference, StandardCharsets.UTF_8);
            String text = again ? patched.get(change.path()) : onto.apply(change.path(), original);
            String result;
            try {
                result = Hunk.applyAll(file.toString(), change.path(), text, change.hunks());
            } catch (IllegalStateException e) {
                if (again || change.reference() == null || GitBlob.id(original).startsWith(change.reference())) {
                    throw change.reference() != null || again ? e : new IllegalStateException(e.getMessage()
                            + ". (Stamped with the reference it was made on, it would be carried over by a three-way"
                            + " merge: see StampPatches)", e);
                }
                result = carry(root, change, onto, text);
                notes.accept(file + ": the reference " + change.path() + " changed since the patch was made (blob "
                        + change.reference() + "): carried over by a three-way merge; stamp it again with"
                        + " StampPatches");
            }
            patched.put(change.path(), result);
        }
        return patched;
    }

    /** The patch of {@code change}, made on its old reference, carried over onto {@code now}. */
    private String carry(Path root, FileChange change, BinaryOperator<String> onto, String now) {
        String base = onto.apply(change.path(), GitBlob.read(root, change.reference(), file + ": " + change.path()));
        String onBase = Hunk.applyAll(file.toString(), change.path(), base, change.hunks());
        boolean newline = now.endsWith("\n");
        try {
            List<String> merged = CarryOver.merge(lines(base), lines(onBase), lines(now));
            return String.join("\n", merged) + (newline ? "\n" : "");
        } catch (CarryOver.Conflict c) {
            throw new IllegalStateException(file + " no longer applies to " + change.path() + ", and it cannot be"
                    + " carried over: the reference changed the mistake's own lines, at " + c.getMessage()
                    + " of the reference the patch was made on (blob " + change.reference() + "). It needs a"
                    + " hand: plant the mistake again in the new reference, write the patch anew (git diff -U1"
                    + " --full-index, under the same header) and stamp it (StampPatches)");
        }
    }
}
