package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudentCompilerTest {

    @Test
    void aCompileThatRunsPastItsLimitCountsAsNotCompiling() throws Exception {
        // not a @TempDir: the compile thread may still be writing there when the test ends
        Path dir = Files.createTempDirectory("compile-limit-");
        Path source = Files.writeString(Files.createDirectories(dir.resolve("src/homework")).resolve("Slow.java"),
                "package homework;\npublic class Slow { }\n");
        StudentCompiler.Outcome outcome = StudentCompiler.compile(List.of(source), dir,
                Path.of(System.getProperty("java.home")), Files.createDirectories(dir.resolve("classes")),
                Duration.ofNanos(1));
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errors()).contains("the compiler took more than");
        Thread.sleep(2_000); // let the abandoned compile finish before the folder goes
        RunDir.delete(dir);
    }

    @Test
    void aCompileWithinItsLimitIsTheCompilersVerdict(@TempDir Path dir) throws Exception {
        Path source = Files.writeString(Files.createDirectories(dir.resolve("src/homework")).resolve("Fine.java"),
                "package homework;\npublic class Fine { int x = \"no\"; }\n");
        StudentCompiler.Outcome outcome = StudentCompiler.compile(List.of(source), dir,
                Path.of(System.getProperty("java.home")), Files.createDirectories(dir.resolve("classes")),
                Duration.ofSeconds(60));
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errors()).contains("Fine.java:2: error: incompatible types");
    }
}
