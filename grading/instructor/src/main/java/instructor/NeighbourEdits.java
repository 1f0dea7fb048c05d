package instructor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The check that a planted mistake survives its neighbours: for each hunk of the patch, a copy of
 * the reference file gets three new lines three lines above the hunk's lines (as another rule's
 * change would), and the patch must still apply there, to the same effect as on the reference.
 * Both proofs run it on every planted mistake, so a patch that only applies where it was made is
 * found in the quick run.
 */
public final class NeighbourEdits {

    /** The neighbour's change: three lines no reference has. */
    static final List<String> EDIT = List.of("    // a neighbour's change, line 1 of 3", "    // line 2 of 3",
            "    // line 3 of 3");

    private NeighbourEdits() {
    }

    /**
     * What goes wrong when the reference under {@code root} changes three lines above one of the
     * patch's hunks, in a copy under {@code scratch}: "patch: message" lines, none when it applies
     * as well as on the reference.
     */
    public static List<String> problems(PlantedPatch patch, Path root, Path scratch) throws IOException {
        List<String> carried = new ArrayList<>();
        Map<String, String> onReference = patch.diff().applyTo(root, carried::add);
        if (!carried.isEmpty()) {
            // made on an older reference and carried over to this one (the applier said so): its
            // neighbours are tried once it is stamped again, on the reference it then names
            return List.of();
        }
        List<String> problems = new ArrayList<>();
        int trial = 0;
        for (PatchFile.FileChange change : patch.diff().changes()) {
            List<String> reference = List.of(Files.readString(root.resolve(change.path()), StandardCharsets.UTF_8)
                    .split("\n", -1));
            for (Hunk hunk : change.hunks()) {
                int at = Collections.indexOfSubList(reference, hunk.before()) - 3;
                if (at < 0 || insideAHunk(change.hunks(), reference, at)) {
                    continue; // too near the top of the file, or between two hunks of its own: no neighbour's line
                }
                Path copy = scratch.resolve("trial-" + ++trial);
                for (PatchFile.FileChange other : patch.diff().changes()) {
                    Path target = copy.resolve(other.path());
                    Files.createDirectories(target.getParent());
                    Files.copy(root.resolve(other.path()), target);
                }
                List<String> edited = new ArrayList<>(reference);
                edited.addAll(at, EDIT);
                Files.writeString(copy.resolve(change.path()), String.join("\n", edited), StandardCharsets.UTF_8);
                try {
                    String patched = patch.applyTo(copy).get(change.path());
                    List<String> without = new ArrayList<>(List.of(patched.split("\n", -1)));
                    without.removeAll(EDIT);
                    if (!String.join("\n", without).equals(onReference.get(change.path()))) {
                        problems.add(patch.file() + ": with three lines added above line " + hunk.oldStart() + " of "
                                + change.path() + " it plants something else than on the reference");
                    }
                } catch (IllegalStateException e) {
                    problems.add(e.getMessage() + " (three lines were added above line " + hunk.oldStart() + ")");
                }
            }
        }
        return problems;
    }

    /** True when a line put in before line {@code at} would split the lines some hunk of the file expects. */
    private static boolean insideAHunk(List<Hunk> hunks, List<String> reference, int at) {
        for (Hunk hunk : hunks) {
            int start = Collections.indexOfSubList(reference, hunk.before());
            if (start >= 0 && at > start && at < start + hunk.before().size()) {
                return true;
            }
        }
        return false;
    }
}
