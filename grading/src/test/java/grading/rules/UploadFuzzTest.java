package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import grading.rules.SubmissionScreen.Refusal;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The screen on the uploads of {@link FuzzedUploads} (a fixed seed): whatever the names' bytes,
 * the paths' lengths, the sizes and the contents, it ends well within a bound, takes exactly the
 * solution sources, as the very files the walk found, and refuses the rest with a reason that
 * names no folder of the grader's. {@code UploadFuzzSlowIT} grades such uploads with grader.jar.
 */
class UploadFuzzTest {

    /** Far more than the screen needs (milliseconds an upload): only work that grows faster than the files reaches it. */
    private static final Duration BOUND = Duration.ofSeconds(20);

    /** Three of each kind: a repository, a repository in a zip's top folder, loose files. */
    private static final int UPLOADS = 9;

    @TempDir
    Path work;

    @Test
    void everyFuzzedUploadIsScreenedAndItsSolutionSourcesAreTakenAsTheFilesTheyAre() throws Exception {
        FuzzedUploads fuzz = new FuzzedUploads(FuzzedUploads.SEED);
        for (int i = 0; i < UPLOADS; i++) {
            Path dir = work.resolve("upload" + i);
            FuzzedUploads.Upload upload = fuzz.next(dir);
            try {
                if (i == 0) {
                    assertTheNamesOnTheDiskAreTheFuzzedBytes(upload);
                }
                String what = "upload " + i;
                Screening screening = assertTimeoutPreemptively(BOUND, () -> SubmissionScreen.screen(dir, null), what);

                Set<Path> taken = new HashSet<>(screening.taken().stream().map(Screening.Source::file).toList());
                assertThat(taken).as(what + ": the files taken").isEqualTo(upload.mustTake());
                assertThat(taken).allSatisfy(p -> assertThat(Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).isTrue());
                for (String text : List.of(screening.report(), screening.check().reason())) {
                    HostileSlowIT.assertNoControlCharacters(what, text);
                    assertThat(text).as(what).doesNotContain(work.toString());
                    assertThat(text.length()).as(what).isLessThan(64 * 1024);
                }
                assertThat(screening.refused()).extracting(Refusal::reason).as(what)
                        .noneMatch(reason -> reason.contains(work.toString()));
                if (upload.tooLong() != null) {
                    assertThat(screening.refused()).as(what).anySatisfy(r -> {
                        assertThat(r.path()).startsWith(upload.tooLong());
                        assertThat(r.reason()).contains("its path is longer than this system allows");
                    });
                }
            } finally {
                FuzzedUploads.delete(upload); // past the system's limit on a path, @TempDir could not
            }
        }
    }

    /**
     * What {@code find} lists is what the generator meant: the names really are these bytes
     * (backslashes, bytes that are not UTF-8, control codes), not what the JVM's charset made of them.
     */
    private static void assertTheNamesOnTheDiskAreTheFuzzedBytes(FuzzedUploads.Upload upload) throws Exception {
        Process find = new ProcessBuilder("find", ".", "-mindepth", "1", "-print0").directory(upload.dir().toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] listing = find.getInputStream().readAllBytes();
        assertThat(find.waitFor()).isZero();
        Set<String> onDisk = new HashSet<>();
        ByteArrayOutputStream name = new ByteArrayOutputStream();
        for (byte b : listing) {
            if (b != 0) {
                name.write(b);
                continue;
            }
            String path = name.toString(StandardCharsets.ISO_8859_1).substring(2); // "./"
            name.reset();
            if (upload.tooLong() == null || !path.startsWith(upload.tooLong())) {
                onDisk.add(path);
            }
        }
        assertThat(onDisk).isEqualTo(upload.names());
        assertThat(upload.names()).anyMatch(p -> p.indexOf('\\') >= 0)
                .anyMatch(p -> p.chars().anyMatch(c -> c < 0x20))
                .anyMatch(p -> !isUtf8(p.getBytes(StandardCharsets.ISO_8859_1)))
                .anyMatch(p -> p.length() > 3_900);
    }

    private static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
