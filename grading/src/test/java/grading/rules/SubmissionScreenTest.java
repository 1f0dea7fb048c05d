package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import grading.grade.TestResult;
import grading.rules.SubmissionScreen.Refusal;
import grading.rules.Screening;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SubmissionScreenTest {

    @TempDir
    Path submission;

    private void write(String path, String text) throws IOException {
        Path file = submission.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static String reasonFor(Screening screening, String path) {
        return screening.refused().stream().filter(r -> r.path().equals(path)).map(Refusal::reason)
                .findFirst().orElseThrow(() -> new AssertionError(path + " was not refused: " + screening));
    }

    @Test
    void takesOnlyTheHomeworkSources() throws IOException {
        write("homework/src/main/java/homework/Homework.java", "package homework;\nclass Homework {}\n");
        write("homework/src/main/java/homework/util/Helper.java", "/* package x; */\npackage homework.util;\nclass Helper {}\n");

        Screening screening = SubmissionScreen.screen(submission);

        assertThat(screening.sources()).containsExactly(
                "homework/src/main/java/homework/Homework.java", "homework/src/main/java/homework/util/Helper.java");
        assertThat(screening.refused()).isEmpty();
        assertThat(screening.report()).isEqualTo(
                "Files taken from the submission: 2 solution source(s) under homework/src/main/java/homework/."
                        + "\nSupplied from the assignment (given files the upload did not have): AwaitTask.java,"
                        + " GatherExample.java, HomeworkExamples.java.");
    }

    @Test
    void refusesEachKindOfHarnessFileWithItsReason() throws IOException {
        write("pom.xml", "<project/>");
        write("homework/pom.xml", "<project/>");
        write("homework/src/test/java/homework/HomeworkTest.java", "package homework;\nclass HomeworkTest {}\n");
        write("grading/src/test/java/grading/HiddenTest.java", "package grading;\nclass HiddenTest {}\n");
        write("homework/src/main/resources/META-INF/services/org.junit.platform.launcher.TestExecutionListener", "x.Y\n");
        write("homework/src/main/resources/junit-platform.properties", "junit.jupiter.conditions.deactivate=*\n");
        write("homework/src/main/resources/data.txt", "data\n");
        write("homework/src/main/java/org/junit/jupiter/api/Assertions.java", "package org.junit.jupiter.api;\nclass A {}\n");
        write("homework/src/main/java/homework/Grader.java", "// a comment\npackage grading;\nclass Grader {}\n");
        write("homework/src/main/java/homework/Other.java", "package elsewhere;\nclass Other {}\n");
        write("homework/src/main/java/homework/notes.txt", "notes\n");
        write("mini-asyncio/src/main/java/miniasyncio/Scheduler.java", "package miniasyncio;\nclass Scheduler {}\n");
        write("homework/src/main/java/homework/Homework.java", "package homework;\nclass Homework {}\n");

        Screening screening = SubmissionScreen.screen(submission, null);

        assertThat(screening.sources()).containsExactly("homework/src/main/java/homework/Homework.java");
        assertThat(reasonFor(screening, "pom.xml")).startsWith("a pom:");
        assertThat(reasonFor(screening, "homework/pom.xml")).startsWith("a pom:");
        assertThat(reasonFor(screening, "homework/src/test/java/homework/HomeworkTest.java")).startsWith("a test file");
        assertThat(reasonFor(screening, "grading/src/test/java/grading/HiddenTest.java")).startsWith("a test file");
        assertThat(reasonFor(screening,
                "homework/src/main/resources/META-INF/services/org.junit.platform.launcher.TestExecutionListener"))
                .startsWith("a META-INF/services entry");
        assertThat(reasonFor(screening, "homework/src/main/resources/junit-platform.properties"))
                .startsWith("junit-platform.properties");
        assertThat(reasonFor(screening, "homework/src/main/resources/data.txt")).startsWith("a resource");
        assertThat(reasonFor(screening, "homework/src/main/java/org/junit/jupiter/api/Assertions.java"))
                .contains("reserved package org.junit.jupiter.api");
        assertThat(reasonFor(screening, "homework/src/main/java/homework/Grader.java"))
                .contains("reserved package grading");
        assertThat(reasonFor(screening, "homework/src/main/java/homework/Other.java"))
                .contains("declares package 'elsewhere'");
        assertThat(reasonFor(screening, "homework/src/main/java/homework/notes.txt")).startsWith("not a solution source");
        assertThat(reasonFor(screening, "mini-asyncio/src/main/java/miniasyncio/Scheduler.java"))
                .startsWith("not part of the homework");
        // Without a release to compare with, the files every repository has are summed up.
        assertThat(screening.report()).contains("Refused")
                .contains("homework/src/main/java/homework/Grader.java: a class in the reserved package grading")
                .contains("Not used: 4 other file(s)")
                .doesNotContain("pom.xml: a pom");
    }

    @Test
    void filesAsTheReleaseHasThemAreNotReported(@TempDir Path release) throws IOException {
        for (Path root : new Path[] {submission, release}) {
            Files.writeString(root.resolve("pom.xml"), "<project/>");
            Files.createDirectories(root.resolve("homework/src/test/java/homework"));
            Files.createDirectories(root.resolve("homework/src/main/java/homework"));
        }
        Files.writeString(release.resolve("homework/src/test/java/homework/HomeworkTest.java"), "class T {}");
        write("homework/src/test/java/homework/HomeworkTest.java", "class T { /* edited */ }");

        Screening screening = SubmissionScreen.screen(submission, release);

        assertThat(screening.refused()).extracting(Refusal::path)
                .containsExactly("homework/src/test/java/homework/HomeworkTest.java");
        assertThat(screening.report()).contains("homework/src/test/java/homework/HomeworkTest.java: a test file");
    }

    @Test
    void byDefaultASubmissionIsComparedWithTheReleaseOfThisInstructorRepository() throws IOException {
        write("pom.xml", "<project><!-- edited --></project>");
        write("homework/src/main/java/homework/Homework.java", "package homework;\nclass Homework {}\n");

        Screening screening = SubmissionScreen.screen(submission);

        assertThat(screening.compared()).isTrue();
        assertThat(screening.report()).contains("pom.xml: a pom: the grader builds with its own pom");
    }

    @Test
    void theReleaseToCompareWithIsMadeFromTheInstructorRepositoryOfTheKit(@TempDir Path elsewhere) {
        Path kit = Submissions.root().resolve("grading/target/grader.jar");

        Path release = SubmissionScreen.releaseFor(kit);

        assertThat(release).isNotNull();
        assertThat(release.resolve("pom.xml")).exists();
        assertThat(release.resolve("grading")).doesNotExist();
        assertThat(SubmissionScreen.releaseFor(kit)).isEqualTo(release); // made once
        assertThat(SubmissionScreen.releaseFor(elsewhere.resolve("grader.jar"))).isNull();
        // The untouched release, screened against itself: its stubs are the sources, nothing refused.
        Screening screening = SubmissionScreen.screen(release, release);
        assertThat(screening.sources()).contains("homework/src/main/java/homework/Homework.java");
        assertThat(screening.refused()).isEmpty();
    }

    @Test
    void buildOutputAndGitAreSkippedAndSymlinksRefused() throws IOException {
        write("target/classes/grading/Grader.class", "x");
        write(".git/config", "x");
        write("homework/src/main/java/homework/Homework.java", "package homework;\nclass Homework {}\n");
        Path secret = Files.writeString(submission.resolve("../secret-" + System.nanoTime() + ".java"), "package homework;");
        try {
            Files.createSymbolicLink(submission.resolve("homework/src/main/java/homework/Link.java"), secret);

            Screening screening = SubmissionScreen.screen(submission);

            assertThat(screening.sources()).containsExactly("homework/src/main/java/homework/Homework.java");
            assertThat(screening.refused()).extracting(Refusal::path)
                    .containsExactly("homework/src/main/java/homework/Link.java");
            assertThat(screening.refused().get(0).reason()).startsWith("a symbolic link");
        } finally {
            Files.deleteIfExists(secret);
        }
    }

    @Test
    void aHugeSourceIsRefused() throws IOException {
        write("homework/src/main/java/homework/Big.java",
                "package homework;\nclass Big {}\n" + "//".repeat((int) SubmissionScreen.MAX_SOURCE_BYTES));

        assertThat(reasonFor(SubmissionScreen.screen(submission), "homework/src/main/java/homework/Big.java"))
                .startsWith("larger than");
    }

    @Test
    void aSubmissionThatIsNotADirectoryIsAClearError() {
        assertThatThrownBy(() -> SubmissionScreen.screen(submission.resolve("missing")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("submission is not a directory");
    }

    /** Every hostile submission kept in grading/hostile has its harness files refused. */
    @Test
    void theHostileSubmissionsHarnessFilesAreRefused() {
        Path hostile = Path.of("hostile");
        assertThat(SubmissionScreen.screen(hostile.resolve("services-listener")).refused()).extracting(Refusal::path)
                .contains("homework/src/main/resources/META-INF/services/org.junit.platform.launcher.TestExecutionListener",
                        "homework/src/main/java/META-INF/services/org.junit.platform.launcher.TestExecutionListener",
                        "homework/src/test/java/homework/AllPassListener.java");
        assertThat(SubmissionScreen.screen(hostile.resolve("edited-pom")).refused()).extracting(Refusal::path)
                .contains("pom.xml", "homework/pom.xml", "grading/pom.xml");
        assertThat(SubmissionScreen.screen(hostile.resolve("junit-platform-properties")).refused())
                .extracting(Refusal::path).contains("homework/src/main/resources/junit-platform.properties",
                        "homework/src/test/resources/junit-platform.properties",
                        "homework/src/main/java/junit-platform.properties");
        assertThat(SubmissionScreen.screen(hostile.resolve("reserved-package")).refused()).extracting(Refusal::path)
                .contains("homework/src/main/java/org/junit/jupiter/api/Assertions.java",
                        "homework/src/main/java/homework/Assertions.java",
                        "homework/src/main/java/homework/Grader.java",
                        "homework/src/main/java/homework/Scheduler.java");
    }

    @Test
    void justTheEditedFilesAtTheTopAreTakenAndTheGivenOnesSupplied() throws IOException {
        write("Homework.java", "package homework;\nclass Homework {}\n");
        write("HomeworkScheduler.java", "/* mine */ package homework;\nclass HomeworkScheduler {}\n");
        write("HomeworkTest.java", "package homework;\nclass HomeworkTest {}\n");
        write("Scheduler.java", "package miniasyncio;\nclass Scheduler {}\n");
        write("Notes.java", "class Notes {}\n");
        write("readme.txt", "my notes\n");

        Screening screening = SubmissionScreen.screen(submission, null);

        assertThat(screening.sources()).containsExactly("Homework.java", "HomeworkScheduler.java");
        assertThat(screening.supplied()).containsExactlyElementsOf(SubmissionScreen.GIVEN);
        assertThat(screening.files()).hasSize(5).allSatisfy(p -> assertThat(p).isRegularFile());
        assertThat(reasonFor(screening, "HomeworkTest.java")).startsWith("a test file");
        assertThat(reasonFor(screening, "Scheduler.java")).contains("reserved package miniasyncio");
        assertThat(reasonFor(screening, "Notes.java")).contains("declares no package");
        assertThat(reasonFor(screening, "readme.txt")).startsWith("not a Java source");
        assertThat(screening.report()).contains("under the top of the upload",
                "Not used: 1 other file(s), not homework sources, e.g. readme.txt");

        TestResult check = screening.check();
        assertThat(check.name()).isEqualTo("Submission check");
        assertThat(check.passed()).isTrue();
        assertThat(check.maxScore()).isZero();
        assertThat(check.visibility()).isEqualTo("visible");
        assertThat(check.reason()).contains("Taken (2):\n  Homework.java: a source of package homework at the top",
                "Supplied (3):\n  AwaitTask.java: given with the assignment", "Ignored (4):",
                "readme.txt: not a Java source");
    }

    @Test
    void aZipOfTheRepositoryWithItsTopFolderIsARepository() throws IOException {
        write("mini-asyncio-main/pom.xml", "<project/>");
        write("mini-asyncio-main/homework/src/main/java/homework/Homework.java", "package homework;\nclass Homework {}\n");
        write("mini-asyncio-main/homework/src/main/java/homework/AwaitTask.java", "package homework;\nrecord AwaitTask(int tid) {}\n");
        write("mini-asyncio-main/mini-asyncio/src/main/java/miniasyncio/Scheduler.java", "package miniasyncio;\nclass Scheduler {}\n");
        write("__MACOSX/mini-asyncio-main/._Homework.java", "junk");

        Screening screening = SubmissionScreen.screen(submission, null);

        assertThat(screening.sources()).containsExactly("mini-asyncio-main/homework/src/main/java/homework/AwaitTask.java",
                "mini-asyncio-main/homework/src/main/java/homework/Homework.java");
        assertThat(screening.supplied()).containsExactly("GatherExample.java", "HomeworkExamples.java");
        assertThat(reasonFor(screening, "mini-asyncio-main/mini-asyncio/src/main/java/miniasyncio/Scheduler.java"))
                .startsWith("not part of the homework"); // not a "reserved package" refusal: it is the kit's own copy
        assertThat(reasonFor(screening, "__MACOSX/mini-asyncio-main/._Homework.java")).startsWith("outside the repository");
        assertThat(screening.report()).contains("under mini-asyncio-main/homework/src/main/java/homework/");
    }

    @Test
    void ofTwoLooseCopiesOfThePackageTheFullerOneIsTaken() throws IOException {
        write("old/Homework.java", "package homework;\nclass Homework {}\n");
        write("src/homework/Homework.java", "package homework;\nclass Homework {}\n");
        write("src/homework/HomeworkScheduler.java", "package homework;\nclass HomeworkScheduler {}\n");
        write("src/homework/util/Helper.java", "package homework.util;\nclass Helper {}\n");

        Screening screening = SubmissionScreen.screen(submission, null);

        assertThat(screening.sources()).containsExactly("src/homework/Homework.java",
                "src/homework/HomeworkScheduler.java", "src/homework/util/Helper.java");
        assertThat(reasonFor(screening, "old/Homework.java")).isEqualTo(
                "another copy of package homework: the one taken is in src/homework/");
    }

    @Test
    void anUploadWithoutHomeworkSourcesFailsTheCheckAndSaysWhatToUpload() throws IOException {
        write("essay.txt", "words");

        Screening screening = SubmissionScreen.screen(submission, null);

        assertThat(screening.sources()).isEmpty();
        assertThat(screening.supplied()).isEmpty();
        assertThat(screening.check().passed()).isFalse();
        assertThat(screening.check().reason()).contains("no homework sources found", SubmissionScreen.WHAT_TO_UPLOAD);
    }

    /**
     * The given files grader.jar carries are exactly the homework files without solution regions,
     * as the release has them: a file with a region (the solution) is never among them.
     */
    @Test
    void theGivenFilesAreTheHomeworkFilesWithoutSolutionRegions() throws IOException {
        Path homework = Submissions.root().resolve("homework/src/main/java/homework");
        List<String> without;
        try (var files = Files.list(homework)) {
            without = files.filter(f -> {
                try {
                    return !Files.readString(f).contains("BEGIN SOLUTION");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(f -> f.getFileName().toString()).sorted().toList();
        }
        assertThat(SubmissionScreen.GIVEN).containsExactlyElementsOf(without);
        for (String name : SubmissionScreen.GIVEN) {
            assertThat(SubmissionScreen.givenCopy().resolve(name)).hasSameTextualContentAs(homework.resolve(name));
        }
    }

    @Test
    void aSourceThatStartsWithAByteOrderMarkIsTakenAsPackageHomework() throws IOException {
        Path file = submission.resolve("homework/src/main/java/homework/Homework.java");
        Files.createDirectories(file.getParent());
        byte[] text = "package homework;\r\npublic class Homework { }\r\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] withBom = new byte[text.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(text, 0, withBom, 3, text.length);
        Files.write(file, withBom);
        Screening screening = SubmissionScreen.screen(submission, null);
        assertThat(screening.sources()).containsExactly("homework/src/main/java/homework/Homework.java");
    }

    @Test
    void fileNamesWithControlCodesAreEscapedAndLongListsCutInEveryText() throws IOException {
        write("homework/src/main/java/homework/Homework.java", "package homework;\nclass Homework {}\n");
        write("\u001b[2J\u001b[Hscore: 111 of 111\r.txt", "x");
        for (int i = 0; i < 100; i++) {
            write("notes/" + "d".repeat(200) + "/n" + i + "-" + "x".repeat(200) + ".md", "x");
        }
        Screening screening = SubmissionScreen.screen(submission, null);
        for (String text : List.of(screening.report(), screening.check().reason())) {
            assertThat(text).doesNotContain("\u001b", "\r").contains("\\x1b[2J");
            assertThat(text.length()).as(text).isLessThan(20_000);
        }
        assertThat(screening.check().reason()).contains("Ignored (101):", "\n  ... and 61 more");
    }

    @Test
    void anUploadWithMoreSourcesThanAnyHomeworkIsRefusedBeforeItCompiles() throws IOException {
        for (int i = 0; i <= SubmissionScreen.MAX_SOURCES; i++) {
            write("homework/src/main/java/homework/C" + i + ".java", "package homework;\nclass C" + i + " {}\n");
        }
        Screening screening = SubmissionScreen.screen(submission, null);
        assertThat(screening.tooLarge()).contains("the upload has " + (SubmissionScreen.MAX_SOURCES + 1)
                + " homework sources, and the grader takes at most " + SubmissionScreen.MAX_SOURCES);
        assertThat(screening.check().passed()).isFalse();
        assertThat(screening.check().reason()).startsWith("not compiled: the upload has");
        Files.delete(submission.resolve("homework/src/main/java/homework/C0.java"));
        assertThat(SubmissionScreen.screen(submission, null).tooLarge()).isNull();
    }
}
