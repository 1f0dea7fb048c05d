package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} never runs old code: a homework source edited after homework.jar was made is said, not run. */
class StaleJarTest {

    @TempDir
    Path repo;

    private Path file(String path, Instant modified) throws Exception {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "x");
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }

    @Test
    void aSourceNewerThanTheModulesJarIsNamedWithTheCommandThatBuildsIt() throws Exception {
        Instant built = Instant.parse("2026-01-01T10:00:00Z");
        Path jar = file("homework/target/homework.jar", built);
        file("homework/src/main/java/homework/HomeworkScheduler.java", built.minusSeconds(60));
        file("homework/src/main/java/homework/Homework.java", built.plusSeconds(5));

        assertThat(StaleJar.check(jar)).hasValue("homework/src/main/java/homework/Homework.java is newer than"
                + " homework/target/homework.jar, which run would load: build it first with"
                + " 'mvn -q package -Dmaven.test.skip -pl mini-asyncio,homework,exercises -am'"
                + " (from " + repo + ")");
    }

    @Test
    void aJarNewerThanEverySourceRuns() throws Exception {
        Instant built = Instant.parse("2026-01-01T10:00:00Z");
        Path jar = file("exercises/target/exercises.jar", built);
        file("exercises/src/main/java/exercises/step8_queue/Queue.java", built.minusSeconds(1));

        assertThat(StaleJar.check(jar)).isEmpty();
    }

    @Test
    void classesFromAFolderOrAJarCopiedElsewhereAreNotJudged() throws Exception {
        Instant built = Instant.parse("2026-01-01T10:00:00Z");
        file("homework/src/main/java/homework/Homework.java", built.plusSeconds(5));
        Files.createDirectories(repo.resolve("homework/target/classes"));
        Path copied = file("elsewhere/homework.jar", built);

        assertThat(StaleJar.check(repo.resolve("homework/target/classes"))).isEmpty();
        assertThat(StaleJar.check(copied)).isEmpty();
    }
}
