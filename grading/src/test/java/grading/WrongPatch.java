package grading;

import com.github.difflib.patch.PatchFailedException;
import com.github.difflib.unifieddiff.UnifiedDiff;
import com.github.difflib.unifieddiff.UnifiedDiffFile;
import com.github.difflib.unifieddiff.UnifiedDiffReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * A planted wrong solution of {@code grading/wrong}: one {@code .patch} file, a few {@code #}
 * header lines (what the mistake is; {@code # fails:} the graded tests that must catch it, or
 * {@code # fails exactly:} when every other test must pass, so that the mistake costs exactly the
 * points of the rule it breaks), then a
 * unified diff of the homework module, paths relative to {@code homework/}
 * ({@code a/src/main/java/homework/...}). {@link #applyTo} lays it over a copy of the reference
 * with java-diff-utils and fails loudly, naming the patch, when it no longer applies.
 */
public record WrongPatch(Path file, String name, String why, List<String> fails, boolean exact) {

    public WrongPatch(Path file, String name, String why, List<String> fails) {
        this(file, name, why, fails, false);
    }

    public static List<WrongPatch> all() throws IOException {
        try (Stream<Path> list = Files.list(Repo.root().resolve("grading/wrong"))) {
            List<WrongPatch> patches = new ArrayList<>();
            for (Path p : list.filter(f -> f.toString().endsWith(".patch")).sorted().toList()) {
                patches.add(read(p));
            }
            return patches;
        }
    }

    static WrongPatch read(Path file) throws IOException {
        StringBuilder why = new StringBuilder();
        List<String> fails = List.of();
        boolean exact = false;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.startsWith("#")) {
                break;
            }
            String text = line.substring(1).strip();
            if (text.startsWith("fails exactly:")) {
                exact = true;
                text = "fails:" + text.substring("fails exactly:".length());
            }
            if (text.startsWith("fails:")) {
                fails = Arrays.stream(text.substring("fails:".length()).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).toList();
            } else {
                why.append(why.isEmpty() ? "" : " ").append(text);
            }
        }
        String name = file.getFileName().toString().replaceFirst("\\.patch$", "");
        if (fails.isEmpty()) {
            throw new IllegalStateException(file + ": no \"# fails:\" line naming the tests that must catch it");
        }
        return new WrongPatch(file, name, why.toString(), fails, exact);
    }

    /**
     * A submission folder under {@code work}: the reference homework sources with this patch
     * applied. Throws, naming the patch and the file, when a hunk no longer applies.
     */
    public Path applyTo(Path work) throws IOException {
        return applyInto(work.resolve(name));
    }

    /** {@link #applyTo}, into the folder {@code submission} (a student's folder of a class). */
    public Path applyInto(Path submission) throws IOException {
        Path module = Repo.root().resolve("homework");
        Path sources = submission.resolve("homework/src/main/java/homework");
        Files.createDirectories(sources);
        try (Stream<Path> files = Files.list(module.resolve("src/main/java/homework"))) {
            for (Path f : files.toList()) {
                Files.copy(f, sources.resolve(f.getFileName().toString()));
            }
        }
        UnifiedDiff diff;
        try (InputStream in = Files.newInputStream(file)) {
            diff = UnifiedDiffReader.parseUnifiedDiff(in);
        } catch (RuntimeException e) {
            throw new IllegalStateException(Repo.root().relativize(file) + " is not a unified diff: " + e, e);
        }
        if (diff.getFiles().isEmpty()) {
            throw new IllegalStateException(Repo.root().relativize(file) + " changes no file");
        }
        for (UnifiedDiffFile changed : diff.getFiles()) {
            String path = changed.getFromFile().replaceFirst("^a/", "");
            Path target = submission.resolve("homework").resolve(path).normalize();
            if (!target.startsWith(submission) || !Files.isRegularFile(target)) {
                throw new IllegalStateException(Repo.root().relativize(file) + " changes " + path
                        + ", which the homework module does not have");
            }
            try {
                List<String> patched = changed.getPatch().applyTo(Files.readAllLines(target, StandardCharsets.UTF_8));
                Files.write(target, patched, StandardCharsets.UTF_8);
            } catch (PatchFailedException e) {
                throw new IllegalStateException(Repo.root().relativize(file) + " no longer applies to homework/"
                        + path + " (the reference changed): " + e.getMessage() + ". Remake it: plant the mistake"
                        + " in homework/ by hand and write `git diff -U1` (without its diff --git and index lines) into the patch", e);
            }
        }
        return submission;
    }
}
