package instructor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Stamps patches of the reference with the reference they apply to: before each file's
 * {@code ---} line, the {@code index OLD..NEW 100644} line that {@code git diff --full-index}
 * writes (OLD the blob of the reference file as it is now, NEW the blob of the patched file),
 * replacing an older one. Later, when the reference changes under the patch's lines, the applier
 * finds OLD in Git's history and carries the patch over ({@link PatchFile#applyTo(Path,
 * java.util.function.Consumer)}). Stamp after the reference is committed, so that its blob is in
 * the history:
 *
 * <pre>
 * java -cp grading/instructor/target/classes instructor.StampPatches [--stubs] MODULE PATCH...
 * </pre>
 *
 * {@code --stubs}: the patches are made on the student release's stubs of the module's files
 * ({@link SolutionRegions#stubs}), as grading/hostile's {@code stubs.patch} files are.
 *
 * A patch that does not apply to the reference as it is is refused, and left as it was.
 */
public final class StampPatches {

    private StampPatches() {
    }

    public static void main(String[] args) throws IOException {
        boolean stubs = args.length > 0 && args[0].equals("--stubs");
        int first = stubs ? 1 : 0;
        if (args.length < first + 2) {
            System.err.println("usage: StampPatches [--stubs] MODULE PATCH...  (the module the patches' paths are"
                    + " relative to; --stubs: patches of the release's stubs of its files)");
            System.exit(2);
        }
        Path module = Path.of(args[first]).toAbsolutePath();
        java.util.function.BinaryOperator<String> onto = stubs
                ? SolutionRegions.stubs(module.getFileName().toString()) : PatchFile.AS_IS;
        for (int i = first + 1; i < args.length; i++) {
            Path patch = Path.of(args[i]);
            Files.writeString(patch, stamp(patch, Files.readString(patch, StandardCharsets.UTF_8), module, onto),
                    StandardCharsets.UTF_8);
        }
    }

    /** {@code text}, the patch {@code file}, with each file's index line naming the reference under {@code module}. */
    public static String stamp(Path file, String text, Path module) throws IOException {
        return stamp(file, text, module, PatchFile.AS_IS);
    }

    /**
     * {@link #stamp(Path, String, Path)} for a patch made on a view of the reference ({@link
     * PatchFile#applyTo(Path, java.util.function.BinaryOperator, java.util.function.Consumer)}):
     * OLD is still the reference file's blob, NEW the patched view's.
     */
    public static String stamp(Path file, String text, Path module, java.util.function.BinaryOperator<String> onto)
            throws IOException {
        PatchFile diff = PatchFile.parse(file, PatchFile.lines(text), 0);
        List<String> notes = new ArrayList<>();
        Map<String, String> patched = diff.applyTo(module, onto, notes::add);
        if (!notes.isEmpty()) {
            throw new IllegalStateException(file + " does not apply to the reference as it is (" + notes.get(0)
                    + "): write it anew from the carried-over text before stamping it");
        }
        List<String> lines = new ArrayList<>(PatchFile.lines(text));
        int change = -1;
        int hunk = 0;
        int shift = 0;
        List<String> base = List.of();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("@@ -") && change >= 0) {
                // the hunk's numbers, where it applies to the reference as it is now (they only
                // serve a reader and git apply: the applier places a hunk by its lines)
                Hunk h = diff.changes().get(change).hunks().get(hunk++);
                int at = h.placeIn(file.toString(), diff.changes().get(change).path(), base) + 1;
                String rest = line.substring(line.indexOf("@@", 2) + 2);
                lines.set(i, "@@ -" + at + "," + h.before().size() + " +" + (at + shift) + "," + h.after().size()
                        + " @@" + rest);
                shift += h.after().size() - h.before().size();
                continue;
            }
            if (line.startsWith("--- ") && i + 1 < lines.size() && lines.get(i + 1).startsWith("+++ ")) {
                String path = diff.changes().stream().map(PatchFile.FileChange::path).filter(line::endsWith)
                        .findFirst().orElseThrow();
                change++;
                hunk = 0;
                shift = 0;
                String now = onto.apply(path, Files.readString(module.resolve(path), StandardCharsets.UTF_8));
                base = PatchFile.lines(now.isEmpty() ? "\n" : now);
                String index = "index " + GitBlob.id(Files.readString(module.resolve(path), StandardCharsets.UTF_8))
                        + ".." + GitBlob.id(patched.get(path)) + " 100644";
                if (i > 0 && lines.get(i - 1).startsWith("index ")) {
                    lines.set(i - 1, index);
                } else {
                    lines.add(i, index);
                    i++;
                }
            }
        }
        return String.join("\n", lines) + "\n";
    }
}
