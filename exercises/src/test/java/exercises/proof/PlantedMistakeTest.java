package exercises.proof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a planted mistake is read and applied, and how it fails when the reference moved on. */
class PlantedMistakeTest {

    static final String FILE = "src/main/java/exercises/stepX/Counter.java";

    static final String PATCH = """
            # counts one too many (the statement: up to stop, not including it)
            # fails: CounterTest#countsUpToStop, CounterTest#countsAnyRange
            # says: up to stop
            diff --git a/%1$s b/%1$s
            --- a/%1$s
            +++ b/%1$s
            @@ -2,5 +2,5 @@ class Counter {
                 int count(int stop) {
                     int n = 0;
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
        PlantedMistake mistake = PlantedMistake.read(write(dir, "counter-includes-stop.patch", PATCH));
        assertThat(mistake.name()).isEqualTo("counter-includes-stop");
        assertThat(mistake.mistake()).isEqualTo("counts one too many (the statement: up to stop, not including it)");
        assertThat(mistake.fails()).containsExactly("CounterTest#countsUpToStop", "CounterTest#countsAnyRange");
        assertThat(mistake.says()).isEqualTo("up to stop");
    }

    @Test
    void itAppliesToTheReferenceAlsoWhenTheReferenceGrewAboveTheChange(@TempDir Path dir) throws Exception {
        PlantedMistake mistake = PlantedMistake.read(write(dir, "counter-includes-stop.patch", PATCH));
        write(dir, FILE, "/** Counts. */\n/* grew since the patch was made */\n" + String.join("\n", REFERENCE) + "\n");
        Map<String, String> changed = mistake.applyTo(dir);
        assertThat(changed).containsOnlyKeys(FILE);
        assertThat(changed.get(FILE)).contains("while (n <= stop)").doesNotContain("while (n < stop)")
                .startsWith("/** Counts. */").contains("return n;");
    }

    @Test
    void whenTheReferenceChangedWhereTheMistakeIsPlantedItFailsNamingThePatch(@TempDir Path dir) throws Exception {
        PlantedMistake mistake = PlantedMistake.read(write(dir, "counter-includes-stop.patch", PATCH));
        write(dir, FILE, String.join("\n", REFERENCE).replace("while (n < stop)", "for (; n < stop; )") + "\n");
        assertThatThrownBy(() -> mistake.applyTo(dir)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("counter-includes-stop.patch no longer applies to " + FILE);
    }

    @Test
    void aPatchOfAFileOutsideTheReferenceIsRefused(@TempDir Path dir) throws Exception {
        PlantedMistake mistake = PlantedMistake.read(write(dir, "escapes.patch",
                PATCH.replace(FILE, "src/main/java/../../../pom.xml")));
        assertThatThrownBy(() -> mistake.applyTo(dir)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("escapes.patch changes src/main/java/../../../pom.xml, which is not a reference file");
    }

    @Test
    void aHeaderThatNamesNoFailingTestIsRefused(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "no-fails.patch", PATCH.replace("# fails: CounterTest#countsUpToStop, CounterTest#countsAnyRange\n", ""));
        assertThatThrownBy(() -> PlantedMistake.read(patch)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("no-fails.patch: the header must").hasMessageContaining("# fails: Class#method");
    }

    @Test
    void aHeaderWithNoDiffIsRefused(@TempDir Path dir) throws Exception {
        Path patch = write(dir, "no-diff.patch", PATCH.substring(0, PATCH.indexOf("diff --git")));
        assertThatThrownBy(() -> PlantedMistake.read(patch)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("no-diff.patch changes no file");
    }

    private static Path write(Path dir, String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
