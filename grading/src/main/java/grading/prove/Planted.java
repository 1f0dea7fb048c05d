package grading.prove;

import grading.WrongPatch;
import grading.grade.Grading;
import instructor.PatchFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * One submission a proof grades, and what its grading must show: the reference homework, a planted
 * patch of it ({@code grading/wrong/NAME.patch}, or a correct one of {@code grading/right}), or a
 * correct solution's folder ({@code grading/right/NAME}, laid over the reference).
 *
 * @param label how verdicts name it: {@code reference}, {@code wrong/polling.patch}, or the path given
 * @param source the patch file or folder; null for the reference
 */
public record Planted(String label, Path source, Claim claim) {

    public static Planted reference() {
        return new Planted("reference", null, Claim.FULL_MARKS);
    }

    /** Writes this submission into {@code into}, from the reference homework of {@code repo}. */
    public Path plant(Path repo, Path into) throws IOException {
        if (source == null) {
            return WrongPatch.reference(repo, into);
        }
        if (!Files.isDirectory(source)) {
            return WrongPatch.apply(PatchFile.read(source), repo, into);
        }
        WrongPatch.reference(repo, into);
        Path from = source.resolve(Grading.SOURCES);
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                Path target = into.resolve(Grading.SOURCES).resolve(from.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return into;
    }

    /**
     * The student folder's name in the batch, which its progress line shows: {@code wrong-polling}
     * for {@code wrong/polling.patch}, the file's own name for a patch from elsewhere.
     */
    String folder() {
        String name = Path.of(label).isAbsolute() ? source.getFileName().toString() : label;
        String folder = name.replaceFirst("\\.patch$", "").replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^[-.]+", "");
        return folder.isEmpty() ? "patch" : folder;
    }
}
