package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Uploads and machines that a course meets, graded with the packaged grader.jar: file names that
 * carry terminal control codes, an upload of more sources than any homework, and two graders on
 * one machine at once.
 */
class UploadsSlowIT {

    /** A file name that would clear the instructor's screen and print a fake score. */
    static final String ESCAPING_NAME = "\u001b[2J\u001b[Hscore: 111 of 111\r\u001b[32mpassed\u001b[0m.txt";

    @TempDir
    Path work;

    @Test
    void fileNamesWithControlCodesReachNoConsoleLogOrResultRaw() throws Exception {
        Path student = Submissions.reference(work.resolve("class/ann"));
        Files.writeString(student.resolve(ESCAPING_NAME), "x");
        Files.writeString(student.resolve("homework/src/main/java/homework").resolve(ESCAPING_NAME), "x");
        Files.writeString(Files.createDirectories(student.resolve("homework/src/main/java/homework/\u001b]0;owned\u0007"))
                .resolve("Notes.java"), "package homework;\nclass Notes { }\n");

        Path results = work.resolve("ann.json");
        GraderRun one = GraderRun.run(student, 300, "grade", ".", "--results", results.toString());
        assertThat(one.exitCode()).as(one.output()).isZero();
        HostileSlowIT.assertNoControlCharacters("the grader's console", one.output());
        String json = Files.readString(results, StandardCharsets.UTF_8);
        HostileSlowIT.assertNoControlCharacters("results.json, decoded", HostileSlowIT.strings(grading.Json.parse(json)));
        assertThat(GraderRun.score(json)).as(one.output()).isEqualTo(GraderRun.maxScore(json));
        assertThat(HostileSlowIT.strings(grading.Json.parse(json))).contains("\\x1b[2J\\x1b[Hscore: 111 of 111\\x0d");

        Path out = work.resolve("out");
        GraderRun batch = GraderRun.run(work, 300, "grade", "--submissions", work.resolve("class").toString(), "--out",
                out.toString());
        assertThat(batch.exitCode()).as(batch.output()).isZero();
        HostileSlowIT.assertNoControlCharacters("the batch's console", batch.output());
        for (String file : List.of("ann/grading.log", "ann/results.json", "ann/feedback.md", "summary.csv")) {
            String text = Files.readString(out.resolve(file), StandardCharsets.UTF_8);
            HostileSlowIT.assertNoControlCharacters(file, file.endsWith(".json")
                    ? HostileSlowIT.strings(grading.Json.parse(text)) : text);
        }
    }

    /**
     * The Cyrillic solution of grading/right with one more source whose file name is Cyrillic
     * too (a public class must be named as its file), graded where the grader's JVM starts in the
     * C locale (a container, a CI runner with no LANG): full marks, as anywhere.
     */
    @Test
    void cyrillicFileNamesAreGradedInTheCLocaleToo() throws Exception {
        Path student = work.resolve("cyrillic");
        Submissions.copyTree(Submissions.root().resolve("grading/right/cyrillic-crlf-bom"), student);
        writeNamedInUtf8(student.resolve("homework/src/main/java/homework"), "Задание.java",
                "package homework;\r\n\r\n/** Класс в файле с русским именем. */\r\npublic class Задание { }\r\n");
        Path results = work.resolve("cyrillic.json");
        ProcessBuilder grader = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Submissions.kit().toString(), "grade", ".", "--results", results.toString())
                .directory(student.toFile()).redirectErrorStream(true);
        grader.environment().clear(); // no LANG, no LC_*: the C locale, where the JDK names files in ASCII
        grader.environment().put("PATH", "/usr/bin:/bin");
        Process process = grader.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(300, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        String json = Files.readString(results, StandardCharsets.UTF_8);
        assertThat(GraderRun.score(json)).as(output).isEqualTo(GraderRun.maxScore(json));
        assertThat(HostileSlowIT.strings(grading.Json.parse(json))).contains("Задание.java: a source of package homework");
    }

    /**
     * Writes {@code text} to {@code dir/name}, the name's bytes in UTF-8 whatever this JVM's own
     * locale (which may be C, where the JDK cannot name such a file): the shell writes it, from an
     * ASCII command of octal escapes.
     */
    private static void writeNamedInUtf8(Path dir, String name, String text) throws Exception {
        String script = "printf '" + octal(text) + "' > \"$(printf '" + octal(name) + "')\"";
        Process shell = new ProcessBuilder("sh", "-c", script).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(shell.waitFor()).as(output).isZero();
    }

    private static String octal(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            out.append(String.format("\\%03o", b & 0xff));
        }
        return out.toString();
    }

    /**
     * 1,200 sources whose paths are about 2,050 characters long: past what a javac command line
     * takes. The grader refuses the upload before it compiles, with a clear message, scores it 0
     * of the full maximum, and exits 0; its results stay small.
     */
    @Test
    void anUploadOfMoreSourcesThanAnyHomeworkScoresZeroWithAClearMessage() throws Exception {
        Path student = Submissions.reference(work.resolve("many"));
        Path deep = student.resolve("homework/src/main/java/homework");
        for (int level = 0; level < 9; level++) {
            deep = deep.resolve("d" + level + "x".repeat(200));
        }
        Files.createDirectories(deep);
        for (int i = 0; i < 1_200; i++) {
            String name = "C" + i + "y".repeat(180);
            Files.writeString(deep.resolve(name + ".java"), "package homework;\nclass " + name + " { }\n");
        }
        Path results = work.resolve("many.json");
        GraderRun run = GraderRun.run(student, 300, "grade", ".", "--results", results.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        String json = Files.readString(results, StandardCharsets.UTF_8);
        assertThat(GraderRun.score(json)).isZero();
        assertThat(GraderRun.maxScore(json)).isEqualTo(grading.hidden.GradedTests.all().stream()
                .mapToDouble(grading.hidden.GradedTests.Spec::points).sum());
        assertThat(json).contains("not compiled: the upload has 1205 homework sources, and the grader takes at most 100");
        assertThat(json.length()).as("results.json's size").isLessThan(256 * 1024);
        assertThat(run.output()).doesNotContain("Argument list too long");
    }

    /**
     * Two graders at once on one machine (two courses, two CI jobs), each with a temporary folder
     * of its own: each grades a class of two references while the other runs. Neither ends a
     * process of the other's (as root each child runs as a sandbox uid, and a grader kills every
     * process of its uid after each child): both classes get full marks, as alone.
     */
    @Test
    void twoGradersOnOneMachineEndNoProcessOfEachOther() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<GraderRun>> runs = new ArrayList<>();
            for (String course : List.of("first", "second")) {
                Path classDir = work.resolve(course + "/class");
                Submissions.reference(classDir.resolve("ann"));
                Submissions.reference(classDir.resolve("bob"));
                Path tmp = Files.createDirectories(work.resolve(course + "/tmp"));
                runs.add(pool.submit(() -> GraderRun.run(work.resolve(course), 600, List.of("-Djava.io.tmpdir=" + tmp),
                        "grade", "--submissions", classDir.toString(), "--out", work.resolve(course + "/out").toString(),
                        "--jobs", "2")));
            }
            for (int i = 0; i < runs.size(); i++) {
                GraderRun run = runs.get(i).get();
                String course = i == 0 ? "first" : "second";
                assertThat(run.exitCode()).as(course + ": " + run.output()).isZero();
                for (String student : List.of("ann", "bob")) {
                    String json = Files.readString(work.resolve(course + "/out/" + student + "/results.json"),
                            StandardCharsets.UTF_8);
                    assertThat(GraderRun.score(json)).as(course + "/" + student + ": " + json)
                            .isEqualTo(GraderRun.maxScore(json));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
