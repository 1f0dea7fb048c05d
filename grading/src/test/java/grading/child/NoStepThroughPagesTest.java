package grading.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Hidden tests never write step-through pages, even when asked (issue 47, item 6). Only the
 * student's runner writes them: {@code miniasyncio.cli.StudentTests}, which {@code ./test.sh},
 * {@code exercises/check-step.sh} and the student profile's {@code TestSummary} start, records a
 * test's loops when given {@code --step-through} or {@code -DstepThrough}. The grader's child runs
 * each hidden test by reflection ({@link ChildMain#run}), and no class of the grader names that
 * runner.
 */
class NoStepThroughPagesTest {

    /** The student's runner and its entry points, as class files name them. */
    static final List<String> STUDENT_RUNNER = List.of("miniasyncio/cli/StudentTests", "miniasyncio/cli/FailingTestPages",
            "miniasyncio/cli/QuickTest", "miniasyncio/cli/TestSummary");

    @Test
    void aTestThatFailsAfterItsLoopInTheChildRunnerWritesNoPageWithTheStudentsPropertySet() {
        String reason;
        System.setProperty("stepThrough", "true");
        try {
            reason = ChildMain.run(LoopThenFail.class.getName() + "#fails", "grading.hidden.EndMarker#take",
                    getClass().getClassLoader());
        } finally {
            System.clearProperty("stepThrough");
        }
        assertThat(reason).isEqualTo("failed after its loop");
        assertThat(Path.of("target/step-through")).doesNotExist();
        assertThat(Path.of("homework/target/step-through")).doesNotExist();
    }

    @Test
    void noClassOfTheGraderNamesTheStudentsRunner() throws Exception {
        Path classes = Path.of(ChildMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertThat(files).as("the grader's classes").hasSizeGreaterThan(20);
        for (Path file : files) {
            String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1); // class names are ASCII
            assertThat(STUDENT_RUNNER).as("what %s names", classes.relativize(file)).noneMatch(text::contains);
        }
    }
}
