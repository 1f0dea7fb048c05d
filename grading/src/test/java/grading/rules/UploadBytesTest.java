package grading.rules;

import static grading.rules.FuzzedUploads.bytes;
import static grading.rules.FuzzedUploads.named;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import grading.rules.SubmissionScreen.Refusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An upload is bytes: a name of any bytes with any separator in it is a file of its own, the
 * package a source declares is read as javac reads it, and every step over a file is linear in
 * its size and comes after the size check.
 */
class UploadBytesTest {

    @TempDir
    Path submission;

    private Path sources() throws IOException {
        return Files.createDirectories(submission.resolve(SubmissionScreen.SOURCES));
    }

    @Test
    void namesWithABackslashOrBytesThatAreNotUtf8AreFilesOfTheirOwn() throws IOException {
        Path homework = sources();
        Files.writeString(homework.resolve("Homework.java"), "package homework;\nclass Homework { }\n");
        Path backslash = Files.writeString(homework.resolve("a\\b.java"), "package homework;\nclass B { }\n");
        Path notUtf8 = Files.write(named(homework, new byte[] {'n', (byte) 0xff, (byte) 0xfe, '.', 'j', 'a', 'v', 'a'}),
                bytes("package homework;\nclass N { }\n"));
        Files.writeString(homework.resolve("notes\\x.txt"), "notes");
        Files.createDirectories(homework.resolve("a")); // what the String "a/b.java" would name instead
        Files.writeString(homework.resolve("a/b.java"), "package elsewhere;\nclass Other { }\n");
        Files.writeString(submission.resolve("homework\\src\\main\\java\\homework\\Fake.java"),
                "package homework;\nclass Fake { }\n");

        Screening screening = SubmissionScreen.screen(submission, null);

        assertThat(screening.taken()).extracting(Screening.Source::file)
                .containsExactlyInAnyOrder(homework.resolve("Homework.java"), backslash, notUtf8);
        assertThat(screening.sources()).contains("homework/src/main/java/homework/a\\b.java",
                "homework/src/main/java/homework/n\\xff\\xfe.java");
        assertThat(screening.refused()).extracting(Refusal::path).contains(
                "homework/src/main/java/homework/notes\\x.txt", "homework/src/main/java/homework/a/b.java",
                "homework\\src\\main\\java\\homework\\Fake.java");
    }

    @Test
    void aPathTooLongToOpenIsRefusedWithItsReason() throws IOException {
        Files.writeString(sources().resolve("Homework.java"), "package homework;\nclass Homework { }\n");
        String deep = "d".repeat(240);
        Path top = submission.resolve("homework/src/main/java/homework");
        try {
            FuzzedUploads.bash(top, "for i in $(seq 18); do mkdir " + deep + " && cd " + deep + " || exit 1; done"
                    + " && echo 'package homework;' > Deep.java");

            Screening screening = SubmissionScreen.screen(submission, null);

            assertThat(screening.sources()).containsExactly("homework/src/main/java/homework/Homework.java");
            Refusal refusal = screening.refused().get(0);
            assertThat(refusal.path()).startsWith("homework/src/main/java/homework/" + deep + "/" + deep + "/");
            assertThat(refusal.reason()).isEqualTo("cannot be read: its path is longer than this system allows ("
                    + FuzzedUploads.PATH_MAX + " bytes)").doesNotContain(submission.toString());
        } finally {
            FuzzedUploads.deleteDeep(top, deep); // past the system's limit on a path, @TempDir could not
        }
    }

    /** Sources whose package javac reads otherwise than a search for "package" would. */
    @Test
    void thePackageIsReadAsJavacReadsIt() throws IOException {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("package homework;", "homework");
        cases.put("/* package grading; */ // package grading;\npackage homework.sub;", "homework.sub");
        cases.put("package /* a */ homework . sub // b\n ;", "homework.sub");
        cases.put("/** doc */\n@Deprecated\npackage homework;", "homework");
        cases.put("\uFEFFpackage homework;", "homework");
        cases.put("package домашка;", "домашка");
        cases.put("\\u0070ackage homework;", "homework");
        cases.put("\\uuuu0070ackage\\u0020homework\\u003b", "homework");
        cases.put("\\u002f\\u002a package grading; \\u002a\\u002f package homework;", "homework");
        cases.put("\\u002f\\u002f package homework;\npackage grading;", "grading");
        cases.put("// \\u000a package grading;", "grading");
        cases.put("\\\\u0070ackage homework;", "");
        cases.put("class A { String s = \" package grading; \"; }", "");
        cases.put("class A { char c = '\"'; String s = \"; package grading;\"; }", "");
        cases.put("class A { String s = \"\"\"\n  \" package grading;\n  \\\"\"\" package grading;\n  \"\"\"; }", "");
        cases.put("class A { char c = '\\''; String s = \" package grading;\"; }", "");
        cases.put("mypackage homework;", "");
        cases.put("package homework", "");
        cases.put("/* package homework;", "");
        cases.put("pack\u200bage home\u200bwork;", "homework"); // javac drops characters an identifier ignores
        Path file = submission.resolve("Case.java");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Files.writeString(file, c.getKey());
            assertThat(SubmissionScreen.declaredPackage(file)).as(c.getKey()).isEqualTo(c.getValue());
        }
    }

    /**
     * 2 MB of one unit again and again (and 500,000 comment openers, alone and one a line): each
     * is read in milliseconds. A scan that backtracked over the text would take minutes or hours.
     */
    @Test
    void thePackageScanIsLinearInTheFileSize() throws IOException {
        Path file = submission.resolve("Stress.java");
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("500,000 x /*", "/*".repeat(500_000));
        texts.put("500,000 x /* and a line end", "/*\n".repeat(500_000));
        for (String unit : List.of("/* ", "package ", "package\n", "\"", "'", "\"\"\"", "//", "\\u", "\\", "*",
                "\\u002f\\u002a ", "package package;", "package a.")) {
            texts.put("2 MB of " + unit.replace("\n", "\\n"), unit.repeat((2 << 20) / unit.length()));
        }
        for (Map.Entry<String, String> text : texts.entrySet()) {
            Files.writeString(file, text.getValue());
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> SubmissionScreen.declaredPackage(file), text.getKey());
        }
    }

    /** A source past the size limit is refused by its size alone: nothing reads it first. */
    @Test
    void aSourcePastTheSizeLimitIsRefusedBeforeAnythingReadsIt() throws IOException {
        Path homework = sources();
        Files.writeString(homework.resolve("Homework.java"), "package homework;\nclass Homework { }\n");
        Files.writeString(homework.resolve("Openers.java"), "/*\n".repeat(500_000));
        Files.writeString(homework.resolve("Keywords.java"), "package ".repeat(300_000));
        Files.writeString(submission.resolve("Loose.java"), "/* ".repeat(300_000));

        Screening screening = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> SubmissionScreen.screen(submission, null));

        assertThat(screening.sources()).containsExactly("homework/src/main/java/homework/Homework.java");
        assertThat(screening.refused()).extracting(Refusal::reason).filteredOn(r -> r.startsWith("larger than"))
                .hasSize(2);
        Path loose = Files.createDirectories(submission.resolve("loose")); // no repository in it: loose files
        Files.writeString(loose.resolve("Homework.java"), "package homework;\nclass Homework { }\n");
        Files.writeString(loose.resolve("Openers.java"), "/* ".repeat(300_000));
        Screening looseScreening = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> SubmissionScreen.screen(loose, null));
        assertThat(looseScreening.refused()).extracting(Refusal::reason).singleElement().asString()
                .startsWith("larger than");
    }
}
