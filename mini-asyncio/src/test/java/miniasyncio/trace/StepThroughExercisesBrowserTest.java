package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step-through page of the exercises' programs: their syscalls hold futures with no text of
 * their own, which the page must not show as identity hashes, and a task's future names the
 * task awaited (so a cycle of them is drawn). Ex8Pipeline (a queue between a producer and
 * consumers) and Ex6Deadlock (two locks, a timeout) fit the window at both widths. The exercises
 * module builds after this one, so the test compiles its sources itself.
 */
class StepThroughExercisesBrowserTest {

    @TempDir
    static Path classes;

    @TempDir
    Path dir;

    @BeforeAll
    static void compileTheExercises() throws Exception {
        Path sources = Path.of("..", "exercises", "src", "main", "java");
        Assumptions.assumeTrue(Files.isDirectory(sources), "the exercises' sources are not beside this module");
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(sources)) {
            walk.filter(p -> p.toString().endsWith(".java")).forEach(p -> files.add(p.toString()));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "-proc:none", "-nowarn", "-Xlint:none"));
        args.addAll(files);
        var err = new java.io.ByteArrayOutputStream();
        assertThat(javac.run(null, null, err, args.toArray(String[]::new))).as(err.toString(StandardCharsets.UTF_8)).isZero();
    }

    private Path page(String main, String file) {
        Path html = dir.resolve(file);
        CliRun run = CliRun.of("run", main, "--virtual-time", "--class-path", classes.toString(), "--step-through",
                html.toString());
        Assumptions.assumeFalse(run.exit() == 3, "the exercises are not written here: " + run.err());
        assertThat(run.exit()).as(run.err()).isZero();
        return html;
    }

    @Test
    void futuresAreNamedNotHashedAndTheTaskAwaitedIsNamed() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path pipeline = page("exercises.step8_queue.Ex8Pipeline", "pipeline.html");
        Path futures = page("exercises.step3_futures.Ex3Futures", "futures.html");

        for (Path html : List.of(pipeline, futures)) {
            assertThat(Files.readString(html)).as(html + ": no identity hash").doesNotContainPattern("Future@[0-9a-f]+");
        }
        StepPageDom two = new StepPageDom(chromium.dumpDom(pipeline, "step=2", dir.resolve("profile")));
        assertThat(two.entries("parked")).singleElement().asString().endsWith("AwaitFuture[future=Future #1]");
        // Ex3Futures' main awaits the future of task 2: the page says whom it awaits
        StepPageDom five = new StepPageDom(chromium.dumpDom(futures, "step=5", dir.resolve("profile")));
        assertThat(five.entries("parked")).singleElement().asString().endsWith(", awaits task 2 (background)");
    }

    @Test
    void thePipelineAndTheLockDeadlockFitTheWindow() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path pipeline = page("exercises.step8_queue.Ex8Pipeline", "pipeline.html");
        Path deadlock = page("exercises.step6_timeouts.Ex6Deadlock", "deadlock.html");
        for (int[] size : StepThroughLayoutBrowserTest.SIZES) {
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(pipeline, List.of("step=13", "step=17",
                    "step=end"), size[0], size[1], dir.resolve("profile")), size[0]);
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(deadlock, List.of("step=5", "step=end"),
                    size[0], size[1], dir.resolve("profile")), size[0]);
        }
    }
}
