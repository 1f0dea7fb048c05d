package instructor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stamped patch carried over a change of the reference by a three-way merge: a private method
 * renamed in the hunk's context breaks nothing, a change of the mistake's own lines asks for a hand.
 */
class CarriedOverPatchTest {

    static final String FILE = "src/main/java/homework/Waiter.java";

    static final String REFERENCE = """
            class Waiter {
                Object awaitTask(int tid) {
                    // BEGIN SOLUTION
                    park(tid);
                    return result(tid);
                    // END SOLUTION
                }

                private void park(int tid) {
                    Scheduler.syscall("park", tid);
                }

                private Object result(int tid) {
                    return Scheduler.syscall("result", tid);
                }
            }
            """;

    /** The mistake replaces the line after park(tid): park(tid) is the hunk's context. */
    static final String PATCH = """
            # polls instead of parking
            # fails: WaiterTest#parks
            --- a/%1$s
            +++ b/%1$s
            @@ -4,2 +4,2 @@
                     park(tid);
            -        return result(tid);
            +        return poll(tid);
            """.formatted(FILE);

    @Test
    void renamingAPrivateMethodInTheHunksContextCarriesThePatchOverAndSaysSo(@TempDir Path dir) throws Exception {
        Path patch = stamped(dir);
        String renamed = REFERENCE.replace("park(", "suspend(");
        write(dir, FILE, renamed);
        PlantedPatch mistake = PlantedPatch.read(patch);
        assertThatThrownBy(() -> Hunk.applyAll("p", FILE, renamed, mistake.diff().changes().get(0).hunks()))
                .as("placed by its lines alone, the hunk fits nowhere").hasMessageContaining("are nowhere in the file");

        List<String> notes = new ArrayList<>();
        String carried = mistake.diff().applyTo(dir, notes::add).get(FILE);

        assertThat(carried).isEqualTo(renamed.replace("return result(tid);", "return poll(tid);"));
        assertThat(notes).singleElement().asString().contains("waiter.patch", FILE, "carried over by a three-way merge");
    }

    @Test
    void aFieldInTheContextAndLinesAroundChangedAreCarriedOverToo(@TempDir Path dir) throws Exception {
        Path patch = stamped(dir);
        String renamed = REFERENCE.replace("park(tid);", "park(this.waiting);")
                .replace("    // END SOLUTION", "    // END SOLUTION (kept)").replace("class Waiter {", "class Waiter {\n    int waiting;");
        write(dir, FILE, renamed);
        assertThat(PlantedPatch.read(patch).diff().applyTo(dir, note -> { }).get(FILE))
                .isEqualTo(renamed.replace("return result(tid);", "return poll(tid);"));
    }

    @Test
    void aChangeOfTheMistakesOwnLineAsksForAHand(@TempDir Path dir) throws Exception {
        Path patch = stamped(dir);
        write(dir, FILE, REFERENCE.replace("park(", "suspend(").replace("return result(tid);", "return result(tid, 0);"));
        PlantedPatch mistake = PlantedPatch.read(patch);
        assertThatThrownBy(() -> mistake.applyTo(dir)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("waiter.patch no longer applies to " + FILE)
                .hasMessageContaining("the reference changed the mistake's own lines, at line 5 (\"return result(tid);\")")
                .hasMessageContaining("It needs a hand");
    }

    @Test
    void aPrivateMethodRenamedOnTheMistakesOwnLineIsRenamedInTheMistakeToo(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "waiter.patch", PATCH.replace("return poll(tid);", "return result(-tid);"));
        stamp(dir, patch);
        String renamed = REFERENCE.replace("result(", "outcome(");
        write(dir, FILE, renamed);
        assertThat(PlantedPatch.read(patch).diff().applyTo(dir, note -> { }).get(FILE))
                .isEqualTo(renamed.replace("return outcome(tid);", "return outcome(-tid);"));
    }

    @Test
    void withoutAStampTheRefusalSaysHowToStampIt(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "waiter.patch", PATCH);
        write(dir, FILE, REFERENCE.replace("park(", "suspend("));
        PlantedPatch mistake = PlantedPatch.read(patch);
        assertThatThrownBy(() -> mistake.applyTo(dir)).hasMessageContaining("are nowhere in the file")
                .hasMessageContaining("see StampPatches");
    }

    @Test
    void theStampIsGitsIndexLineAndTheHeaderStaysTheMistakes(@TempDir Path dir) throws Exception {
        Path patch = stamped(dir);
        String text = Files.readString(patch);
        String blob = git(dir, "hash-object", FILE);
        assertThat(text).contains("index " + blob + "..").contains("\n--- a/" + FILE);
        PlantedPatch mistake = PlantedPatch.read(patch);
        assertThat(mistake.mistake()).isEqualTo("polls instead of parking");
        assertThat(mistake.diff().changes().get(0).reference()).isEqualTo(blob);
        assertThat(StampPatches.stamp(patch, text, dir)).as("stamping again changes nothing").isEqualTo(text);
    }

    /** A Git repository in {@code dir} holding the reference, and the patch stamped with it. */
    private static Path stamped(Path dir) throws Exception {
        return stamp(dir, write(dir, "waiter.patch", PATCH));
    }

    private static Path stamp(Path dir, Path patch) throws Exception {
        git(dir, "init", "-q");
        write(dir, FILE, REFERENCE);
        git(dir, "hash-object", "-w", FILE);
        return Files.writeString(patch, StampPatches.stamp(patch, Files.readString(patch), dir));
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(git.waitFor()).as("git %s: %s", String.join(" ", args), out).isZero();
        return out;
    }

    private static Path write(Path dir, String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
