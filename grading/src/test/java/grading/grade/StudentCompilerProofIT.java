package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.rules.Submissions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * javac runs on hostile sources in a JVM of its own, in the sandbox, with a heap cap and a time
 * limit: past either, the submission does not compile, and the grader's own memory never holds
 * what the compiler builds. (Run on the packaged grader.jar: the compiler's JVM runs the kit's
 * {@code grading.child.CompileMain}.)
 */
class StudentCompilerProofIT {

    private static StudentCompiler.Outcome compile(Path dir, String name, String source, Duration limit)
            throws Exception {
        Path file = Files.writeString(Files.createDirectories(dir.resolve("src/homework")).resolve(name), source);
        Path run = RunDir.create(); // readable by the sandbox's uid, as in grading
        Path kit = ChildKit.of(Path.of(System.getProperty("grading.kit", "target/grader.jar"))).writeKitJar(run);
        Path classes = Files.createDirectories(run.resolve("classes"));
        Sandbox sandbox = Sandbox.detect();
        Sandbox.Lease lease = sandbox.acquire();
        try {
            StudentCompiler.Outcome outcome = StudentCompiler.compile(List.of(file), dir, run, kit, classes, sandbox, lease,
                    limit);
            if (outcome.ok()) {
                Submissions.copyTree(classes, Files.createDirectories(dir.resolve("classes")));
            }
            return outcome;
        } finally {
            sandbox.release(lease);
            RunDir.delete(run);
        }
    }

    @Test
    void aCompileThatRunsPastItsLimitCountsAsNotCompiling(@TempDir Path dir) throws Exception {
        StudentCompiler.Outcome outcome = compile(dir, "Slow.java", "package homework;\npublic class Slow { }\n",
                Duration.ofMillis(1));
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errors()).contains("the compiler used more than 0 s of CPU");
    }

    @Test
    void aCompileWithinItsLimitIsTheCompilersVerdict(@TempDir Path dir) throws Exception {
        StudentCompiler.Outcome outcome = compile(dir, "Fine.java",
                "package homework;\npublic class Fine { int x = \"no\"; }\n", Duration.ofSeconds(60));
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errors()).contains("homework/Fine.java:2: error: incompatible types");
    }

    @Test
    void aSourceThatGoodCompilesToItsClasses(@TempDir Path dir) throws Exception {
        StudentCompiler.Outcome outcome = compile(dir, "Good.java",
                "package homework;\npublic class Good { Runnable r = () -> { }; }\n", Duration.ofSeconds(60));
        assertThat(outcome.ok()).as(outcome.errors()).isTrue();
        assertThat(dir.resolve("classes/homework/Good.class")).exists();
    }

    /** Nested constant concatenations: javac folds them into strings of 2^n characters. */
    static String memoryBomb() {
        StringBuilder source = new StringBuilder("package homework;\npublic class Bomb {\n    static final String A0 = \"xxxxxxxx\";\n");
        for (int i = 1; i <= 40; i++) {
            source.append("    static final String A").append(i).append(" = A").append(i - 1).append(" + A").append(i - 1)
                    .append(";\n");
        }
        return source.append("}\n").toString();
    }

    @Test
    void aCompilerMemoryBombFailsInItsOwnJvm(@TempDir Path dir) throws Exception {
        StudentCompiler.Outcome outcome = compile(dir, "Bomb.java", memoryBomb(), Duration.ofSeconds(60));
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errors()).containsAnyOf("ran out of memory", "constant string too long", "took more than");
    }
}
