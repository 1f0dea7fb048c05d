package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import grading.hidden.GradedTests;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The score bounds of every hostile submission's expected.properties, read in the quick run (the
 * suites that grade them are slow): each is a number or {@code full} ({@link Submissions#score}),
 * and none is above the maximum, the hidden tests' points added up, so a bound that a change of
 * the points left behind is found at once.
 */
class HostileExpectationsTest {

    @Test
    void everyScoreBoundIsANumberOrFullAndAtMostTheMaximum() throws IOException {
        double maximum = GradedTests.all().stream().mapToDouble(GradedTests.Spec::points).sum();
        List<Path> hostile;
        try (Stream<Path> list = Files.list(Submissions.root().resolve("grading/hostile"))) {
            hostile = list.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(hostile).isNotEmpty();
        List<String> problems = new ArrayList<>();
        for (Path dir : hostile) {
            Properties expected = new Properties();
            try (Reader in = Files.newBufferedReader(dir.resolve("expected.properties"), StandardCharsets.UTF_8)) {
                expected.load(in);
            }
            double min = 0;
            for (String key : List.of("score.min", "score.max", "unscreened.score.max")) {
                String bound = expected.getProperty(key);
                if (bound == null) {
                    if (!key.startsWith("unscreened")) {
                        problems.add(dir.getFileName() + ": no " + key);
                    }
                    continue;
                }
                try {
                    double value = Submissions.score(bound);
                    if (value < 0 || value > maximum) {
                        problems.add(dir.getFileName() + ": " + key + "=" + bound + " is outside 0.." + maximum);
                    }
                    if (key.equals("score.min")) {
                        min = value;
                    } else if (key.equals("score.max") && value < min) {
                        problems.add(dir.getFileName() + ": score.max=" + bound + " is below score.min");
                    }
                } catch (NumberFormatException e) {
                    problems.add(dir.getFileName() + ": " + key + "=" + bound + " is neither a number, full nor full-N");
                }
            }
        }
        assertThat(problems).isEmpty();
    }
}
