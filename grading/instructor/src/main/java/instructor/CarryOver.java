package instructor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A planted change carried over a change of the reference: a three-way merge of the old reference
 * (the patch's base), the patch's result on it, and the new reference.
 *
 * <p>Unlike {@code git merge-file}, a change of the reference next to the mistake's lines is no
 * conflict: a planted hunk has one line of context, and renaming a private method or a field in
 * that line must not ask for a hand. Only the lines the patch removes or replaces must be in the
 * new reference unchanged and in one piece (and, where it only adds lines, the place between two
 * lines must still be one place); otherwise the change touches the mistake's own lines and the
 * merge is refused, unless the change is a rename the reference made everywhere ({@link #renames}).
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

    /**
     * {@code now} with the changes that turn {@code base} into {@code patched}; throws where they
     * meet the reference's. A name the reference renamed everywhere (a private record, a method, a
     * field: the old name is gone, the new one was not there) is renamed in the patch's lines too,
     * so that a mistake planted on a line that uses it survives the rename.
     */
    static List<String> merge(List<String> base, List<String> patched, List<String> now) throws Conflict {
        try {
            return lineMerge(base, patched, now);
        } catch (Conflict conflict) {
            Map<String, String> renames = renames(base, now);
            if (renames.isEmpty()) {
                throw conflict;
            }
            try {
                return lineMerge(rename(base, renames), rename(patched, renames), now);
            } catch (Conflict again) {
                throw conflict;
            }
        }
    }

    /** A string literal (a name in it is not the name), a word, or any other character. */
    private static final Pattern TOKEN = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|[\\w$]+|\\S");

    /** Names that {@code now} renamed everywhere {@code base} has them: each line changed only in them, consistently. */
    static Map<String, String> renames(List<String> base, List<String> now) {
        int[] match = matches(base, now);
        Map<String, String> renames = new HashMap<>();
        Set<String> inconsistent = new HashSet<>();
        int j = 0;
        for (int i = 0; i < base.size(); ) {
            if (match[i] >= 0) {
                j = match[i] + 1;
                i++;
                continue;
            }
            int from = i;
            while (i < base.size() && match[i] < 0) {
                i++;
            }
            int to = i < base.size() ? match[i] : now.size();
            if (to - j != i - from) {
                j = to;
                continue; // lines added or removed: not a rename
            }
            for (int k = 0; k < i - from; k++) {
                List<String> a = tokens(base.get(from + k));
                List<String> b = tokens(now.get(j + k));
                for (int t = 0; a.size() == b.size() && t < a.size(); t++) {
                    if (!a.get(t).equals(b.get(t))) {
                        String old = renames.putIfAbsent(a.get(t), b.get(t));
                        if (old != null && !old.equals(b.get(t))) {
                            inconsistent.add(a.get(t));
                        }
                    }
                }
            }
            j = to;
        }
        renames.keySet().removeAll(inconsistent);
        renames.entrySet().removeIf(e -> !Character.isJavaIdentifierStart(e.getKey().charAt(0))
                || !Character.isJavaIdentifierStart(e.getValue().charAt(0))
                || uses(now, e.getKey()) || uses(base, e.getValue()));
        return renames;
    }

    private static List<String> tokens(String line) {
        return TOKEN.matcher(line).results().map(MatchResult::group).toList();
    }

    private static boolean uses(List<String> lines, String name) {
        return lines.stream().anyMatch(line -> tokens(line).contains(name));
    }

    private static List<String> rename(List<String> lines, Map<String, String> renames) {
        Pattern names = Pattern.compile(renames.keySet().stream().map(Pattern::quote)
                .reduce((a, b) -> a + "|" + b).map(n -> "(?<![\\w$])(?:" + n + ")(?![\\w$])").orElseThrow());
        return lines.stream().map(line -> names.matcher(line)
                .replaceAll(m -> Matcher.quoteReplacement(renames.get(m.group())))).toList();
    }

    private static List<String> lineMerge(List<String> base, List<String> patched, List<String> now) throws Conflict {
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
