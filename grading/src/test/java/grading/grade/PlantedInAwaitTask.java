package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A submission made for a proof: the reference homework copied to {@code folder}, with one
 * statement put at the top of {@code awaitTask} (e.g. one that misbehaves only for the tid that
 * the "unknown tid" test awaits).
 */
final class PlantedInAwaitTask {

    private static final String ANCHOR = "public static <T> T awaitTask(int tid) {";

    private PlantedInAwaitTask() {
    }

    static Path submission(Path folder, String statement) throws IOException {
        Path reference = Repo.root().resolve(Grading.SOURCES);
        Path sources = folder.resolve(Grading.SOURCES);
        try (Stream<Path> walk = Files.walk(reference)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path target = sources.resolve(reference.relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target);
            }
        }
        Path homework = sources.resolve("Homework.java");
        String text = Files.readString(homework);
        assertThat(text).contains(ANCHOR);
        Files.writeString(homework, text.replace(ANCHOR, ANCHOR + "\n        " + statement));
        return folder;
    }
}
