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
        Map<String, String> doms = chromium.dumpDoms(html, fragments);
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

    /**
     * What the lecture's loop does before each step of Example, worked out from §3c by hand: main
     * is created ({@code run} calls {@code create_task(main)}), creates A, B, C and sleeps 0.01;
     * each worker prints and sleeps its delay (A 0.10 x3, B 0.05 x4, C 0.15 x2); when nothing is
     * ready the loop sleeps until the nearest timer ({@code _idle_wait_or_deadlock}) and
     * {@code _wake_sleeping} appends every due task to ready in wake order (a tie: first to sleep,
     * first out); then {@code _step_one} pops the front and sends it None (null). Index 0 is step
     * 1; the last entry is the end, after step 14.
     */
    static final List<List<String>> HAPPENED = List.of(
            List.of("created task 1 (main) -> ready", "popleft -> task 1 (main), sent null"),
            List.of("created task 2 (worker A), task 3 (worker B), task 4 (worker C) -> ready",
                    "task 1 (main) yielded Sleep[duration=0.01] -> sleeping until 0.010 s",
                    "popleft -> task 2 (worker A), sent null"),
            List.of("task 2 (worker A) yielded Sleep[duration=0.1] -> sleeping until 0.100 s",
                    "popleft -> task 3 (worker B), sent null"),
            List.of("task 3 (worker B) yielded Sleep[duration=0.05] -> sleeping until 0.050 s",
                    "popleft -> task 4 (worker C), sent null"),
            List.of("task 4 (worker C) yielded Sleep[duration=0.15] -> sleeping until 0.150 s",
                    "idle 0.010 s (0.000 s to 0.010 s): nothing was ready",
                    "timer due at 0.010 s: task 1 (main) -> ready", "popleft -> task 1 (main), sent null"),
            List.of("task 1 (main) returned null -> results[1]",
                    "idle 0.040 s (0.010 s to 0.050 s): nothing was ready",
                    "timer due at 0.050 s: task 3 (worker B) -> ready", "popleft -> task 3 (worker B), sent null"),
            List.of("task 3 (worker B) yielded Sleep[duration=0.05] -> sleeping until 0.100 s",
                    "idle 0.050 s (0.050 s to 0.100 s): nothing was ready",
                    "timer due at 0.100 s: task 2 (worker A), task 3 (worker B) -> ready",
                    "popleft -> task 2 (worker A), sent null"),
            List.of("task 2 (worker A) yielded Sleep[duration=0.1] -> sleeping until 0.200 s",
                    "popleft -> task 3 (worker B), sent null"),
            List.of("task 3 (worker B) yielded Sleep[duration=0.05] -> sleeping until 0.150 s",
                    "idle 0.050 s (0.100 s to 0.150 s): nothing was ready",
                    "timer due at 0.150 s: task 4 (worker C), task 3 (worker B) -> ready",
                    "popleft -> task 4 (worker C), sent null"),
            List.of("task 4 (worker C) yielded Sleep[duration=0.15] -> sleeping until 0.300 s",
                    "popleft -> task 3 (worker B), sent null"),
            List.of("task 3 (worker B) yielded Sleep[duration=0.05] -> sleeping until 0.200 s",
                    "idle 0.050 s (0.150 s to 0.200 s): nothing was ready",
                    "timer due at 0.200 s: task 2 (worker A), task 3 (worker B) -> ready",
                    "popleft -> task 2 (worker A), sent null"),
            List.of("task 2 (worker A) yielded Sleep[duration=0.1] -> sleeping until 0.300 s",
                    "popleft -> task 3 (worker B), sent null"),
            List.of("task 3 (worker B) returned null -> results[3]",
                    "idle 0.100 s (0.200 s to 0.300 s): nothing was ready",
                    "timer due at 0.300 s: task 4 (worker C), task 2 (worker A) -> ready",
                    "popleft -> task 4 (worker C), sent null"),
            List.of("task 4 (worker C) returned null -> results[4]", "popleft -> task 2 (worker A), sent null"),
            List.of("task 2 (worker A) returned null -> results[2]"));

    /** The entries each step outlines as new or moved since the step before (the running task is red instead). */
    static final Map<Integer, Map<String, List<Integer>>> OUTLINED = Map.of(
            2, Map.of("ready", List.of(3, 4), "sleeping", List.of(1), "results", List.of()),
            5, Map.of("ready", List.of(), "sleeping", List.of(4), "results", List.of()),
            6, Map.of("ready", List.of(), "sleeping", List.of(), "results", List.of(1)),
            7, Map.of("ready", List.of(3), "sleeping", List.of(), "results", List.of()),
            13, Map.of("ready", List.of(2), "sleeping", List.of(), "results", List.of(3)));

    @Test
    void everyStepSaysWhatTheLoopDidInTheLecturesWordsAndOutlinesWhatMoved() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();
        List<String> fragments = new java.util.ArrayList<>();
        for (int n = 1; n <= 14; n++) {
            fragments.add("step=" + n);
        }
        fragments.add("step=end");

        Map<String, String> doms = chromium.dumpDoms(html, fragments);

        for (int n = 1; n <= 15; n++) {
            StepPageDom page = new StepPageDom(doms.get(fragments.get(n - 1)));
            assertThat(page.entries("did")).as("what happened before step " + n).containsExactlyElementsOf(HAPPENED.get(n - 1));
        }
        OUTLINED.forEach((n, want) -> {
            StepPageDom page = new StepPageDom(doms.get("step=" + n));
            want.forEach((state, tids) -> assertThat(page.moved(state)).as("step " + n + " " + state + " outlined")
                    .containsExactlyElementsOf(tids));
        });
        // every list says how many it holds
        StepPageDom two = new StepPageDom(doms.get("step=2"));
        assertThat(List.of(two.count("ready"), two.count("sleeping"), two.count("results"), two.count("parked")))
                .containsExactly("(2)", "(1)", "(0)", "(0)");
        StepPageDom end = new StepPageDom(doms.get("step=end"));
        assertThat(end.count("results")).isEqualTo("(4)");
        assertThat(end.count("failed")).isEqualTo("(0)");
        assertThat(end.paragraph("overviewNote")).isEqualTo("Drawn: all 4 tasks.");
    }

    /** "Example.java:37 sleep(delay); ...": the line of Example's source that holds {@code code}, as the page names it. */
    static String exampleLine(String code) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("src", "main", "java", "miniasyncio", "examples", "Example.java"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith(code)) {
                return "Example.java:" + (i + 1) + " " + lines.get(i).strip();
            }
        }
        throw new AssertionError("no line starts with " + code + " in Example.java");
    }

    @Test
    void eachTaskShowsTheLineOfItsOwnCodeItIsSuspendedAt() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();
        String worker = exampleLine("sleep(delay);");  // in worker(): each worker waits here
        String main = exampleLine("sleep(0.01);");     // in main()

        Map<String, String> doms = chromium.dumpDoms(html, List.of("step=2", "step=7", "step=12"));

        // step 2: A starts (no line yet), B and C have not started, main sleeps in main()
        StepPageDom two = new StepPageDom(doms.get("step=2"));
        assertThat(two.resumedAt()).isEmpty();
        assertThat(two.waits("ready")).containsExactly("", "");
        assertThat(two.waits("sleeping")).containsExactly("waits in Example.main at " + main);
        // step 7: A resumes in worker(); B (ready) and C (asleep) wait at the same line of their own
        StepPageDom seven = new StepPageDom(doms.get("step=7"));
        assertThat(seven.resumedAt()).isEqualTo("resumed in Example.worker at " + worker);
        assertThat(seven.waits("ready")).containsExactly("waits in Example.worker at " + worker);
        assertThat(seven.waits("sleeping")).containsExactly("waits in Example.worker at " + worker);
        StepPageDom twelve = new StepPageDom(doms.get("step=12"));
        assertThat(twelve.resumedAt()).isEqualTo("resumed in Example.worker at " + worker);
        assertThat(twelve.waits("sleeping")).containsExactly("waits in Example.worker at " + worker,
                "waits in Example.worker at " + worker);
        // the line is beside the entry, not in the text that the other tests compare
        assertThat(seven.entries("ready")).containsExactly("task 3 (worker B): send null");
    }

    @Test
    void theStepTheTaskRunsSaysWhatItWasSentAndWhatItYielded() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();

        StepPageDom page = new StepPageDom(chromium.dumpDom(html, "step=5"));

        assertThat(page.text("running")).isEqualTo(
                "running task 1 (main) (its step 2), sent null, then it returned null");
        assertThat(page.outputNow()).containsExactly("[main] all tasks scheduled");
        // the loop iteration before it ran no task: the loop slept until main's timer
        assertThat(page.entries("did")).contains("idle 0.010 s (0.000 s to 0.010 s): nothing was ready");
        assertThat(page.text("note")).isEmpty();
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
              key('Home');
              // a click where B's step-2 bar is drawn (it is thin: a step takes no virtual time) hits that bar
              const tick = d.querySelector('#timeline rect.bar.running[data-tid="3"][data-step="2"]');
              tick.scrollIntoView({ block: 'center' });
              const b = tick.getBoundingClientRect();
              d.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)
                .dispatchEvent(new w.MouseEvent('click', { bubbles: true })); step('timeline point on B step 2');
              // picking a task in the list, then n at once: the keys reach the page, not the list
              select.focus(); select.value = '2'; select.dispatchEvent(new w.Event('change', { bubbles: true }));
              d.activeElement.dispatchEvent(new w.KeyboardEvent('keydown', { key: 'n', bubbles: true }));
              step('n right after picking task 2');
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

        String dom = chromium.dumpDom(harness);

        java.util.regex.Matcher log = java.util.regex.Pattern.compile("<pre id=\"log\">(.*?)</pre>",
                java.util.regex.Pattern.DOTALL).matcher(dom);
        assertThat(log.find()).as(dom).isTrue();
        assertThat(log.group(1).lines()).containsExactly("opened=3", "right=4", "right=5", "left=4", "next=5",
                "prev=4", "end=15", "home=1", "n task 4=4", "n task 4=9", "p task 4=4", "next of task 4=9",
                "slider 11=12", "overview column 7=7", "timeline bar of B step 4=10", "output line 5=6",
                "timeline point on B step 2=6", "n right after picking task 2=7", "hash #step=7=7");
    }

    @Test
    void aLongRunSaysWhichStepsItKept() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString(),
                "--step-limit", "4").exit()).isZero();

        StepPageDom page = new StepPageDom(chromium.dumpDom(html, "step=6"));

        assertThat(page.step()).isEqualTo("5"); // step 6 was not kept: the page shows the nearest kept step
        assertThat(page.text("thinned")).isEqualTo("step 6 was not kept (the page keeps every 4th step); nearest kept step: 5");
        assertThat(page.paragraph("summary")).startsWith("14 steps on the virtual clock; kept every 4th step, 4 of them"
                + " (at most 4, so that the page stays small), then the end.");
        assertThat(page.text("note")).isEqualTo("the next 3 steps were not kept");
        // what happened right before the kept step, since the one before it (4) was not kept
        assertThat(page.entries("did")).containsExactly(
                "task 4 (worker C) yielded Sleep[duration=0.15] -> sleeping until 0.150 s",
                "idle 0.010 s (0.000 s to 0.010 s): nothing was ready",
                "timer due at 0.010 s: task 1 (main) -> ready", "popleft -> task 1 (main), sent null");
        // a kept step says nothing of thinning; step 8 is nearer to 9 than to 5
        assertThat(new StepPageDom(chromium.dumpDom(html, "step=5")).text("thinned")).isEmpty();
        StepPageDom eight = new StepPageDom(chromium.dumpDom(html, "step=8"));
        assertThat(eight.step()).isEqualTo("9");
        assertThat(eight.text("thinned")).isEqualTo("step 8 was not kept (the page keeps every 4th step); nearest kept step: 9");
    }

    @Test
    void theScreenshotShowsTheStructuresInColour() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();
        Path png = Path.of("target", "step-through", "example-step-8.png");
        Files.createDirectories(png.getParent());
        Files.deleteIfExists(png);

        chromium.screenshot(html, "step=8", png, 1366, 1700); // each task's chain of lines: a longer page

        assertThat(png).exists();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(count(image, 0xd62728)).as("pixels of the running task and of running cells (red)").isGreaterThan(1500);
        assertThat(count(image, 0x9ecae1)).as("pixels of sleeping entries and cells (blue)").isGreaterThan(1500);
        assertThat(count(image, 0xfff3c4)).as("the output line of this step, highlighted").isGreaterThan(3000);

        // the one in docs/observing.md: step 7, what happened (a timer due) and the line each task waits at
        Path seven = png.resolveSibling("example-step-7.png");
        chromium.screenshot(html, "step=7", seven, 1366, 1000);
        assertThat(count(ImageIO.read(seven.toFile()), 0xd62728)).as("the running task and the outlines (red)")
                .isGreaterThan(1500);
    }

    @Test
    void onAPhoneTheStructuresStackAndStayReadable() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("ex.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString()).exit()).isZero();
        Path png = dir.resolve("phone.png");

        chromium.screenshot(html, "step=7", png, 390, 844);

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
