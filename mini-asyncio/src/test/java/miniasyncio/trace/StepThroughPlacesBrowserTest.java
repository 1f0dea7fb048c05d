package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a task waits, on the step-through page, is the chain of the program's own lines (issue 47,
 * item 1): innermost first, each with its file, line, source and method, the kit's frames folded
 * into one note. In a cycle of three tasks awaiting each other through the homework's
 * {@code awaitTask}, every parked task's first line is the homework's, and the next its caller's
 * line in the program, labelled; the same in "what happened" and in the deadlock banner; and the
 * running task of the homework's {@code gather} resumes in {@code awaitTask}, called from
 * {@code gather}, called from the example.
 */
class StepThroughPlacesBrowserTest {

    @TempDir
    static Path classes;

    @TempDir
    Path dir;

    static final String CYCLE = """
            package steptest;

            import static homework.Homework.awaitTask;
            import static miniasyncio.MiniAsyncio.createTask;

            import homework.HomeworkScheduler;

            public class Cycle {
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

    static final Path HOMEWORK = Path.of("..", "homework", "src", "main", "java", "homework", "Homework.java");

    @BeforeAll
    static void compile() throws Exception {
        Programs.compile(classes, true, Map.of("steptest.Cycle", CYCLE));
    }

    /** The frames of each entry's waiting place in {@code selector}'s entries, as the page words them. */
    static List<List<String>> places(DevTools.Tab tab, String selector) throws IOException {
        List<List<String>> places = new ArrayList<>();
        for (JsonElement entry : tab.eval("[...document.querySelectorAll('" + selector + "')].map(e =>"
                + " [...e.querySelectorAll('.waits .frame')].map(f => f.textContent))").getAsJsonArray()) {
            List<String> frames = new ArrayList<>();
            entry.getAsJsonArray().forEach(f -> frames.add(f.getAsString()));
            places.add(frames);
        }
        return places;
    }

    /** "Cycle.java:13 tids[0] = createTask(...);": the line of the program's source that holds {@code code}. */
    static String cycleLine(String code) {
        int n = Programs.lineOf(CYCLE, code);
        return "Cycle.java:" + n + " " + CYCLE.lines().toList().get(n - 1).strip();
    }

    @Test
    void inACycleOfThreeEveryParkedTaskWaitsAtTheHomeworksLineCalledFromTheProgramsLine() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("cycle.html");
        CliRun run = Programs.run(classes, "steptest.Cycle", html);
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains("deadlock");
        String homework = "waits in Homework.awaitTask at Homework.java:"
                + Programs.lineOf(HOMEWORK, "Scheduler.syscall(\"awaitTask\"")
                + " return (T) Scheduler.syscall(\"awaitTask\", new AwaitTask(tid));";
        String a = cycleLine("\"a\", () -> awaitTask");
        String b = cycleLine("\"b\", () -> awaitTask");
        String c = cycleLine("\"c\", () -> awaitTask");
        String main = cycleLine("return awaitTask(tids[0]);");

        try (DevTools.Tab tab = chromium.tab(html, "step=end", 1366, 900)) {
            // main, a, b, c: the homework's line, then the program's line that called it, then the kit, folded
            List<List<String>> parked = places(tab, "#parked .entry");
            List<String> callers = List.of(main, a, b, c);
            assertThat(parked).hasSize(4);
            for (int i = 0; i < 4; i++) {
                assertThat(parked.get(i)).as("task " + (i + 1) + "'s place").hasSizeGreaterThanOrEqualTo(3);
                assertThat(parked.get(i).get(0)).isEqualTo(homework);
                assertThat(parked.get(i).get(1)).isEqualTo("called from Cycle.main (a lambda) at " + callers.get(i));
                assertThat(parked.get(i).getLast()).startsWith("in the kit: ");
            }
            // what happened: c parked last, and its lines are beside the line that says so (briefly: no kit)
            assertThat(places(tab, "#did .entry")).containsExactly(List.of(homework,
                    "called from Cycle.main (a lambda) at " + c));
            // the deadlock banner: each task of the cycle, with the program's line it waits at
            String banner = tab.eval("document.getElementById('cycle').textContent").getAsString();
            assertThat(banner).startsWith("deadlock: task 2 (a) awaits task 3 (b) awaits task 4 (c) awaits task 2 (a);"
                    + " nothing else can wake them");
            // the lines on the red of a cycle's entries read as well as anywhere
            assertThat(tab.eval(StepThroughPhoneAndLongRunBrowserTest.LOW_CONTRAST).getAsJsonArray().asList())
                    .as("texts of low contrast").isEmpty();
            List<List<String>> cycle = places(tab, "#cycle li");
            assertThat(cycle).hasSize(3);
            List<String> ring = List.of(a, b, c);
            for (int i = 0; i < 3; i++) {
                assertThat(cycle.get(i)).as("task " + (i + 2) + " in the banner")
                        .containsExactly(homework, "called from Cycle.main (a lambda) at " + ring.get(i));
            }
        }
        for (int[] size : StepThroughLayoutBrowserTest.SIZES) {
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(html, List.of("step=2", "step=end"),
                    size[0], size[1]), size[0]);
        }
    }

    @Test
    void theRunningTaskResumesInTheChainOfItsOwnCalls() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("gather.html");
        CliRun run = Programs.run(classes, "homework.GatherExample", html);
        assertThat(run.exit()).as(run.err()).isZero();

        try (DevTools.Tab tab = chromium.tab(html, "step=7", 1366, 900)) {
            // step 7: main is sent a's result where gather awaited it, inside the example's lambda
            List<String> resumed = places(tab, "#running").getFirst();
            assertThat(resumed.get(0)).startsWith("resumed in Homework.awaitTask at Homework.java:"
                    + Programs.lineOf(HOMEWORK, "Scheduler.syscall(\"awaitTask\""));
            assertThat(resumed.get(1)).isEqualTo("called from Homework.gather at Homework.java:"
                    + Programs.lineOf(HOMEWORK, "results.add(awaitTask(tid));")
                    + " results.add(awaitTask(tid)); // in argument order, whichever finishes first");
            assertThat(resumed.get(2)).startsWith("called from Homework.gather at Homework.java:");
            assertThat(resumed).anySatisfy(f -> assertThat(f).startsWith("called from GatherExample.main (a lambda) at"
                    + " GatherExample.java:"));
            // the tasks asleep in readFile: the example's line
            assertThat(places(tab, "#sleeping .entry")).isNotEmpty().allSatisfy(p -> assertThat(p.getFirst())
                    .startsWith("waits in GatherExample.readFile at GatherExample.java:"));
        }
    }
}
