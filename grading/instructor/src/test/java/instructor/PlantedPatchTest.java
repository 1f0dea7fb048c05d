package instructor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a planted mistake is read, where its hunks go, and how it is refused when they fit nowhere or twice. */
class PlantedPatchTest {

    static final String FILE = "src/main/java/exercises/stepX/Counter.java";

    static final String PATCH = """
            # counts one too many
            # (the statement: up to stop, not including it)
            # fails: CounterTest#countsUpToStop, exercises.stepX.CounterTest#countsAnyRange
            # says: up to stop
            diff --git a/%1$s b/%1$s
            --- a/%1$s
            +++ b/%1$s
            @@ -4,3 +4,3 @@ class Counter {
                     // count up
            -        while (n < stop) {
            +        while (n <= stop) {
                         n++;
            """.formatted(FILE);

    static final List<String> REFERENCE = List.of("class Counter {", "    int count(int stop) {", "        int n = 0;",
            "        // count up", "        while (n < stop) {", "            n++;", "        }", "        return n;",
            "    }", "}");

    @Test
    void theHeaderSaysTheMistakeTheTestsItFailsAndTheirMessage(@TempDir Path dir) throws Exception {
        PlantedPatch mistake = PlantedPatch.read(write(dir, "counter-includes-stop.patch", PATCH));
        assertThat(mistake.name()).isEqualTo("counter-includes-stop");
        assertThat(mistake.mistake()).isEqualTo("counts one too many (the statement: up to stop, not including it)");
        assertThat(mistake.fails()).containsExactly("CounterTest#countsUpToStop", "exercises.stepX.CounterTest#countsAnyRange");
        assertThat(mistake.exact()).isFalse();
        assertThat(mistake.says()).isEqualTo("up to stop");
        assertThat(PlantedPatch.read(write(dir, "exact.patch", PATCH.replace("# fails:", "# fails exactly:"))).exact())
                .isTrue();
    }

    @Test
    void itAppliesWhereItsLinesAreWhenTheReferenceGrewAboveTheChange(@TempDir Path dir) throws Exception {
        PlantedPatch mistake = PlantedPatch.read(write(dir, "counter-includes-stop.patch", PATCH));
        write(dir, FILE, "/** Counts. */\n/* grew since the patch was made */\n" + String.join("\n", REFERENCE) + "\n");
        Map<String, String> changed = mistake.applyTo(dir);
        assertThat(changed).containsOnlyKeys(FILE);
        assertThat(changed.get(FILE)).contains("while (n <= stop)").doesNotContain("while (n < stop)")
                .startsWith("/** Counts. */").endsWith("}\n").contains("return n;");
    }

    /** A neighbour's edit, three lines from the hunk: lines changed, some added, far from the line number. */
    @Test
    void aChangeOfTheReferenceThreeLinesFromTheHunkBreaksNothing(@TempDir Path dir) throws Exception {
        PlantedPatch mistake = PlantedPatch.read(write(dir, "counter-includes-stop.patch", PATCH));
        String edited = String.join("\n", REFERENCE).replace("        return n;",
                "        // a neighbour's rule: never negative\n        if (n < 0) {\n            n = 0;\n        }\n        return n;")
                .replace("class Counter {", "/** Three new lines of comment. */\n// one\n// two\nclass Counter {");
        write(dir, FILE, edited + "\n");
        assertThat(mistake.applyTo(dir).get(FILE)).isEqualTo(edited.replace("while (n < stop)", "while (n <= stop)") + "\n");
    }

    @Test
    void whenTheReferenceChangedWhereTheMistakeIsPlantedItIsRefusedNamingThePatch(@TempDir Path dir) throws Exception {
        PlantedPatch mistake = PlantedPatch.read(write(dir, "counter-includes-stop.patch", PATCH));
        write(dir, FILE, String.join("\n", REFERENCE).replace("while (n < stop)", "for (; n < stop; )") + "\n");
        assertThatThrownBy(() -> mistake.applyTo(dir)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("counter-includes-stop.patch no longer applies to " + FILE)
                .hasMessageContaining("the hunk at line 4").hasMessageContaining("are nowhere in the file");
    }

    @Test
    void aHunkWhoseLinesOccurTwiceIsRefusedNamingThePatchAndThePlaces(@TempDir Path dir) throws Exception {
        PlantedPatch mistake = PlantedPatch.read(write(dir, "counter-includes-stop.patch", PATCH));
        String twice = String.join("\n", REFERENCE.subList(0, REFERENCE.size() - 1)) + "\n"
                + String.join("\n", REFERENCE.subList(1, REFERENCE.size()));
        write(dir, FILE, twice + "\n");
        assertThatThrownBy(() -> mistake.applyTo(dir)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("counter-includes-stop.patch: the lines of the hunk at line 4")
                .hasMessageContaining("occur 2 times in the file (at lines 4, 12)")
                .hasMessageContaining("more lines of context");
    }

    @Test
    void hunksAreAppliedTogetherEachWhereItsLinesAre(@TempDir Path dir) throws Exception {
        String two = PATCH + """
                @@ -8,2 +8,2 @@
                -        return n;
                +        return n + 1;
                     }
                """;
        write(dir, FILE, String.join("\n", REFERENCE) + "\n");
        String patched = PlantedPatch.read(write(dir, "two.patch", two)).applyTo(dir).get(FILE);
        assertThat(patched).contains("while (n <= stop)", "return n + 1;").doesNotContain("return n;");
    }

    @Test
    void overlappingHunksAreRefused(@TempDir Path dir) throws Exception {
        String overlapping = PATCH + """
                @@ -5,2 +5,2 @@
                -        while (n < stop) {
                +        while (n != stop) {
                             n++;
                """;
        write(dir, FILE, String.join("\n", REFERENCE) + "\n");
        PlantedPatch mistake = PlantedPatch.read(write(dir, "overlapping.patch", overlapping));
        assertThatThrownBy(() -> mistake.applyTo(dir)).hasMessageContaining("overlapping.patch: the hunks at lines 4 and 5")
                .hasMessageContaining("overlap");
    }

    @Test
    void aHunkWithNoLineToPlaceItByIsRefused(@TempDir Path dir) throws Exception {
        String bare = PATCH.substring(0, PATCH.indexOf("@@")) + "@@ -4,0 +5,1 @@\n+        // added\n";
        write(dir, FILE, String.join("\n", REFERENCE) + "\n");
        PlantedPatch mistake = PlantedPatch.read(write(dir, "bare.patch", bare));
        assertThatThrownBy(() -> mistake.applyTo(dir)).hasMessageContaining("bare.patch: the hunk at line 4")
                .hasMessageContaining("has no context line");
    }

    @Test
    void aHunkShorterThanItsHeaderSaysIsRefused(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "short.patch", PATCH.replace("@@ -4,3 +4,3 @@", "@@ -4,4 +4,4 @@"));
        assertThatThrownBy(() -> PlantedPatch.read(patch)).hasMessageContaining("short.patch:")
                .hasMessageContaining("says 4 lines before and 4 after, its lines give 3 and 3");
    }

    @Test
    void aPatchOfAFileOutsideTheModuleIsRefused(@TempDir Path dir) throws Exception {
        Path module = Files.createDirectories(dir.resolve("module"));
        write(dir, "pom.xml", "<project/>\n");
        PlantedPatch mistake = PlantedPatch.read(write(dir, "escapes.patch", PATCH.replace(FILE, "../pom.xml")));
        assertThatThrownBy(() -> mistake.applyTo(module)).hasMessageContaining("escapes.patch changes ../pom.xml,"
                + " which is not a file of module/");
    }

    @Test
    void aPatchThatCreatesAFileIsRefused(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "creates.patch", PATCH.replace("--- a/" + FILE, "--- /dev/null"));
        assertThatThrownBy(() -> PlantedPatch.read(patch)).hasMessageContaining("creates.patch:")
                .hasMessageContaining("does not create, delete or rename one");
    }

    @Test
    void aHeaderThatNamesNoFailingTestIsRefused(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "no-fails.patch", PATCH.replaceAll("# fails: .*\n", ""));
        assertThatThrownBy(() -> PlantedPatch.read(patch)).hasMessageContaining("no-fails.patch: the header must")
                .hasMessageContaining("# fails: Class#method");
        Path typo = write(dir, "typo.patch", PATCH.replace("CounterTest#countsUpToStop", "CounterTest.countsUpToStop"));
        assertThatThrownBy(() -> PlantedPatch.read(typo)).hasMessageContaining("typo.patch: the header must");
    }

    @Test
    void aHeaderWithNoDiffIsRefused(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "no-diff.patch", PATCH.substring(0, PATCH.indexOf("diff --git")));
        assertThatThrownBy(() -> PlantedPatch.read(patch)).hasMessageContaining("no-diff.patch changes no file");
    }

    @Test
    void aPatchWithoutAHeaderIsADiffOfItsOwn(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "right.patch", PATCH.substring(PATCH.indexOf("diff --git")));
        write(dir, FILE, String.join("\n", REFERENCE) + "\n");
        assertThat(PatchFile.read(patch).applyTo(dir).get(FILE)).contains("while (n <= stop)");
        assertThatThrownBy(() -> PlantedPatch.read(patch)).hasMessageContaining("right.patch: the header must");
    }

    private static Path write(Path dir, String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
