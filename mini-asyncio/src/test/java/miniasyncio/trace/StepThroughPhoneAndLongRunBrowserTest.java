package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step-through page on a phone and on a long run (issue 47, item 5): at 390x844 the ready
 * deque shows which end is its front, the lines where tasks wait are 14 px or more, the timeline
 * scrolls to the step shown; in a run of more tasks than the overview draws, a failed task and the
 * tasks left stuck are drawn, and a task that exists but no structure lists is drawn as such, not
 * left blank; no "what happened" box is empty without saying why; numbers have thousands
 * separators; and the output of later steps cannot be read before its step.
 */
class StepThroughPhoneAndLongRunBrowserTest {

    @TempDir
    Path dir;

    @TempDir
    static Path classes;

    private Path example(String... more) {
        Path html = dir.resolve("ex.html");
        List<String> args = new ArrayList<>(List.of("run", "Example", "--virtual-time", "--step-through", html.toString()));
        args.addAll(List.of(more));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
        return html;
    }

    private static List<String> strings(JsonElement array) {
        List<String> out = new ArrayList<>();
        array.getAsJsonArray().forEach(e -> out.add(e.isJsonPrimitive() ? e.getAsString() : e.toString()));
        return out;
    }

    private static void go(DevTools.Tab tab, String fragment) throws IOException {
        tab.eval("location.hash = '" + fragment + "'; new Promise(done => setTimeout(done, 50))");
    }

    @Test
    void onAPhoneTheDequeShowsItsEndsTheWaitingLinesAreReadableAndTheTimelineFollowsTheStep() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        try (DevTools.Tab tab = chromium.tab(example(), "step=7", 390, 844)) {
            // both ends of ready in sight, the front before the first entry and the back after the last
            JsonObject ends = tab.eval("""
                    (() => {
                      const [front, back] = [...document.querySelectorAll('.deque .end')];
                      const shown = e => { const r = e.getBoundingClientRect();
                        return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= innerWidth
                          && getComputedStyle(e).visibility === 'visible'; };
                      const entries = [...document.querySelectorAll('#ready .entry')].map(e => e.getBoundingClientRect());
                      const f = front.getBoundingClientRect(), b = back.getBoundingClientRect();
                      return { front: front.textContent, back: back.textContent, frontShown: shown(front), backShown: shown(back),
                        frontFirst: entries.every(r => f.bottom <= r.top + 1 || f.right <= r.left + 1),
                        backLast: entries.every(r => b.top >= r.bottom - 1 || b.left >= r.right - 1), entries: entries.length };
                    })()""").getAsJsonObject();
            assertThat(ends.get("front").getAsString()).isEqualTo("popleft \u2190 front");
            assertThat(ends.get("back").getAsString()).isEqualTo("back \u2190 append");
            assertThat(ends.get("entries").getAsInt()).isEqualTo(1);
            for (String key : List.of("frontShown", "backShown", "frontFirst", "backLast")) {
                assertThat(ends.get(key).getAsBoolean()).as(key + " at 390 px").isTrue();
            }

            // every text of a line where a task waits: 14 px or more
            List<String> sizes = strings(tab.eval("""
                    [...document.querySelectorAll('.waits, .waits *')]
                      .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
                      .map(e => getComputedStyle(e).fontSize + ' ' + e.textContent.slice(0, 30))"""));
            assertThat(sizes).as("the waiting lines' texts").isNotEmpty()
                    .allSatisfy(s -> assertThat(Double.parseDouble(s.substring(0, s.indexOf("px")))).as(s)
                            .isGreaterThanOrEqualTo(14));

            // the timeline (full size, 1,160 px: its box scrolls) keeps the step's line in sight
            String cursorShown = """
                    (() => { const c = document.getElementById('cursor').getBoundingClientRect();
                      const b = document.getElementById('timelineBox').getBoundingClientRect();
                      return c.left >= b.left && c.left <= b.right; })()""";
            assertThat(tab.eval(cursorShown).getAsBoolean()).as("the timeline's line at step 7").isTrue();
            go(tab, "step=13");
            assertThat(tab.eval(cursorShown).getAsBoolean()).as("the timeline's line at step 13").isTrue();
            tab.press("Home");
            assertThat(tab.eval(cursorShown).getAsBoolean()).as("the timeline's line at step 1").isTrue();
        }
    }

    /**
     * 61 tasks on the homework's scheduler: task 45 fails, tasks 47 and 48 await each other and are
     * left stuck, task 61 takes 1,100 steps and prints at the end. The run is thinned to every 2nd
     * step and ends in a deadlock. The overview draws 40 rows.
     */
    static final String LONG_RUN = """
            package steptest;

            import static homework.Homework.awaitTask;
            import static miniasyncio.MiniAsyncio.createTask;
            import static miniasyncio.MiniAsyncio.sleep;

            import homework.HomeworkScheduler;

            public class LongRun {
                public static void main(String[] args) {
                    new HomeworkScheduler().run("main", () -> {
                        int[] pair = new int[2];
                        for (int tid = 2; tid <= 60; tid++) {
                            int delay = tid;
                            if (tid == 45) {
                                createTask("broken", () -> {
                                    sleep(0.01);
                                    throw new IllegalStateException("task 45 gives up");
                                });
                            } else if (tid == 47) {
                                pair[0] = createTask("stuck A", () -> awaitTask(pair[1]));
                            } else if (tid == 48) {
                                pair[1] = createTask("stuck B", () -> awaitTask(pair[0]));
                            } else {
                                createTask(() -> {
                                    sleep(0.001 * delay);
                                    return delay;
                                });
                            }
                        }
                        createTask("long", () -> {
                            for (int k = 0; k < 1100; k++) {
                                sleep(0);
                            }
                            System.out.println("done after 1,100 steps");
                            return null;
                        });
                        return null;
                    });
                }
            }
            """;

    /** How many pixels of the overview's canvas are drawn in {@code colour} ("#7b1fa2"). */
    private static int canvasPixels(DevTools.Tab tab, String colour) throws IOException {
        return tab.eval("""
                (() => {
                  const c = document.getElementById('overview'), want = '%s';
                  const rgb = [1, 3, 5].map(i => parseInt(want.slice(i, i + 2), 16));
                  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                  let n = 0;
                  for (let i = 0; i < d.length; i += 4) {
                    if (d[i + 3] === 255 && rgb.every((v, k) => Math.abs(d[i + k] - v) <= 2)) n++;
                  }
                  return n;
                })()""".formatted(colour)).getAsInt();
    }

    private static List<String> rows(DevTools.Tab tab) throws IOException {
        return strings(tab.eval("[...document.querySelectorAll('#rows li')].map(li => li.textContent)"));
    }

    @Test
    void aLongRunDrawsItsFailedAndStuckTasksAndNoBlankCellsAndSeparatesThousands() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Programs.compile(classes, true, Map.of("steptest.LongRun", LONG_RUN));
        Path html = dir.resolve("long.html");
        CliRun run = Programs.run(classes, "steptest.LongRun", html);
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains("deadlock");
        JsonObject json = StepPageDom.json(html);
        assertThat(json.get("steps").getAsInt()).isGreaterThan(1100);
        assertThat(json.get("stride").getAsInt()).isEqualTo(2);

        try (DevTools.Tab tab = chromium.tab(html, "step=end", 1366, 900)) {
            // the 40 rows drawn: the failed and the stuck first, whatever their tid
            List<String> end = rows(tab);
            assertThat(end).hasSize(40).startsWith("task 45 (broken): failed", "task 47 (stuck A): parked",
                    "task 48 (stuck B): parked");
            assertThat(canvasPixels(tab, "#7b1fa2")).as("the failed task's cells").isGreaterThan(100);
            assertThat(canvasPixels(tab, "#ff7f0e")).as("the stuck tasks' cells").isGreaterThan(100);
            assertThat(tab.eval("document.getElementById('overviewNote').textContent").getAsString())
                    .startsWith("Drawn: 40 of the 61 tasks: the failed and the unfinished first, then by tid;");
            // step 3: 59 tasks ready, 20 listed; the others are drawn as pending, and the legend says so
            go(tab, "step=3");
            assertThat(rows(tab)).contains("task 30: pending, not listed", "task 3: running", "task 4: ready");
            assertThat(canvasPixels(tab, "#d7ccc8")).as("cells of tasks pending but not listed").isGreaterThan(500);
            assertThat(tab.eval("document.querySelector('#legend').textContent").getAsString())
                    .contains("pending, not listed");

            // thousands: the step shown, "its step N", the output's steps
            JsonObject longStep = null;
            for (JsonElement e : json.getAsJsonArray("snaps")) {
                JsonObject s = e.getAsJsonObject();
                if (s.get("tid").getAsInt() == 61 && s.get("k").getAsInt() > 1000) {
                    longStep = s;
                    break;
                }
            }
            assertThat(longStep).as("a kept step of task 61 past its 1,000th").isNotNull();
            long n = longStep.get("n").getAsLong();
            go(tab, "step=" + n);
            assertThat(tab.eval("document.getElementById('where').textContent").getAsString())
                    .startsWith("step " + String.format(java.util.Locale.ROOT, "%,d", n) + ", t = ");
            assertThat(tab.eval("document.getElementById('running').textContent").getAsString()).contains(
                    "(its step " + String.format(java.util.Locale.ROOT, "%,d", longStep.get("k").getAsInt()) + ")");
            assertThat(strings(tab.eval("[...document.querySelectorAll('#output .at')].map(e => e.textContent)")))
                    .isNotEmpty().allMatch(at -> at.matches("(step|after) \\d{1,3}(,\\d{3})*|before"));
        }
    }

    /** Every shown text whose contrast with what is behind it is under 4.5:1 (opacity counted), and why. */
    static final String LOW_CONTRAST = """
            (() => {
              const parse = c => { const m = /rgba?\\(([^)]*)\\)/.exec(c); if (!m) return null;
                const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
              const lum = c => c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
                .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
              const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
              const behind = e => {
                const layers = [];
                for (let p = e; p; p = p.parentElement) {
                  const c = parse(getComputedStyle(p).backgroundColor);
                  if (c && c[3] > 0) layers.push(c);
                  if (c && c[3] === 1) break;
                }
                return layers.reduceRight((under, top) => over(top, under), [255, 255, 255, 1]);
              };
              const opacity = e => { let o = 1; for (let p = e; p; p = p.parentElement) o *= Number(getComputedStyle(p).opacity); return o; };
              const low = [];
              document.querySelectorAll('body *').forEach(e => {
                if (e.closest('svg, .sr, script, style, canvas')) return;
                if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) return;
                const r = e.getBoundingClientRect(), st = getComputedStyle(e);
                if (r.width === 0 || r.height === 0 || st.visibility !== 'visible') return;
                const bg = behind(e), c = parse(st.color);
                const fg = over([c[0], c[1], c[2], c[3] * opacity(e)], bg);
                const [a, b] = [lum(fg), lum(bg)];
                const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
                if (ratio < 4.5) low.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' ' + ratio.toFixed(2)
                  + ': ' + e.textContent.trim().slice(0, 40));
              });
              return low;
            })()""";

    @Test
    void noBoxIsEmptyWithoutSayingWhyAndLaterOutputCannotBeReadBeforeItsStep() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        // thinned to every 4th step: the loop's last doings, after step 14, fall between kept steps
        try (DevTools.Tab tab = chromium.tab(example("--step-limit", "4"), "step=end", 1200, 900)) {
            List<String> did = strings(tab.eval(
                    "[...document.querySelectorAll('#did li')].map(li => li.className + ': ' + li.textContent)"));
            assertThat(did).singleElement().asString().startsWith("empty: ").contains("every 4th step");
        }
        try (DevTools.Tab tab = chromium.tab(example(), "step=1", 1200, 900)) {
            // at step 1 every line is printed later: each says when, none says what
            List<String> output = strings(tab.eval(
                    "[...document.querySelectorAll('#output li')].map(li => li.className + ': ' + li.textContent)"));
            assertThat(output).hasSize(11).first().asString().isEqualTo("future: step 2(printed at step 2)");
            assertThat(output).allMatch(line -> line.matches("future: (step \\d+|after \\d+)\\(printed (at|after) step \\d+\\)"));
            assertThat(output.getLast()).isEqualTo("future: after 14(printed after step 14)");
            assertThat(strings(tab.eval(LOW_CONTRAST))).as("texts of low contrast at step 1").isEmpty();
            // once printed, a line reads as the program printed it
            go(tab, "step=2");
            assertThat(strings(tab.eval("[...document.querySelectorAll('#output li:not(.future) .text')]"
                    + ".map(e => e.textContent)"))).containsExactly("[A] step 0, t=0.00");
            go(tab, "step=7");
            assertThat(strings(tab.eval(LOW_CONTRAST))).as("texts of low contrast at step 7").isEmpty();
        }
    }
}
