package grading;

import grading.hidden.GradedTests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import instructor.PatchFile;
import instructor.PlantedPatch;

/**
 * A planted wrong solution of {@code grading/wrong}: a {@link PlantedPatch} of the homework module
 * (the format and its application are the exercises' too), with what grading adds: the tests of
 * {@code # fails:} are graded tests ({@code AwaitTaskTests#noPolling}, the class of
 * {@code grading.hidden}), checked to exist here, in the quick run, and {@link #fails} gives their
 * ids; a patch is laid over a copy of the reference homework sources, a submission's folder.
 *
 * @param fails the graded tests' ids ({@code grading.hidden.AwaitTaskTests#noPolling})
 */
public record WrongPatch(PlantedPatch patch, List<String> fails) {

    private static final String HIDDEN = "grading.hidden.";

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
        PlantedPatch patch = PlantedPatch.read(file);
        if (patch.says() != null) {
            throw new IllegalStateException(file + ": '# says:' is checked by the exercises' proof only; the class of"
                    + " 30 checks which tests fail, not their messages: leave it out");
        }
        List<String> graded = GradedTests.all().stream().map(GradedTests.Spec::id).toList();
        List<String> ids = new ArrayList<>();
        for (String test : patch.fails()) {
            String id = test.startsWith(HIDDEN) ? test : HIDDEN + test;
            if (!graded.contains(id)) {
                throw new IllegalStateException(file + ": '# fails:' names " + test + ", which is not a graded test"
                        + " (Class#method of a class of grading.hidden, in GradedTests.CLASSES and its ORDER)");
            }
            ids.add(id);
        }
        return new WrongPatch(patch, List.copyOf(ids));
    }

    public String name() {
        return patch.name();
    }

    public String why() {
        return patch.mistake();
    }

    /** {@code # fails exactly:}: every other graded test must pass. */
    public boolean exact() {
        return patch.exact();
    }

    /**
     * A submission folder under {@code work}: the reference homework sources with this patch
     * applied. Throws, naming the patch and the file, when a hunk no longer applies.
     */
    public Path applyTo(Path work) throws IOException {
        return applyInto(work.resolve(name()));
    }

    /** {@link #applyTo}, into the folder {@code submission} (a student's folder of a class). */
    public Path applyInto(Path submission) throws IOException {
        return apply(patch.diff(), submission);
    }

    /**
     * The reference homework sources, with {@code diff} (paths relative to {@code homework/}) applied,
     * in {@code submission/homework}: a wrong solution, or a right one kept as a patch.
     */
    public static Path apply(PatchFile diff, Path submission) throws IOException {
        Path module = Repo.root().resolve("homework");
        Path sources = submission.resolve("homework/src/main/java/homework");
        Files.createDirectories(sources);
        try (Stream<Path> files = Files.list(module.resolve("src/main/java/homework"))) {
            for (Path f : files.toList()) {
                Files.copy(f, sources.resolve(f.getFileName().toString()));
            }
        }
        for (Map.Entry<String, String> changed : diff.applyTo(module).entrySet()) {
            if (!changed.getKey().startsWith("src/main/java/homework/")) {
                throw new IllegalStateException(diff.file() + " changes " + changed.getKey() + ", which is not a"
                        + " source of the homework (src/main/java/homework/)");
            }
            Files.writeString(submission.resolve("homework").resolve(changed.getKey()), changed.getValue(),
                    StandardCharsets.UTF_8);
        }
        return submission;
    }
}
