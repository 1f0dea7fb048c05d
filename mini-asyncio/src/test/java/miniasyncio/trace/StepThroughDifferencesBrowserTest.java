package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the kit's loop does not do what the lecture's does, the step-through page says so (issue
 * 47, item 3): at the step where a difference first shows, a note names it; every later step lists
 * the differences seen so far. {@link FailingTasks} shows two: a task fails and the run goes on
 * (the lecture's {@code run} would stop), and {@code sleep(0)} goes to the back of ready (the
 * lecture's goes through {@code sleeping}).
 */
class StepThroughDifferencesBrowserTest {

    @TempDir
    Path dir;

    private static List<String> strings(JsonElement array) {
        List<String> out = new ArrayList<>();
        array.getAsJsonArray().forEach(e -> out.add(e.getAsString()));
        return out;
    }

    private static void go(DevTools.Tab tab, String fragment) throws IOException {
        tab.eval("location.hash = '" + fragment + "'; new Promise(done => setTimeout(done, 50))");
    }

    @Test
    void eachDifferenceFromTheLecturesLoopIsNamedWhereItFirstShowsAndListedAfter() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("failing.html");
        CliRun run = CliRun.of("run", FailingTasks.class.getName(), "--virtual-time", "--step-through", html.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        // the step of each difference, as the recorder wrote it
        Map<Long, List<String>> first = new LinkedHashMap<>();
        List<String> kinds = new ArrayList<>();
        JsonObject json = StepPageDom.json(html);
        for (JsonElement e : json.getAsJsonArray("snaps")) {
            JsonObject s = e.getAsJsonObject();
            for (JsonElement d : s.getAsJsonArray("diff")) {
                kinds.add(d.getAsJsonArray().get(0).getAsString());
                first.computeIfAbsent(s.get("n").getAsLong(), n -> new ArrayList<>()).add(d.getAsJsonArray().get(1).getAsString());
            }
        }
        assertThat(kinds).contains("goes-on", "sleep0").doesNotHaveDuplicates();

        try (DevTools.Tab tab = chromium.tab(html, "step=1", 1366, 900)) {
            assertThat(tab.eval("document.getElementById('differs').textContent").getAsString()).as("step 1").isEmpty();
            List<String> seen = new ArrayList<>();
            for (var step : first.entrySet()) {
                go(tab, "step=" + step.getKey());
                String at = "step " + step.getKey();
                assertThat(tab.eval("document.getElementById('differs').getAttribute('role')").getAsString()).isEqualTo("note");
                assertThat(strings(tab.eval("[...document.querySelectorAll('#differsNow li')].map(li => li.textContent)")))
                        .as(at).containsExactlyElementsOf(step.getValue());
                // the note is in sight: in the box of the step shown, drawn
                assertThat(tab.eval("document.getElementById('differsNow').getBoundingClientRect().height > 0")
                        .getAsBoolean()).as(at).isTrue();
                assertThat(strings(tab.eval("[...document.querySelectorAll('#differsSeen li')].map(li => li.textContent)")))
                        .as(at + ": seen before").containsExactlyElementsOf(seen);
                step.getValue().forEach(text -> seen.add("step " + String.format(java.util.Locale.ROOT, "%,d",
                        step.getKey()) + ": " + text));
            }
            go(tab, "step=end");
            assertThat(strings(tab.eval("[...document.querySelectorAll('#differsSeen li')].map(li => li.textContent)")))
                    .as("the end").containsExactlyElementsOf(seen);
            assertThat(strings(tab.eval("[...document.querySelectorAll('#differsNow li')].map(li => li.textContent)")))
                    .isEmpty();
        }
    }
}
