package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
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
        return compile(dir, name, source.getBytes(StandardCharsets.UTF_8), limit);
    }

    private static StudentCompiler.Outcome compile(Path dir, String name, byte[] source, Duration limit)
            throws Exception {
        Path file = Files.write(Files.createDirectories(dir.resolve("src/homework")).resolve(name), source);
        Path run = RunDir.create(); // readable by the sandbox's uid, as in grading
        Path kit = ChildKit.of(Path.of(System.getProperty("grading.kit", "target/grader.jar"))).writeKitJar(run);
        Sandbox sandbox = Sandbox.detect();
        Sandbox.Lease lease = sandbox.acquire();
        try {
            return StudentCompiler.compile(List.of(file), dir, run, kit, sandbox, lease, limit);
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
        assertThat(outcome.classes()).containsKeys("homework.Good");
    }

    /**
     * A correct source as a Windows editor may save it, in Russian: a byte order mark, CRLF line
     * endings, Cyrillic names of a nested record and of a top-level class (in a file named in ASCII,
     * so that this test runs in any locale). javac itself refuses
     * the byte order mark (an illegal character), so the grader drops it; the class names are
     * kept as javac wrote them, whatever the grader's locale.
     */
    @Test
    void aSourceInCyrillicWithCrlfAndAByteOrderMarkCompilesToItsClasses(@TempDir Path dir) throws Exception {
        String text = "package homework;\r\n// комментарий по-русски\r\npublic class Russian {\r\n"
                + "    record Ожидание(int цель) { }\r\n}\r\nclass Помощник { }\r\n";
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] source = text.getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[bom.length + source.length];
        System.arraycopy(bom, 0, withBom, 0, bom.length);
        System.arraycopy(source, 0, withBom, bom.length, source.length);
        StudentCompiler.Outcome outcome = compile(dir, "Russian.java", withBom, Duration.ofSeconds(60));
        assertThat(outcome.ok()).as(outcome.errors()).isTrue();
        assertThat(outcome.classes()).containsOnlyKeys("homework.Russian", "homework.Russian$Ожидание",
                "homework.Помощник");
    }

    @Test
    void classNamesInAnyAlphabetAreTakenAndOnlyPathTricksRefused() {
        assertThat(List.of("homework.Homework", "homework.HomeworkScheduler$Ожидание", "homework.Проверка",
                "homework.sub.日本", "homework.A$1", "homework.Ω$λ")).allMatch(StudentCompiler::isClassName);
        assertThat(List.of("", "homework/Evil", "homework\\Evil", "homework..Evil", "..homework", "homework.",
                "homework.A\u0000", "homework.\u001b[2J", "homework.A B")).noneMatch(StudentCompiler::isClassName);
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
