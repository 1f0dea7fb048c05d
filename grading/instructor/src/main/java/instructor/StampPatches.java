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
 * java -cp grading/instructor/target/classes instructor.StampPatches MODULE PATCH...
 * </pre>
 *
 * A patch that does not apply to the reference as it is is refused, and left as it was.
 */
public final class StampPatches {

    private StampPatches() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: StampPatches MODULE PATCH...  (the module the patches' paths are relative to)");
            System.exit(2);
        }
        Path module = Path.of(args[0]).toAbsolutePath();
        for (int i = 1; i < args.length; i++) {
            Path patch = Path.of(args[i]);
            Files.writeString(patch, stamp(patch, Files.readString(patch, StandardCharsets.UTF_8), module),
                    StandardCharsets.UTF_8);
        }
    }

    /** {@code text}, the patch {@code file}, with each file's index line naming the reference under {@code module}. */
    public static String stamp(Path file, String text, Path module) throws IOException {
        PatchFile diff = PatchFile.parse(file, PatchFile.lines(text), 0);
        List<String> notes = new ArrayList<>();
        Map<String, String> patched = diff.applyTo(module, notes::add);
        if (!notes.isEmpty()) {
            throw new IllegalStateException(file + " does not apply to the reference as it is (" + notes.get(0)
                    + "): write it anew from the carried-over text before stamping it");
        }
        List<String> lines = new ArrayList<>(PatchFile.lines(text));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("--- ") && i + 1 < lines.size() && lines.get(i + 1).startsWith("+++ ")) {
                String path = diff.changes().stream().map(PatchFile.FileChange::path).filter(line::endsWith)
                        .findFirst().orElseThrow();
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
