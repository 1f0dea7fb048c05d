package exercises.proof;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import instructor.NeighbourEdits;
import instructor.PlantedPatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change of the reference that does not touch a mistake's lines breaks no planted mistake: each
 * patch of {@code wrong/} still applies, to the same effect, to a copy of the reference with three
 * lines added three lines above any one of its hunks ({@link NeighbourEdits}). Quick: nothing is
 * compiled; {@code WrongSolutionsTest} proves the mistakes caught.
 */
class PlantedMistakesSurviveTheirNeighboursTest {

    @Test
    void everyPlantedMistakeAppliesWithAChangeThreeLinesAboveEachOfItsHunks(@TempDir Path scratch) throws IOException {
        List<Path> patches;
        try (Stream<Path> list = Files.list(Path.of("wrong"))) {
            patches = list.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
        assertThat(patches).as("planted mistakes, run from the exercises module").isNotEmpty();
        Path module = Path.of("").toAbsolutePath();
        List<String> problems = new ArrayList<>();
        for (Path patch : patches) {
            problems.addAll(NeighbourEdits.problems(PlantedPatch.read(patch), module,
                    scratch.resolve(patch.getFileName().toString())));
        }
        assertThat(problems).isEmpty();
    }
}
