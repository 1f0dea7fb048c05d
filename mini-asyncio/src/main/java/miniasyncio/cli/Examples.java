package miniasyncio.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Finds examples by name across the catalogs that are present. */
final class Examples {

    /** The catalogs, in the order the track goes. Missing ones (a module not built) are skipped. */
    static final List<String> CATALOGS = List.of(
            "miniasyncio.examples.CoreExamples",
            "homework.HomeworkExamples",
            "exercises.ExerciseExamples");

    private Examples() {
    }

    static List<ExampleCatalog> catalogs() {
        List<ExampleCatalog> found = new ArrayList<>();
        for (String name : CATALOGS) {
            try {
                Class<?> type = Class.forName(name);
                found.add((ExampleCatalog) type.getDeclaredConstructor().newInstance());
            } catch (ClassNotFoundException notBuilt) {
                // that module is not on the class path: its examples are simply not listed
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot load example catalog " + name + ": " + e, e);
            }
        }
        return found;
    }

    static List<ExampleInfo> all() {
        List<ExampleInfo> all = new ArrayList<>();
        for (ExampleCatalog catalog : catalogs()) {
            all.addAll(catalog.examples());
        }
        return all;
    }

    static Optional<ExampleInfo> find(String name) {
        return all().stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** Names close to {@code wanted}: same letters ignoring case, a shared prefix, or a few typos. */
    static List<String> closeMatches(String wanted) {
        String w = wanted.toLowerCase(Locale.ROOT);
        return all().stream()
                .map(ExampleInfo::name)
                .filter(n -> {
                    String l = n.toLowerCase(Locale.ROOT);
                    return l.equals(w) || l.startsWith(w) || w.startsWith(l) || l.contains(w)
                            || editDistance(l, w) <= Math.max(2, w.length() / 3);
                })
                .sorted(Comparator.comparingInt(n -> editDistance(n.toLowerCase(Locale.ROOT), w)))
                .limit(5)
                .toList();
    }

    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
