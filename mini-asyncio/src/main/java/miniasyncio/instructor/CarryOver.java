package miniasyncio.instructor;

import java.util.ArrayList;
import java.util.List;

/**
 * A planted change carried over a change of the reference: a three-way merge of the old reference
 * (the patch's base), the patch's result on it, and the new reference.
 *
 * <p>Unlike {@code git merge-file}, a change of the reference next to the mistake's lines is no
 * conflict: a planted hunk has one line of context, and renaming a private method or a field in
 * that line must not ask for a hand. Only the lines the patch removes or replaces must be in the
 * new reference unchanged and in one piece (and, where it only adds lines, the place between two
 * lines must still be one place); otherwise the change touches the mistake's own lines and the
 * merge is refused.
 */
final class CarryOver {

    private CarryOver() {
    }

    /** Where the mistake cannot be carried over: the lines of the old reference it was planted on. */
    static final class Conflict extends Exception {
        final int line;
        final String text;

        Conflict(int line, String text) {
            super("line " + line + " (\"" + text.strip() + "\")");
            this.line = line;
            this.text = text;
        }
    }

    /** {@code now} with the changes that turn {@code base} into {@code patched}; throws where they meet the reference's. */
    static List<String> merge(List<String> base, List<String> patched, List<String> now) throws Conflict {
        int[] toPatched = matches(base, patched);
        int[] toNow = matches(base, now);
        List<String> merged = new ArrayList<>(now);
        // the patch's changes as regions of base [from, to) replaced by patched[pFrom, pTo), last one first
        List<int[]> regions = new ArrayList<>();
        int i = 0;
        int p = 0;
        while (i < base.size() || p < patched.size()) {
            if (i < base.size() && toPatched[i] == p) {
                i++;
                p++;
                continue;
            }
            int from = i;
            int pFrom = p;
            while (i < base.size() && toPatched[i] < 0) {
                i++;
            }
            p = i < base.size() ? toPatched[i] : patched.size();
            regions.add(new int[] {from, i, pFrom, p});
        }
        for (int r = regions.size() - 1; r >= 0; r--) {
            int[] region = regions.get(r);
            int at = place(base, toNow, region[0], region[1]);
            int length = region[1] - region[0];
            List<String> target = merged.subList(at, at + length);
            target.clear();
            target.addAll(patched.subList(region[2], region[3]));
        }
        return merged;
    }

    /** Where base's lines [from, to) are in the new reference, or throws when they changed or are split. */
    private static int place(List<String> base, int[] toNow, int from, int to) throws Conflict {
        if (from < to) {
            for (int k = from; k < to; k++) {
                if (toNow[k] < 0 || toNow[k] != toNow[from] + (k - from)) {
                    throw new Conflict(k + 1, base.get(k));
                }
            }
            return toNow[from];
        }
        // only added lines: between base[from - 1] and base[from], wherever at least one of them still is
        boolean before = from > 0 && toNow[from - 1] >= 0;
        boolean after = from < base.size() && toNow[from] >= 0;
        if (before && after && toNow[from] != toNow[from - 1] + 1) {
            throw new Conflict(from + 1, base.get(from)); // the reference put lines of its own in the same place
        }
        if (after) {
            return toNow[from];
        }
        if (before) {
            return toNow[from - 1] + 1;
        }
        if (base.isEmpty()) {
            return 0;
        }
        int line = Math.min(from, base.size() - 1);
        throw new Conflict(line + 1, base.get(line));
    }

    /** For each line of {@code a}, its index in {@code b} in a longest common subsequence, or -1. */
    static int[] matches(List<String> a, List<String> b) {
        int[] match = new int[a.size()];
        java.util.Arrays.fill(match, -1);
        int start = 0;
        while (start < a.size() && start < b.size() && a.get(start).equals(b.get(start))) {
            match[start] = start;
            start++;
        }
        int endA = a.size();
        int endB = b.size();
        while (endA > start && endB > start && a.get(endA - 1).equals(b.get(endB - 1))) {
            match[--endA] = --endB;
        }
        int n = endA - start;
        int m = endB - start;
        int[][] lcs = new int[n + 1][m + 1]; // lcs[x][y]: of a[start+x..endA) and b[start+y..endB)
        for (int x = n - 1; x >= 0; x--) {
            for (int y = m - 1; y >= 0; y--) {
                lcs[x][y] = a.get(start + x).equals(b.get(start + y)) ? lcs[x + 1][y + 1] + 1
                        : Math.max(lcs[x + 1][y], lcs[x][y + 1]);
            }
        }
        int x = 0;
        int y = 0;
        while (x < n && y < m) {
            if (a.get(start + x).equals(b.get(start + y))) {
                match[start + x] = start + y;
                x++;
                y++;
            } else if (lcs[x + 1][y] >= lcs[x][y + 1]) {
                x++;
            } else {
                y++;
            }
        }
        return match;
    }
}
