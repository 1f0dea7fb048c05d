package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step-through page with a keyboard and a screen reader (issue 47, item 4), driven through
 * the browser's own input (DevTools {@code Input.dispatchKeyEvent}: Space on a focused button
 * clicks it, Tab moves the focus) on the lecture's Example: Space and Enter on a button do what
 * that button does; the play button says what it does now; every control has a name in words;
 * what the overview's canvas draws is also a list the Tab key reaches; the live region says what
 * the loop did, not only the step's number.
 */
class StepThroughKeyboardBrowserTest {

    @TempDir
    Path dir;

    private Path example() {
        Path html = dir.resolve("ex.html");
        CliRun run = CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        return html;
    }

    private static String step(DevTools.Tab tab) throws IOException {
        return tab.eval("document.body.dataset.step").getAsString();
    }

    private static void focus(DevTools.Tab tab, String id) throws IOException {
        tab.eval("document.getElementById('" + id + "').focus()");
        assertThat(tab.eval("document.activeElement.id").getAsString()).as("the focus").isEqualTo(id);
    }

    /** What the play button is called (aria-label) and what it shows. */
    private static String play(DevTools.Tab tab) throws IOException {
        return tab.eval("(b => b.getAttribute('aria-label') + ' / ' + b.textContent)(document.getElementById('play'))")
                .getAsString();
    }

    @Test
    void spaceAndEnterOnAButtonDoThatButtonsActionAndThePlayButtonSaysWhatItDoes() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        try (DevTools.Tab tab = chromium.tab(example(), "step=3", 1200, 900)) {
            // Space on "next" is one step, not autoplay
            focus(tab, "next");
            tab.press(" ");
            assertThat(step(tab)).isEqualTo("4");
            assertThat(play(tab)).isEqualTo("play / \u25b6 play");
            tab.press("Enter");
            assertThat(step(tab)).isEqualTo("5");
            focus(tab, "prev");
            tab.press(" ");
            assertThat(step(tab)).isEqualTo("4");

            // the play button is named for what pressing it does: "pause" while playing
            focus(tab, "play");
            tab.press("Enter");
            assertThat(play(tab)).isEqualTo("pause / \u275a\u275a pause");
            tab.press(" ");
            assertThat(play(tab)).isEqualTo("play / \u25b6 play");
            String stopped = step(tab);
            tab.eval("new Promise(done => setTimeout(done, 1000))"); // longer than a step of autoplay
            assertThat(step(tab)).as("paused").isEqualTo(stopped);

            // Space where no control has the focus plays, and pauses again
            tab.eval("document.activeElement.blur()");
            tab.press(" ");
            assertThat(play(tab)).startsWith("pause");
            tab.press(" ");
            assertThat(play(tab)).startsWith("play");

            // the task's buttons: Enter on "next step of this task" goes to task 4's next step (9 after 4)
            tab.eval("(s => { s.value = '4'; s.dispatchEvent(new Event('change')); })(document.getElementById('task'))");
            tab.eval("location.hash = 'step=4'; new Promise(done => setTimeout(done, 50))");
            focus(tab, "taskNext");
            tab.press("Enter");
            assertThat(step(tab)).isEqualTo("9");
            focus(tab, "taskPrev");
            tab.press(" ");
            assertThat(step(tab)).isEqualTo("4");
        }
    }

    /** Roles a person operates: each needs a name a screen reader can say. */
    static final Set<String> CONTROLS = Set.of("button", "slider", "combobox", "listbox", "checkbox", "link",
            "textbox", "spinbutton", "DisclosureTriangle", "tab", "menuitem");

    @Test
    void everyControlHasANameAScreenReaderSaysInWords() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        try (DevTools.Tab tab = chromium.tab(example(), "step=7", 1200, 900)) {
            List<JsonObject> tree = tab.accessibilityTree();
            List<String> controls = new ArrayList<>();
            for (JsonObject node : tree) {
                if (CONTROLS.contains(node.get("role").getAsString())) {
                    controls.add(node.get("role").getAsString() + ": " + node.get("name").getAsString());
                }
            }
            assertThat(controls).as("the page's controls").hasSizeGreaterThanOrEqualTo(7)
                    .contains("button: previous step", "button: play", "button: next step", "slider: step",
                            "combobox: task to follow", "button: previous step of this task",
                            "button: next step of this task")
                    // words, not arrows and bars that a screen reader reads as "black left-pointing triangle"
                    .allSatisfy(c -> assertThat(c).matches(".*: .*\\p{L}{3,}.*")
                            .doesNotContainPattern("[\\u2190-\\u21ff\\u2500-\\u27bf]"));
        }
    }

    private static List<String> rows(DevTools.Tab tab) throws IOException {
        List<String> rows = new ArrayList<>();
        tab.eval("[...document.querySelectorAll('#rows li')].map(li => li.textContent)").getAsJsonArray()
                .forEach(e -> rows.add(e.getAsString()));
        return rows;
    }

    @Test
    void whatTheOverviewDrawsIsAlsoAListTheTabKeyReaches() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        try (DevTools.Tab tab = chromium.tab(example(), "step=4", 1200, 900)) {
            List<String> reached = new ArrayList<>();
            for (int i = 0; i < 60 && !reached.contains("rows"); i++) {
                tab.press("Tab");
                reached.add(tab.eval("document.activeElement.id").getAsString());
            }
            assertThat(reached).as("the elements Tab went through").contains("rows");
            assertThat(tab.eval("document.getElementById('rows').getAttribute('aria-label')").getAsString())
                    .contains("the run at this step");
            // step 4: C runs, main and the others sleep (the lecture's step, as StepThroughBrowserTest checks it)
            assertThat(rows(tab)).containsExactly("task 1 (main): sleeping", "task 2 (worker A): sleeping",
                    "task 3 (worker B): sleeping", "task 4 (worker C): running");
            tab.press("ArrowRight");
            assertThat(rows(tab)).containsExactly("task 1 (main): running", "task 2 (worker A): sleeping",
                    "task 3 (worker B): sleeping", "task 4 (worker C): sleeping");
            tab.press("End");
            assertThat(rows(tab)).containsExactly("task 1 (main): finished", "task 2 (worker A): finished",
                    "task 3 (worker B): finished", "task 4 (worker C): finished");
        }
    }

    private static String where(DevTools.Tab tab) throws IOException {
        return tab.eval("document.getElementById('where').textContent").getAsString();
    }

    @Test
    void theLiveRegionSaysWhatTheLoopDid() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        try (DevTools.Tab tab = chromium.tab(example(), "step=4", 1200, 900)) {
            assertThat(tab.eval("document.getElementById('where').getAttribute('aria-live')").getAsString())
                    .isEqualTo("polite");
            assertThat(where(tab)).isEqualTo("step 4, t = 0.000 s: task 3 (worker B) yielded Sleep[duration=0.05]"
                    + " -> sleeping until 0.050 s; popleft -> task 4 (worker C), sent null");
            tab.press("ArrowRight");
            assertThat(where(tab)).isEqualTo("step 5, t = 0.010 s: task 4 (worker C) yielded Sleep[duration=0.15]"
                    + " -> sleeping until 0.150 s; idle 0.010 s (0.000 s to 0.010 s): nothing was ready;"
                    + " timer due at 0.010 s: task 1 (main) -> ready; popleft -> task 1 (main), sent null");
            tab.press("End");
            assertThat(where(tab)).isEqualTo("the end, after step 14, t = 0.300 s: task 2 (worker A) returned null"
                    + " -> results[2]; the loop stopped: no task left to run, every task has finished");
        }
    }
}
