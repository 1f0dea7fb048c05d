package grading.prove;

import grading.grade.Grading;
import instructor.PlantedPatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The submissions a proof grades besides the reference: the patches named on its command line
 * (a path, or a name of {@code grading/wrong} or {@code grading/right}), or every one of them.
 * A patch of a folder named {@code right}, and a folder, is a correct solution (full marks); any
 * other patch is a wrong one, whose header says which tests catch it.
 */
public final class Patches {

    private Patches() {
    }

    /** Every planted patch of {@code repo}: grading/wrong's, then grading/right's, each by name. */
    public static List<Planted> every(Path repo) throws IOException {
        List<Planted> all = new ArrayList<>();
        for (String folder : List.of("grading/wrong", "grading/right")) {
            try (Stream<Path> list = Files.list(repo.resolve(folder))) {
                for (Path p : list.sorted().toList()) {
                    if (p.toString().endsWith(".patch") || Files.isDirectory(p)) {
                        all.add(at(repo, p, null));
                    }
                }
            }
        }
        return all;
    }

    /**
     * The patch or folder {@code arg} names: a path (from the current directory or {@code repo}),
     * else a name of grading/wrong or grading/right, with or without {@code .patch}. Throws
     * {@link IllegalArgumentException}, saying where it looked, when there is none, or when what
     * it names is not a patch.
     */
    public static Planted named(Path repo, String arg) throws IOException {
        Set<Path> candidates = new LinkedHashSet<>();
        candidates.add(Path.of(arg).toAbsolutePath().normalize());
        for (String under : List.of("", "grading", "grading/wrong", "grading/right")) {
            Path dir = repo.resolve(under);
            candidates.add(dir.resolve(arg).normalize());
            if (!arg.endsWith(".patch") && under.startsWith("grading/")) {
                candidates.add(dir.resolve(arg + ".patch").normalize());
            }
        }
        for (Path p : candidates) {
            if (Files.exists(p)) {
                return at(repo, p, arg);
            }
        }
        StringBuilder looked = new StringBuilder();
        candidates.forEach(p -> looked.append("\n  ").append(p));
        throw new IllegalArgumentException("no patch " + arg + ": looked for" + looked
                + "\n(a path, or the name of a patch of grading/wrong or of a patch or folder of grading/right)");
    }

    /** What {@code p} is, named {@code arg} on the command line (null: found in the repository). */
    private static Planted at(Path repo, Path p, String arg) throws IOException {
        Path grading = repo.resolve("grading").toAbsolutePath().normalize();
        Path file = p.toAbsolutePath().normalize();
        String label = file.startsWith(grading) ? grading.relativize(file).toString() : arg != null ? arg : file.toString();
        if (Files.isDirectory(file)) {
            if (!Files.isDirectory(file.resolve(Grading.SOURCES))) {
                throw new IllegalArgumentException(label + " is a folder without " + Grading.SOURCES
                        + ": a correct solution's folder holds its homework sources there");
            }
            return new Planted(label, file, Claim.FULL_MARKS);
        }
        if (!file.toString().endsWith(".patch")) {
            throw new IllegalArgumentException(label + " is neither a .patch file nor a correct solution's folder");
        }
        Path parent = file.getParent();
        if (parent != null && parent.getFileName() != null && parent.getFileName().toString().equals("right")) {
            return new Planted(label, file, Claim.FULL_MARKS);
        }
        try {
            return new Planted(label, file, Claim.of(PlantedPatch.read(file)));
        } catch (IllegalStateException e) { // a header without the mistake or its tests, a diff that is none
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
