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

    /** A hunk's numbers are where it applies now: a stale {@code @@ -40} of code now at line 4 is rewritten. */
    @Test
    void stampingWritesTheHunksLineNumbersOfTheReferenceAsItIs(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "waiter.patch", PATCH.replace("@@ -4,2 +4,2 @@", "@@ -40,2 +40,2 @@"));
        String stamped = Files.readString(stamp(dir, patch));
        assertThat(stamped).contains("\n@@ -4,2 +4,2 @@\n").doesNotContain("@@ -40");
        String added = PATCH.replace("@@ -4,2 +4,2 @@", "@@ -1,2 +1,3 @@").replace("+        return poll(tid);",
                "+        return poll(tid);\n+        // polled");
        Path two = write(dir, "two.patch", added);
        assertThat(StampPatches.stamp(two, Files.readString(two), dir)).contains("\n@@ -4,2 +4,3 @@\n");
    }

    /**
     * A patch of the student release's stubs (a hostile submission: the release plus an attack) is
     * stamped with the reference's blob and carried over a change of the reference the same way:
     * the old reference read from Git's history, both seen as their stubs.
     */
    @Test
    void aPatchOfTheReleasesStubsIsCarriedOverAChangeOfTheReferenceToo(@TempDir Path dir) throws Exception {
        java.util.function.BinaryOperator<String> stubs = SolutionRegions.stubs("homework");
        List<String> stub = List.of(stubs.apply(FILE, REFERENCE).split("\n"));
        int signature = stub.indexOf("    Object awaitTask(int tid) {");
        assertThat(stub.get(signature + 1)).as("the stub's body").contains("NotImplementedYet");
        Path patch = write(dir, "attack.patch", """
                # the release, plus an attack
                --- a/%1$s
                +++ b/%1$s
                @@ -%2$d,2 +%2$d,3 @@
                %3$s
                +        attack();
                %4$s
                """.formatted(FILE, signature + 1, " " + stub.get(signature), " " + stub.get(signature + 1)));
        git(dir, "init", "-q");
        write(dir, FILE, REFERENCE);
        git(dir, "hash-object", "-w", FILE);
        Files.writeString(patch, StampPatches.stamp(patch, Files.readString(patch), dir, stubs));
        assertThat(Files.readString(patch)).contains("index " + GitBlob.id(REFERENCE) + "..");

        String renamed = REFERENCE.replace("int tid", "int id").replace("(tid)", "(id)");
        write(dir, FILE, renamed);
        List<String> notes = new ArrayList<>();
        String carried = PatchFile.read(patch).applyTo(dir, stubs, notes::add).get(FILE);

        assertThat(carried).isEqualTo(stubs.apply(FILE, renamed).replace("    Object awaitTask(int id) {\n",
                "    Object awaitTask(int id) {\n        attack();\n"));
        assertThat(notes).singleElement().asString().contains("attack.patch", "carried over by a three-way merge");
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
