package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Uploads an outside tester makes, graded with the packaged grader.jar: the ones that once ended
 * grading (exit 4, or the grader killed at 300 s), then a class of {@link FuzzedUploads} with
 * {@code --jobs 2}. Each is graded: exit 0, results.json with the full maximum (and full marks:
 * every upload holds the reference), summary.csv with a row per student, within a wall bound far
 * above what grading takes (the proof that each step is linear is {@link UploadBytesTest}'s).
 */
class UploadFuzzSlowIT {

    private static final double FULL = grading.hidden.GradedTests.all().stream()
            .mapToDouble(grading.hidden.GradedTests.Spec::points).sum();

    @TempDir
    Path work;

    /**
     * A grader whose temporary folder has a 200-byte path (a CI runner's workspace may), so that a
     * copy of an upload's path below it would be past the system's limit.
     */
    private List<String> longTmp() throws Exception {
        return List.of("-Djava.io.tmpdir=" + Files.createDirectories(work.resolve("t".repeat(200))));
    }

    /** Graded twice: as the tests run, and where the grader's JVM starts in the C locale. */
    @Test
    void theUploadsThatOnceStoppedTheGraderAreGradedWithFullMarks() throws Exception {
        Path student = Submissions.reference(work.resolve("named"));
        Path homework = student.resolve(SubmissionScreen.SOURCES);
        Files.writeString(homework.resolve("a\\b.java"), "package homework;\nclass Backslash { }\n");
        Files.write(FuzzedUploads.named(homework, new byte[] {'n', (byte) 0xff, (byte) 0xfe, '.', 'j', 'a', 'v', 'a'}),
                FuzzedUploads.bytes("package homework;\nclass NotUtf8 { }\n"));
        Files.writeString(homework.resolve("Openers.java"), "/*".repeat(500_000));
        Files.writeString(homework.resolve("OpenersOneALine.java"), "/*\n".repeat(500_000));
        Files.writeString(homework.resolve("Scanned.java"), "/* ".repeat(170_000)); // under the limit: read
        Path deep = pathOf4025Bytes(student);
        Files.writeString(deep, "package homework;\nclass Deep { }\n");

        for (boolean cLocale : new boolean[] {false, true}) {
            Path results = work.resolve("named-" + cLocale + ".json");
            String[] grade = {"grade", ".", "--results", results.toString()};
            GraderRun run = cLocale ? GraderRun.runInTheCLocale(student, 300, longTmp(), grade)
                    : GraderRun.run(student, 300, longTmp(), grade);

            String what = (cLocale ? "in the C locale: " : "") + run.output();
            assertThat(run.exitCode()).as(what).isZero();
            String json = Files.readString(results, StandardCharsets.UTF_8);
            assertThat(GraderRun.maxScore(json)).as(what).isEqualTo(FULL);
            assertThat(GraderRun.score(json)).as(what).isEqualTo(FULL);
            assertThat(HostileSlowIT.strings(grading.Json.parse(json))).as(what).contains(
                    "homework/src/main/java/homework/a\\b.java: a source of package homework",
                    "homework/src/main/java/homework/n\\xff\\xfe.java: a source of package homework",
                    "Taken (8):", "OpenersOneALine.java: larger than 512 KB");
            assertThat(run.millis()).as("grading took, in ms").isLessThan(120_000);
        }
    }

    /** A source at the end of a path of 4,025 bytes (relative to the upload): the grader can open it. */
    private static Path pathOf4025Bytes(Path student) throws Exception {
        Path dir = student.resolve(SubmissionScreen.SOURCES);
        int length = SubmissionScreen.SOURCES.length();
        while (4_025 - length > 255) {
            dir = dir.resolve("d".repeat(200));
            length += 201;
        }
        Files.createDirectories(dir);
        Path file = dir.resolve("D" + "x".repeat(4_025 - length - 6) + ".java");
        assertThat(student.relativize(file).toString()).hasSize(4_025);
        assertThat(FuzzedUploads.bytesOf(file)).isLessThan(FuzzedUploads.PATH_MAX);
        return file;
    }

    /**
     * A class of fuzzed uploads, in student folders whose names are odd bytes too (two of them
     * differ only in a byte that is not UTF-8), graded two at a time: summary.csv has every
     * student once, each with full marks, and each student's results are in a folder of their own.
     */
    @Test
    void aClassOfFuzzedUploadsIsGradedWithFullMarksForEveryone() throws Exception {
        Path classDir = Files.createDirectories(work.resolve("class"));
        List<byte[]> names = List.of(FuzzedUploads.bytes("ann"), FuzzedUploads.bytes("b\\ob"),
                new byte[] {'s', (byte) 0xff}, new byte[] {'s', (byte) 0xfe}, FuzzedUploads.bytes("c\u001b[2Jd"),
                FuzzedUploads.bytes("e" + "\u0436".repeat(100)));
        FuzzedUploads fuzz = new FuzzedUploads(FuzzedUploads.SEED);
        List<FuzzedUploads.Upload> students = new ArrayList<>();
        try {
            for (byte[] name : names) {
                students.add(fuzz.next(FuzzedUploads.named(classDir, name)));
            }
            Path out = work.resolve("out");
            GraderRun batch = GraderRun.run(work, 900, longTmp(), "grade", "--submissions", classDir.toString(),
                    "--out", out.toString(), "--jobs", "2");

            assertThat(batch.exitCode()).as(batch.output()).isZero();
            List<String> rows = Files.readAllLines(out.resolve("summary.csv"), StandardCharsets.UTF_8);
            HostileSlowIT.assertNoControlCharacters("summary.csv", String.join("\n", rows));
            String full = "," + (long) FULL + "," + (long) FULL + ",graded";
            assertThat(rows).hasSize(1 + names.size()).contains("s\\xff" + full, "s\\xfe" + full);
            assertThat(rows.subList(1, rows.size())).allSatisfy(row -> assertThat(row).endsWith(full));
            for (FuzzedUploads.Upload upload : students) {
                Path student = upload.dir();
                String json = Files.readString(out.resolve(student.getFileName()).resolve("results.json"),
                        StandardCharsets.UTF_8);
                assertThat(GraderRun.maxScore(json)).as(student.toString()).isEqualTo(FULL);
                assertThat(GraderRun.score(json)).as(student + ": " + json).isEqualTo(FULL);
                // every solution source, whatever its name, was taken and compiled (the reference has every given file)
                assertThat(HostileSlowIT.strings(grading.Json.parse(json))).as(student.toString()).contains(
                        "Taken (" + upload.mustTake().size() + "):",
                        "graded " + upload.mustTake().size() + " homework source file(s)");
            }
            assertThat(batch.millis()).as("grading the class took, in ms").isLessThan(600_000);
        } finally {
            for (FuzzedUploads.Upload upload : students) {
                FuzzedUploads.delete(upload); // past the system's limit on a path, @TempDir could not
            }
        }
    }
}
