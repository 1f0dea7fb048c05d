package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step-through page hides nothing, at a laptop's 1366x900 and a phone's 390x844: no element
 * is wider than the window (long values wrap), the output pane shows the lines of the step on
 * screen, the phone keeps the timeline at full size (its box scrolls); and a failure is hard to
 * miss: its own colour, and the end lists every failed task and every exception nobody retrieved,
 * in a long run too. Runs {@link FailingTasks} (long values, a failure nobody awaits) beside the
 * lecture's Example.
 */
class StepThroughLayoutBrowserTest {

    @TempDir
    Path dir;

    static final int[][] SIZES = {{1366, 900}, {390, 844}};

    static void assertNothingHidden(Map<String, JsonObject> layout, int width) {
        layout.forEach((fragment, m) -> {
            String at = fragment + " at " + width + " px";
            assertThat(m.getAsJsonArray("wide").asList()).as(at + ": elements wider than the window").isEmpty();
            assertThat(m.get("scrollWidth").getAsInt()).as(at + ": the page's width").isLessThanOrEqualTo(
                    m.get("viewport").getAsInt());
            assertThat(m.getAsJsonArray("outputNowShown").asList()).as(at + ": this step's output lines on screen")
                    .allMatch(JsonElement::getAsBoolean);
            if (width < 600 && !m.get("timelineFullSize").isJsonNull()) {
                assertThat(m.get("timelineFullSize").getAsBoolean()).as(at + ": the timeline at full size").isTrue();
            }
        });
    }

    @Test
    void atALaptopsAndAPhonesWidthNothingIsWiderThanTheWindowAndTheOutputFollows() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path example = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", example.toString()).exit()).isZero();
        Path failing = dir.resolve("failing.html");
        assertThat(CliRun.of("run", FailingTasks.class.getName(), "--virtual-time", "--step-through",
                failing.toString()).exit()).isZero();

        for (int[] size : SIZES) {
            Map<String, JsonObject> ex = chromium.layout(example, List.of("step=1", "step=7", "step=11", "step=13",
                    "step=end"), size[0], size[1]);
            assertNothingHidden(ex, size[0]);
            // the later lines sit below the pane's first screen: it scrolled to them
            assertThat(ex.get("step=11").getAsJsonArray("outputNowShown").asList()).hasSize(1);
            assertThat(ex.get("step=end").getAsJsonArray("outputNowShown").asList()).hasSize(1);
            assertNothingHidden(chromium.layout(failing, List.of("step=3", "step=4", "step=5", "step=6", "step=end"),
                    size[0], size[1]), size[0]);
        }
        Path png = Path.of("target", "step-through", "example-phone-step-7.png");
        Files.createDirectories(png.getParent());
        chromium.screenshot(example, "step=7", png, 390, 844);
        assertThat(ImageIO.read(png.toFile()).getWidth()).isEqualTo(390);
    }

    /** Task 2's exception: its class, its whole message (quoted), then where it was thrown. */
    static final String BOOM = "java.lang.IllegalStateException: \"boom " + "x".repeat(200) + "\""
            + "thrown in FailingTasks.call (a lambda) at FailingTasks.java:19"
            + " throw new IllegalStateException(\"boom \" + \"x\".repeat(200));";

    /** The end's entry for task 2: that nobody retrieved its exception, then the exception. */
    static final String DOOMED = "task 2 (doomed) failed at step 4; nobody retrieved its exception (stderr: Task exception"
            + " was never retrieved: task 2 (doomed)): " + BOOM;

    @Test
    void aFailedTaskHasItsOwnColourAndTheEndListsEveryFailureEvenInALongRun() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("failing.html");
        CliRun run = CliRun.of("run", FailingTasks.class.getName(), "--virtual-time", "--step-through", html.toString());
        assertThat(run.err()).contains("Task exception was never retrieved: task 2 (doomed)");

        Map<String, String> doms = chromium.dumpDoms(html, List.of("step=4", "step=5", "step=end"));

        StepPageDom four = new StepPageDom(doms.get("step=4"));
        assertThat(four.text("running")).startsWith("running task 2 (doomed) (its step 2), sent null, then it failed "
                + BOOM);
        assertThat(four.entries("failed")).isEmpty();
        StepPageDom five = new StepPageDom(doms.get("step=5"));
        assertThat(five.entries("did").get(0)).startsWith("task 2 (doomed) failed: java.lang.IllegalStateException: boom x")
                .endsWith("... -> results[2]");
        assertThat(five.entries("results")).anyMatch(e -> e.startsWith("2 doomed failed: java.lang.IllegalStateException"));
        assertThat(five.entries("failed")).singleElement().asString().startsWith("task 2 (doomed) failed at step 4: " + BOOM);
        StepPageDom end = new StepPageDom(doms.get("step=end"));
        assertThat(end.text("running")).isEqualTo("The loop stopped: no task left to run, every task has finished;"
                + " 1 of them failed, 1 with an exception nobody retrieved (see \"failed tasks\").");
        assertThat(end.entries("failed")).singleElement().asString().startsWith(DOOMED);
        assertThat(end.count("failed")).isEqualTo("(1)");
        // 33 tasks finished after it: the results list the last 20, the failure list keeps it
        assertThat(end.count("results")).isEqualTo("(33)");
        assertThat(end.entries("results")).hasSize(20).noneMatch(e -> e.startsWith("2 "));

        // its own colour: the row in results, the line of what happened, its cell in the overview
        Path png = Path.of("target", "step-through", "failing-step-5.png");
        Files.createDirectories(png.getParent());
        chromium.screenshot(html, "step=5", png, 1366, 1400);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(StepThroughBrowserTest.count(image, 0x7b1fa2)).as("pixels of the failed colour").isGreaterThan(800);
        // the one in docs/observing.md: the same step on a phone
        Path phone = png.resolveSibling("failing-phone-step-5.png");
        chromium.screenshot(html, "step=5", phone, 390, 844);
        assertThat(StepThroughBrowserTest.count(ImageIO.read(phone.toFile()), 0x7b1fa2)).as("the failed colour on a phone")
                .isGreaterThan(300);

        // a run thinned to every 16th step still lists the failure at its end
        Path thin = dir.resolve("thin.html");
        assertThat(CliRun.of("run", FailingTasks.class.getName(), "--virtual-time", "--step-through", thin.toString(),
                "--step-limit", "3").exit()).isZero();
        JsonObject json = StepPageDom.json(thin);
        assertThat(json.get("stride").getAsInt()).isGreaterThan(4);
        StepPageDom thinEnd = new StepPageDom(chromium.dumpDom(thin, "step=end"));
        assertThat(thinEnd.entries("failed")).singleElement().asString().startsWith(DOOMED);
    }
}
