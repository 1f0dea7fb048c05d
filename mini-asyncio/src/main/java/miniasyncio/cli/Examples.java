package miniasyncio.cli;

import java.net.URISyntaxException;
import java.nio.file.Path;
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

    /**
     * A line for each catalog that is not on the class path, saying which jar brings it. The jar
     * finds them through its manifest at {@code ../../homework/target/homework.jar} (and the
     * exercises' beside it), so a copied mini-asyncio.jar runs only the lecture's examples.
     */
    static List<String> missingCatalogs() {
        List<String> lines = new ArrayList<>();
        for (String[] module : List.of(new String[] {"homework.HomeworkExamples", "homework", "homework's"},
                new String[] {"exercises.ExerciseExamples", "exercises", "exercises'"})) {
            try {
                Class.forName(module[0]);
            } catch (ClassNotFoundException e) {
                lines.add("(The " + module[2] + " examples are not on the class path: build them with"
                        + " '" + StaleJar.BUILD + "' and run mini-asyncio/target/mini-asyncio.jar where it was"
                        + " built, or add " + module[1] + "/target/" + module[1] + ".jar: java --add-exports "
                        + "java.base/jdk.internal.vm=ALL-UNNAMED -cp mini-asyncio.jar" + java.io.File.pathSeparator
                        + module[1] + ".jar miniasyncio.cli.Launcher ...)");
            }
        }
        return lines;
    }

    static List<ExampleInfo> all() {
        List<ExampleInfo> all = new ArrayList<>();
        for (ExampleCatalog catalog : catalogs()) {
            all.addAll(catalog.examples());
        }
        return all;
    }

    /** Where the catalog that has the example {@code name} was loaded from (a jar, or a classes folder). */
    static Optional<Path> jarOf(String name) {
        for (ExampleCatalog catalog : catalogs()) {
            if (catalog.examples().stream().anyMatch(e -> e.name().equals(name))) {
                try {
                    var source = catalog.getClass().getProtectionDomain().getCodeSource();
                    return source == null ? Optional.empty() : Optional.of(Path.of(source.getLocation().toURI()));
                } catch (URISyntaxException | IllegalArgumentException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
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
