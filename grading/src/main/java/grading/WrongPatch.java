package grading;

import grading.hidden.GradedTests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import java.util.stream.Stream;
import instructor.PatchFile;
import instructor.PlantedPatch;

/**
 * A planted wrong solution of {@code grading/wrong}: a {@link PlantedPatch} of the homework module
 * (the format and its application are the exercises' too), with what grading adds: the tests of
 * {@code # fails:} are graded tests ({@code AwaitTaskTests#noPolling}, the class of
 * {@code grading.hidden}), checked to exist here, in the quick run, and {@link #fails} gives their
 * ids; a patch is laid over a copy of the reference homework sources, a submission's folder.
 * A main class, not a test one: {@code grader.jar prove} plants them too.
 *
 * @param fails the graded tests' ids ({@code grading.hidden.AwaitTaskTests#noPolling})
 */
public record WrongPatch(PlantedPatch patch, List<String> fails) {

    private static final String HIDDEN = "grading.hidden.";

    /** Every patch of {@code repo}'s grading/wrong, by name. */
    public static List<WrongPatch> all(Path repo) throws IOException {
        try (Stream<Path> list = Files.list(repo.resolve("grading/wrong"))) {
            List<WrongPatch> patches = new ArrayList<>();
            for (Path p : list.filter(f -> f.toString().endsWith(".patch")).sorted().toList()) {
                patches.add(read(p));
            }
            return patches;
        }
    }

    /** Reads a patch; throws, naming it, when its header names a test that is not graded or has a {@code # says:}. */
    public static WrongPatch read(Path file) throws IOException {
        PlantedPatch patch = PlantedPatch.read(file);
        if (patch.says() != null) {
            throw new IllegalStateException(file + ": '# says:' is checked by the exercises' proof only; the class of"
                    + " 30 checks which tests fail, not their messages: leave it out");
        }
        List<String> graded = GradedTests.all().stream().map(GradedTests.Spec::id).toList();
        List<String> ids = new ArrayList<>();
        for (String test : patch.fails()) {
            String id = id(test);
            if (!graded.contains(id)) {
                throw new IllegalStateException(file + ": '# fails:' names " + test + ", which is not a graded test"
                        + " (Class#method of a class of grading.hidden, in GradedTests.CLASSES and its ORDER)");
            }
            ids.add(id);
        }
        return new WrongPatch(patch, List.copyOf(ids));
    }

    /** A test as a header names it ({@code AwaitTaskTests#noPolling}, or fully qualified), as a graded test's id. */
    public static String id(String test) {
        return test.startsWith(HIDDEN) ? test : HIDDEN + test;
    }

    /** A graded test's id as a header writes it: {@code AwaitTaskTests#noPolling}. */
    public static String shortId(String id) {
        return id.startsWith(HIDDEN) ? id.substring(HIDDEN.length()) : id;
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
     * A submission folder under {@code work}: the reference homework sources of {@code repo} with
     * this patch applied. Throws, naming the patch and the file, when a hunk no longer applies.
     */
    public Path applyTo(Path repo, Path work) throws IOException {
        return applyInto(repo, work.resolve(name()));
    }

    /** {@link #applyTo}, into the folder {@code submission} (a student's folder of a class). */
    public Path applyInto(Path repo, Path submission) throws IOException {
        return apply(patch.diff(), repo, submission);
    }

    /**
     * The reference homework sources of {@code repo}, with {@code diff} (paths relative to
     * {@code homework/}) applied, in {@code submission/homework}: a wrong solution, or a right one
     * kept as a patch.
     */
    public static Path apply(PatchFile diff, Path repo, Path submission) throws IOException {
        return apply(diff, repo, submission, PatchFile.AS_IS);
    }

    /**
     * {@link #apply(PatchFile, Path, Path)} for a patch made on a view of the reference ({@code
     * onto}, e.g. the student release's stubs, {@link instructor.SolutionRegions#stubs}): the
     * sources are written as that view, then patched; a null {@code diff} leaves them so.
     */
    public static Path apply(PatchFile diff, Path repo, Path submission, BinaryOperator<String> onto)
            throws IOException {
        reference(repo, submission, onto);
        if (diff == null) {
            return submission;
        }
        for (Map.Entry<String, String> changed : diff.applyTo(repo.resolve("homework"), onto,
                note -> System.err.println(note)).entrySet()) {
            if (!changed.getKey().startsWith("src/main/java/homework/")) {
                throw new IllegalStateException(diff.file() + " changes " + changed.getKey() + ", which is not a"
                        + " source of the homework (src/main/java/homework/)");
            }
            Files.writeString(submission.resolve("homework").resolve(changed.getKey()), changed.getValue(),
                    StandardCharsets.UTF_8);
        }
        return submission;
    }

    /** The reference homework sources of {@code repo}, copied into {@code submission/homework}. */
    public static Path reference(Path repo, Path submission) throws IOException {
        return reference(repo, submission, PatchFile.AS_IS);
    }

    /** The reference homework sources of {@code repo} as {@code onto} views them, in {@code submission/homework}. */
    private static Path reference(Path repo, Path submission, BinaryOperator<String> onto) throws IOException {
        Path sources = submission.resolve("homework/src/main/java/homework");
        Files.createDirectories(sources);
        try (Stream<Path> files = Files.list(repo.resolve("homework/src/main/java/homework"))) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (onto == PatchFile.AS_IS) {
                    Files.copy(f, sources.resolve(name)); // byte for byte
                } else {
                    Files.writeString(sources.resolve(name), onto.apply("src/main/java/homework/" + name,
                            Files.readString(f, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
                }
            }
        }
        return submission;
    }
}
