package instructor;

import java.util.ArrayList;
import java.util.List;

/**
 * One hunk of a planted mistake's patch: the lines it expects ({@code before}: its context and
 * removed lines, in order) and the lines it puts in their place ({@code after}).
 *
 * <p>A hunk is placed by its lines, not by its line number: it goes where {@code before} occurs in
 * the file, searched in the whole file, and it must occur exactly once. So the reference may grow,
 * shrink or change anywhere outside a mistake's own lines (a neighbouring mistake's rule, a
 * comment, a new method above) and every patch still applies; {@code oldStart} only serves the
 * messages. When the lines are nowhere (the reference changed where the mistake is planted), or
 * in several places (the hunk does not say which one it means), the patch is refused: a guess
 * could plant the mistake in the wrong place and prove nothing.
 *
 * @param oldStart the hunk's first line in the file it was made from ({@code @@ -oldStart,...})
 * @param before context and removed lines, in order
 * @param after context and added lines, in order
 */
public record Hunk(int oldStart, List<String> before, List<String> after) {

    /**
     * {@code text} (the file {@code path}) with every hunk applied, each placed where its
     * {@code before} lines occur once. Throws, naming {@code patch}, the file and the hunk, when a
     * hunk fits nowhere or in several places, has no line to place it by, or overlaps another.
     */
    public static String applyAll(String patch, String path, String text, List<Hunk> hunks) {
        boolean newlineAtEnd = text.endsWith("\n");
        List<String> lines = new ArrayList<>(List.of((newlineAtEnd ? text.substring(0, text.length() - 1) : text)
                .split("\n", -1)));
        if (text.isEmpty()) {
            lines.clear();
        }
        int[] at = new int[hunks.size()];
        for (int h = 0; h < hunks.size(); h++) {
            at[h] = hunks.get(h).placeIn(patch, path, lines);
            for (int other = 0; other < h; other++) {
                Hunk o = hunks.get(other);
                if (at[h] < at[other] + o.before.size() && at[other] < at[h] + hunks.get(h).before.size()) {
                    throw new IllegalStateException(patch + ": the hunks at lines " + o.oldStart + " and "
                            + hunks.get(h).oldStart + " of " + path + " overlap: make them one hunk");
                }
            }
        }
        // from the last place to the first, so that the earlier places stay where they were found
        Integer[] order = new Integer[hunks.size()];
        for (int h = 0; h < order.length; h++) {
            order[h] = h;
        }
        java.util.Arrays.sort(order, (a, b) -> Integer.compare(at[b], at[a]));
        for (int h : order) {
            Hunk hunk = hunks.get(h);
            List<String> region = lines.subList(at[h], at[h] + hunk.before.size());
            region.clear();
            region.addAll(hunk.after);
        }
        return String.join("\n", lines) + (newlineAtEnd ? "\n" : "");
    }

    /** The index in {@code lines} where {@code before} occurs, the only one; otherwise throws. */
    int placeIn(String patch, String path, List<String> lines) {
        String hunk = "the hunk at line " + oldStart + " (@@ -" + oldStart + "," + before.size() + ")";
        if (before.isEmpty()) {
            throw new IllegalStateException(patch + ": " + hunk + " of " + path + " has no context line to be"
                    + " placed by: make the patch with one line of context at least (git diff -U1)");
        }
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i + before.size() <= lines.size(); i++) {
            if (lines.subList(i, i + before.size()).equals(before)) {
                found.add(i);
            }
        }
        if (found.isEmpty()) {
            throw new IllegalStateException(patch + " no longer applies to " + path + ": the lines of " + hunk
                    + " (its context and removed lines, from \"" + before.get(0).strip() + "\") are nowhere in the"
                    + " file: the reference changed where the mistake is planted. Plant it again by hand in the"
                    + " new reference and write the patch anew (git diff -U1 without its diff --git"
                    + " lines, under the same header)");
        }
        if (found.size() > 1) {
            throw new IllegalStateException(patch + ": the lines of " + hunk + " of " + path + " occur "
                    + found.size() + " times in the file (at lines " + found.stream().map(i -> String.valueOf(i + 1))
                    .reduce((a, b) -> a + ", " + b).orElseThrow() + "): the hunk must say where it goes; give it"
                    + " more lines of context, until its lines occur once (git diff -U2, -U3, ...)");
        }
        return found.get(0);
    }
}
