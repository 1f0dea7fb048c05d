package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The numbers the instructors' prose states as they are today, compared with the code they come
 * from, so that a new hidden test or a bigger class makes the sentence fail here, naming the file
 * and the true number, instead of going stale. A number measured once and kept as history says so
 * ("of then", "the round before") and is not read.
 */
class ProseNumbersTest {

    private static final Path README = Submissions.root().resolve("grading/README.md");

    @Test
    void theClassOfTheProofIsTheClassTheReadmeNames() throws IOException {
        List<String> problems = new ArrayList<>();
        Matcher m = Pattern.compile("class of (\\d+)").matcher(read(README));
        while (m.find()) {
            if (Integer.parseInt(m.group(1)) != PlantedMistakesProofSlowIT.CLASS) {
                problems.add("grading/README.md says \"" + m.group() + "\": the proof's class has "
                        + PlantedMistakesProofSlowIT.CLASS + " (PlantedMistakesProofSlowIT.CLASS)");
            }
        }
        assertThat(problems).isEmpty();
    }

    /**
     * The developers' guide gives the class as the proof grades it today: 30, or more when the
     * wrong and hostile submissions leave no room for a reference ({@code PlantedMistakesProofSlowIT}
     * keeps one, beside the release, one that does not compile and one with no homework).
     */
    @Test
    void theCiGuidesClassIsTheClassTheProofGradesToday() throws IOException {
        int wrongs = grading.WrongPatch.all(Submissions.root()).size();
        int today = PlantedMistakesProofSlowIT.references(wrongs) + wrongs + PlantedMistakesProofSlowIT.HOSTILE.size() + 3;
        List<String> problems = new ArrayList<>();
        for (Path file : List.of(Submissions.root().resolve(".ci/README.md"), Submissions.root().resolve("README.md"))) {
            Matcher m = Pattern.compile("class of (\\d+)").matcher(read(file));
            while (m.find()) {
                if (Integer.parseInt(m.group(1)) != today) {
                    problems.add(Submissions.root().relativize(file) + " says \"" + m.group() + "\": the proof grades a class of "
                            + today + " today (" + wrongs + " wrong solutions, " + PlantedMistakesProofSlowIT.HOSTILE.size()
                            + " hostile ones, the release, one that does not compile, one with no homework, and references)");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void todaysPointsAreTheHiddenTestsPointsAddedUp() throws IOException {
        long maximum = Math.round(maximum());
        Matcher m = Pattern.compile("today's (\\d+) points").matcher(read(README));
        List<String> stated = new ArrayList<>();
        while (m.find()) {
            stated.add(m.group(1));
        }
        assertThat(stated).as("grading/README.md's \"today's N points\": the hidden tests' points add up to %d",
                maximum).isNotEmpty().allMatch(n -> Long.parseLong(n) == maximum);
    }

    /** A hostile case's comment that gives its score as "N of M" today gives the maximum as M. */
    @Test
    void theScoresInTheHostileCasesCommentsAreOfTodaysMaximum() throws IOException {
        long maximum = Math.round(maximum());
        Pattern score = Pattern.compile("\\((\\d+) of (\\d+)\\)");
        List<String> problems = new ArrayList<>();
        try (Stream<Path> cases = Files.list(Submissions.root().resolve("grading/hostile"))) {
            for (Path dir : cases.filter(Files::isDirectory).sorted().toList()) {
                Path file = dir.resolve("expected.properties");
                Matcher m = score.matcher(read(file));
                while (m.find()) {
                    if (Long.parseLong(m.group(2)) != maximum) {
                        problems.add("grading/hostile/" + dir.getFileName() + "/expected.properties says \""
                                + m.group() + "\": the maximum is " + maximum + " (a score of a past maximum is"
                                + " written \"N of the M points of then\")");
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    private static double maximum() {
        return GradedTests.all().stream().mapToDouble(GradedTests.Spec::points).sum();
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
