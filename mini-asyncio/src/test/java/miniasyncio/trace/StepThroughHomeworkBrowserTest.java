package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step-through page of the homework: its {@code Gather} (who awaits whom, and the values
 * {@code awaitTask} hands back with {@code send}) and a deadlock (the page shows the cycle). The
 * homework module builds after this one, so the test compiles the homework's sources itself and
 * runs them as a student's class is run: {@code run homework.GatherExample --class-path DIR}.
 */
class StepThroughHomeworkBrowserTest {

    @TempDir
    static Path classes;

    @TempDir
    Path dir;

    /** A deadlock the homework's scheduler reports: a awaits b, b awaits a, main awaits a. */
    static final String DEADLOCK = """
            package steptest;

            import static homework.Homework.awaitTask;
            import static miniasyncio.MiniAsyncio.createTask;

            import homework.HomeworkScheduler;

            public class Deadlock {
                public static void main(String[] args) {
                    int[] tids = new int[2];
                    new HomeworkScheduler().run("main", () -> {
                        tids[0] = createTask("a", () -> awaitTask(tids[1]));
                        tids[1] = createTask("b", () -> awaitTask(tids[0]));
                        return awaitTask(tids[0]);
                    });
                }
            }
            """;

    /** Three tasks awaiting each other in a ring (a awaits b, b awaits c, c awaits a); main awaits a. */
    static final String RING = """
            package steptest;

            import static homework.Homework.awaitTask;
            import static miniasyncio.MiniAsyncio.createTask;

            import homework.HomeworkScheduler;

            public class Ring {
                public static void main(String[] args) {
                    int[] tids = new int[3];
                    new HomeworkScheduler().run("main", () -> {
                        tids[0] = createTask("a", () -> awaitTask(tids[1]));
                        tids[1] = createTask("b", () -> awaitTask(tids[2]));
                        tids[2] = createTask("c", () -> awaitTask(tids[0]));
                        return awaitTask(tids[0]);
                    });
                }
            }
            """;

    @BeforeAll
    static void compileTheHomework() throws Exception {
        Path sources = Path.of("..", "homework", "src", "main", "java", "homework");
        Assumptions.assumeTrue(Files.isDirectory(sources), "the homework's sources are not beside this module");
        List<String> files = new ArrayList<>();
        for (String name : List.of("AwaitTask", "Homework", "HomeworkScheduler", "GatherExample")) {
            files.add(sources.resolve(name + ".java").toString());
        }
        Path deadlock = classes.resolve("src/steptest/Deadlock.java");
        Files.createDirectories(deadlock.getParent());
        Files.writeString(deadlock, DEADLOCK, StandardCharsets.UTF_8);
        files.add(deadlock.toString());
        Path ring = classes.resolve("src/steptest/Ring.java");
        Files.writeString(ring, RING, StandardCharsets.UTF_8);
        files.add(ring.toString());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "-proc:none", "-nowarn", "-Xlint:none"));
        args.addAll(files);
        var err = new java.io.ByteArrayOutputStream();
        int exit = javac.run(null, null, err, args.toArray(String[]::new));
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    }

    private CliRun run(String main, Path html) {
        CliRun run = CliRun.of("run", main, "--virtual-time", "--class-path", classes.toString(),
                "--step-through", html.toString());
        // a student's copy, with awaitTask not written yet, has nothing to show
        Assumptions.assumeFalse(run.exit() == 3, "the homework is not written here: " + run.err());
        return run;
    }

    @Test
    void gatherShowsMainParkedOnEachTaskAndTheResultsItIsSent() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("gather.html");
        CliRun run = run("homework.GatherExample", html);
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("results: ['a.txt: contents', 'b.txt: contents', 'c.txt: contents']");
        JsonObject json = StepPageDom.json(html);
        assertThat(json.get("steps").getAsInt()).isEqualTo(10);

        Map<String, String> doms = chromium.dumpDoms(html, List.of("step=2", "step=5", "step=7", "step=8", "step=10"));
        // step 2: gather made tasks 2, 3, 4; main awaits task 2 (the first argument)
        StepPageDom two = new StepPageDom(doms.get("step=2"));
        assertThat(two.text("running")).startsWith("running task 2 (its step 1), sent null");
        assertThat(two.entries("did")).containsExactly("created task 2, task 3, task 4 -> ready",
                "task 1 (main) yielded AwaitTask[tid=2] -> parked, awaits task 2", "popleft -> task 2, sent null");
        assertThat(two.entries("ready")).containsExactly("task 3: send null", "task 4: send null");
        assertThat(two.entries("parked")).containsExactly("task 1 (main): AwaitTask[tid=2], awaits task 2");
        assertThat(two.waits("parked")).singleElement().asString().matches("waits in Homework\\.awaitTask at Homework\\.java:\\d+.*");

        // step 5, t=0.1: b is read first, but main still awaits a
        StepPageDom five = new StepPageDom(doms.get("step=5"));
        assertThat(five.text("running")).startsWith("running task 3 (its step 2)")
                .endsWith("then it returned \"b.txt: contents\"");
        assertThat(five.entries("sleeping")).containsExactly(
                "task 2 wakes at 0.200 s: Sleep[duration=0.2]",
                "task 4 wakes at 0.300 s: Sleep[duration=0.3]");
        assertThat(five.entries("parked")).containsExactly("task 1 (main): AwaitTask[tid=2], awaits task 2");

        // steps 7, 8, 10: main is sent each result, in argument order (b's was already in results)
        assertThat(new StepPageDom(doms.get("step=7")).text("running"))
                .isEqualTo("running task 1 (main) (its step 2), sent \"a.txt: contents\", then it yielded AwaitTask[tid=3]");
        // a's result goes to results, and the homework's finishTask makes main (who awaited it) ready with it
        assertThat(new StepPageDom(doms.get("step=7")).entries("did")).containsExactly(
                "task 2 returned \"a.txt: contents\" -> results[2]",
                "task 1 (main) -> ready, no longer parked, to be sent \"a.txt: contents\"",
                "popleft -> task 1 (main), sent \"a.txt: contents\"");
        StepPageDom eight = new StepPageDom(doms.get("step=8"));
        assertThat(eight.text("running"))
                .isEqualTo("running task 1 (main) (its step 3), sent \"b.txt: contents\", then it yielded AwaitTask[tid=4]");
        // b had already finished: awaitTask answers at once, main goes through ready without parking
        assertThat(eight.entries("did")).containsExactly(
                "task 1 (main) yielded AwaitTask[tid=3] -> back of ready, to be sent \"b.txt: contents\"",
                "popleft -> task 1 (main), sent \"b.txt: contents\"");
        assertThat(eight.entries("results")).containsExactly("3 task 3 returned \"b.txt: contents\"",
                "2 task 2 returned \"a.txt: contents\"");
        StepPageDom ten = new StepPageDom(doms.get("step=10"));
        assertThat(ten.text("running")).isEqualTo("running task 1 (main) (its step 4), sent \"c.txt: contents\","
                + " then it returned [\"a.txt: contents\", \"b.txt: contents\", \"c.txt: contents\"]");
        assertThat(ten.entries("parked")).isEmpty();
        for (int[] size : StepThroughLayoutBrowserTest.SIZES) {
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(html, List.of("step=2", "step=7", "step=10",
                    "step=end"), size[0], size[1]), size[0]);
        }
        for (int n : new int[] {2, 5, 8}) {
            StepPageDom page = new StepPageDom(doms.get("step=" + n));
            JsonObject snap = StepPageDom.snap(json, n);
            for (String state : List.of("ready", "sleeping", "results")) {
                assertThat(page.entries(state)).as("step " + n + " " + state)
                        .containsExactlyElementsOf(StepPageDom.jsonEntries(snap, state));
            }
        }
    }

    @Test
    void aDeadlockEndsWithTheCycleOnThePage() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("deadlock.html");
        CliRun run = run("steptest.Deadlock", html);
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).contains("deadlock: tasks await each other in a cycle");
        assertThat(html).exists();

        StepPageDom end = new StepPageDom(chromium.dumpDom(html, "step=end"));

        assertThat(end.text("running")).startsWith("The loop stopped: steptest.Deadlock failed: ")
                .contains("deadlock: tasks await each other in a cycle");
        assertThat(end.cycle()).isEqualTo(
                "deadlock: task 2 (a) awaits task 3 (b) awaits task 2 (a); nothing else can wake them");
        assertThat(end.entries("parked")).containsExactly(
                "task 1 (main): AwaitTask[tid=2], awaits task 2 (a)",
                "task 2 (a): AwaitTask[tid=3], awaits task 3 (b)",
                "task 3 (b): AwaitTask[tid=2], awaits task 2 (a)");
        assertThat(end.entries("ready")).isEmpty();
        assertThat(end.entries("sleeping")).isEmpty();
        assertThat(end.entries("results")).isEmpty();
        Path png = Path.of("target", "step-through", "deadlock-end.png");
        Files.createDirectories(png.getParent());
        chromium.screenshot(html, "step=end", png, 1280, 800);
        assertThat(StepThroughBrowserTest.count(javax.imageio.ImageIO.read(png.toFile()), 0xb00020))
                .as("the red deadlock banner").isGreaterThan(2000);
        assertThat(new File(png.toString())).exists();
    }

    @Test
    void aCycleOfThreeIsNamedAtTheEndAndFitsTheWindow() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ring.html");
        CliRun run = run("steptest.Ring", html);
        assertThat(run.exit()).isEqualTo(1);

        Map<String, String> doms = chromium.dumpDoms(html, List.of("step=4", "step=end"));

        // c, the last to run, awaits a: the ring closes; what happened says so before the end
        assertThat(new StepPageDom(doms.get("step=end")).entries("did"))
                .containsExactly("task 4 (c) yielded AwaitTask[tid=2] -> parked, awaits task 2 (a)");
        StepPageDom end = new StepPageDom(doms.get("step=end"));
        assertThat(end.cycle()).isEqualTo("deadlock: task 2 (a) awaits task 3 (b) awaits task 4 (c) awaits task 2 (a);"
                + " nothing else can wake them");
        assertThat(end.count("parked")).isEqualTo("(4)");
        // c parked in the last step, which no later step followed: its line was read as the loop closed it
        assertThat(end.waits("parked")).hasSize(4).allSatisfy(line -> assertThat(line).startsWith(
                "waits in Homework.awaitTask at Homework.java:"));
        assertThat(new StepPageDom(doms.get("step=4")).entries("did")).containsExactly(
                "task 3 (b) yielded AwaitTask[tid=4] -> parked, awaits task 4 (c)", "popleft -> task 4 (c), sent null");
        for (int[] size : StepThroughLayoutBrowserTest.SIZES) {
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(html, List.of("step=1", "step=4", "step=end"),
                    size[0], size[1]), size[0]);
        }
        Path png = Path.of("target", "step-through", "ring-end-phone.png");
        Files.createDirectories(png.getParent());
        chromium.screenshot(html, "step=end", png, 390, 844);
        assertThat(png).exists();
    }
}
