package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

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
 * Opens the page of {@code run Example --virtual-time --step-through} in headless Chromium at
 * several {@code #step=N} and reads the DOM: at each step, {@code ready}, {@code sleeping} and
 * {@code results} hold what the lecture's scheduler holds then (worked out by hand from the
 * lecture's §3c, below), the page and the recorder's JSON agree, and a screenshot is written.
 * The homework's {@code Gather} and a deadlock: {@link StepThroughHomeworkBrowserTest}.
 */
class StepThroughBrowserTest {

    @TempDir
    Path dir;

    /**
     * The lecture's Example on the virtual clock, step by step: what the loop holds while the task
     * runs (it has just been taken from the front of ready, due timers already woken). Wake
     * times tie at 0.10, 0.15, 0.20 and 0.30: first to sleep, first to wake.
     */
    record Expected(String running, List<String> ready, List<String> sleeping, List<String> results) {}

    static final Map<Integer, Expected> LECTURE = Map.of(
            1, new Expected("task 1 (main)", List.of(), List.of(), List.of()),
            2, new Expected("task 2 (worker A)", List.of("task 3 (worker B): send null", "task 4 (worker C): send null"),
                    List.of("task 1 (main) wakes at 0.010 s: Sleep[duration=0.01]"), List.of()),
            4, new Expected("task 4 (worker C)", List.of(), List.of(
                    "task 1 (main) wakes at 0.010 s: Sleep[duration=0.01]",
                    "task 3 (worker B) wakes at 0.050 s: Sleep[duration=0.05]",
                    "task 2 (worker A) wakes at 0.100 s: Sleep[duration=0.1]"), List.of()),
            7, new Expected("task 2 (worker A)", List.of("task 3 (worker B): send null"),
                    List.of("task 4 (worker C) wakes at 0.150 s: Sleep[duration=0.15]"), List.of("1 main returned null")),
            9, new Expected("task 4 (worker C)", List.of("task 3 (worker B): send null"),
                    List.of("task 2 (worker A) wakes at 0.200 s: Sleep[duration=0.1]"), List.of("1 main returned null")),
            12, new Expected("task 3 (worker B)", List.of(), List.of(
                    "task 4 (worker C) wakes at 0.300 s: Sleep[duration=0.15]",
                    "task 2 (worker A) wakes at 0.300 s: Sleep[duration=0.1]"), List.of("1 main returned null")),
            14, new Expected("task 2 (worker A)", List.of(), List.of(),
                    List.of("1 main returned null", "3 worker B returned null", "4 worker C returned null")));

    /** The lines each sampled step prints (the lecture's virtual-time transcript). */
    static final Map<Integer, List<String>> PRINTED = Map.of(1, List.of(), 2, List.of("[A] step 0, t=0.00"),
            4, List.of("[C] step 0, t=0.00"), 7, List.of("[A] step 1, t=0.10"), 9, List.of("[C] step 1, t=0.15"),
            12, List.of(), 14, List.of());

    @Test
    void atEverySampledStepThePageShowsWhatTheSchedulerHeld() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        CliRun run = CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.err()).contains("wrote " + html);
        // offline: no address but the SVG namespace's name (which is never fetched), nothing loaded
        assertThat(Files.readString(html).replace("http://www.w3.org/2000/svg", ""))
                .doesNotContain("http://", "https://", "src=", "@import", "url(", "fetch(", "XMLHttpRequest");
        JsonObject json = StepPageDom.json(html);
        assertThat(json.get("steps").getAsInt()).isEqualTo(14);
        assertThat(json.get("stride").getAsInt()).isEqualTo(1);

        List<String> fragments = new java.util.ArrayList<>(LECTURE.keySet().stream().sorted().map(n -> "step=" + n).toList());
        fragments.add("step=end");
        Map<String, String> doms = chromium.dumpDoms(html, fragments, dir.resolve("profile"));
        for (var e : LECTURE.entrySet()) {
            int n = e.getKey();
            Expected want = e.getValue();
            StepPageDom page = new StepPageDom(doms.get("step=" + n));
            JsonObject snap = StepPageDom.snap(json, n);
            String at = "step " + n;
            assertThat(page.step()).as(at).isEqualTo(String.valueOf(n));
            assertThat(page.text("running")).as(at).startsWith("running " + want.running() + " ");
            assertThat(page.entries("ready")).as(at + " ready").containsExactlyElementsOf(want.ready())
                    .containsExactlyElementsOf(StepPageDom.jsonEntries(snap, "ready"));
            assertThat(page.entries("sleeping")).as(at + " sleeping").containsExactlyElementsOf(want.sleeping())
                    .containsExactlyElementsOf(StepPageDom.jsonEntries(snap, "sleeping"));
            assertThat(page.entries("results")).as(at + " results").containsExactlyElementsOf(want.results())
                    .containsExactlyElementsOf(StepPageDom.jsonEntries(snap, "results"));
            assertThat(page.entries("parked")).as(at + " parked").isEmpty();
            assertThat(page.outputNow()).as(at + " output").containsExactlyElementsOf(PRINTED.get(n));
            // the timeline marks the running task's bar of this step
            assertThat(page.currentBar()).as(at + " timeline").isEqualTo(snap.get("tid").getAsInt() + "/"
                    + snap.get("k").getAsInt()).startsWith(want.running().substring(5, 6) + "/");
        }

        StepPageDom end = new StepPageDom(doms.get("step=end"));
        assertThat(end.text("running")).startsWith("The loop stopped: no task left to run");
        assertThat(end.entries("ready")).isEmpty();
        assertThat(end.entries("sleeping")).isEmpty();
        assertThat(end.entries("results")).containsExactly("1 main returned null", "3 worker B returned null",
                "4 worker C returned null", "2 worker A returned null");
        assertThat(end.outputNow()).containsExactly("scheduler finished in 0.30s");
    }

    @Test
    void theStepTheTaskRunsSaysWhatItWasSentAndWhatItYielded() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();

        StepPageDom page = new StepPageDom(chromium.dumpDom(html, "step=5", dir.resolve("profile")));

        assertThat(page.text("running")).isEqualTo(
                "running task 1 (main) (its step 2), sent null, then it returned null");
        assertThat(page.outputNow()).containsExactly("[main] all tasks scheduled");
        // the loop iteration before it ran no task: the loop slept until main's timer
        assertThat(page.text("note")).isEqualTo("before this step the loop waited idle from 0.000 s to 0.010 s"
                + " (nothing was ready)");
    }

    /**
     * Keys and mouse, as a person uses them: a page beside the step-through page loads it in a
     * frame, sends it key presses and clicks, and writes down the step shown after each.
     */
    static final String HARNESS = """
            <!DOCTYPE html><html><body><pre id="log"></pre>
            <iframe id="f" src="ex.html#step=3" width="1200" height="900"></iframe>
            <script>
            const frame = document.getElementById('f');
            frame.onload = () => {
              const w = frame.contentWindow, d = w.document, log = [];
              const step = what => log.push(what + '=' + d.body.dataset.step);
              const key = k => d.dispatchEvent(new w.KeyboardEvent('keydown', { key: k, bubbles: true }));
              step('opened');
              key('ArrowRight'); step('right');
              key('ArrowRight'); step('right');
              key('ArrowLeft'); step('left');
              d.getElementById('next').click(); step('next');
              d.getElementById('prev').click(); step('prev');
              key('End'); step('end');
              key('Home'); step('home');
              const select = d.getElementById('task');
              select.value = '4'; key('n'); step('n task 4');
              key('n'); step('n task 4');
              key('p'); step('p task 4');
              d.getElementById('taskNext').click(); step('next of task 4');
              const slider = d.getElementById('slider');
              slider.value = '11'; slider.dispatchEvent(new w.Event('input')); step('slider 11');
              const canvas = d.getElementById('overview'), box = canvas.getBoundingClientRect();
              const column = (box.width - 150) / 15;  // 14 steps and the end; names take 150 px
              canvas.dispatchEvent(new w.PointerEvent('pointerdown', { clientX: box.left + 150 + column * 6.5,
                clientY: box.top + 30, pointerId: 1, bubbles: true })); step('overview column 7');
              d.querySelector('#timeline rect.bar.running[data-tid="3"][data-step="4"]')
                .dispatchEvent(new w.MouseEvent('click', { bubbles: true })); step('timeline bar of B step 4');
              d.querySelectorAll('#output li')[4].click(); step('output line 5');
              step('hash ' + w.location.hash);
              document.getElementById('log').textContent = log.join('\\n');
            };
            </script></body></html>
            """;

    @Test
    void arrowKeysButtonsTheSliderAndClicksMoveThroughTheSteps() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();
        Path harness = dir.resolve("harness.html");
        Files.writeString(harness, HARNESS);

        String dom = chromium.dumpDomWithFileAccess(harness, dir.resolve("profile"));

        java.util.regex.Matcher log = java.util.regex.Pattern.compile("<pre id=\"log\">(.*?)</pre>",
                java.util.regex.Pattern.DOTALL).matcher(dom);
        assertThat(log.find()).as(dom).isTrue();
        assertThat(log.group(1).lines()).containsExactly("opened=3", "right=4", "right=5", "left=4", "next=5",
                "prev=4", "end=15", "home=1", "n task 4=4", "n task 4=9", "p task 4=4", "next of task 4=9",
                "slider 11=12", "overview column 7=7", "timeline bar of B step 4=10", "output line 5=6",
                "hash #step=6=6");
    }

    @Test
    void aLongRunSaysWhichStepsItKept() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString(),
                "--step-limit", "4").exit()).isZero();

        StepPageDom page = new StepPageDom(chromium.dumpDom(html, "step=6", dir.resolve("profile")));

        assertThat(page.step()).isEqualTo("5"); // step 6 was not kept: the page shows the kept step before it
        assertThat(page.paragraph("summary")).startsWith("14 steps on the virtual clock; kept every 4th step, 4 of them"
                + " (at most 4, so that the page stays small), then the end.");
        assertThat(page.text("note")).isEqualTo("before this step the loop waited idle from 0.000 s to 0.010 s"
                + " (nothing was ready); the next 3 steps were not kept");
    }

    @Test
    void theScreenshotShowsTheStructuresInColour() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();
        Path png = Path.of("target", "step-through", "example-step-8.png");
        Files.createDirectories(png.getParent());
        Files.deleteIfExists(png);

        chromium.screenshot(html, "step=8", png, 1280, 900, dir.resolve("profile"));

        assertThat(png).exists();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(count(image, 0xd62728)).as("pixels of the running task and of running cells (red)").isGreaterThan(1500);
        assertThat(count(image, 0x9ecae1)).as("pixels of sleeping entries and cells (blue)").isGreaterThan(1500);
        assertThat(count(image, 0xfff3c4)).as("the output line of this step, highlighted").isGreaterThan(3000);
    }

    @Test
    void onAPhoneTheStructuresStackAndStayReadable() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();
        Path png = dir.resolve("phone.png");

        chromium.screenshot(html, "step=7", png, 390, 844, dir.resolve("profile"));

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(390);
        // the running task's red label is on the first screen, not pushed off to the side
        assertThat(count(image, 0xd62728)).isGreaterThan(300);
    }

    static int count(BufferedImage image, int colour) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (near(image.getRGB(x, y) & 0xffffff, colour)) {
                    n++;
                }
            }
        }
        return n;
    }

    private static boolean near(int rgb, int colour) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((rgb >> shift) & 0xff) - ((colour >> shift) & 0xff)) > 12) {
                return false;
            }
        }
        return true;
    }
}
