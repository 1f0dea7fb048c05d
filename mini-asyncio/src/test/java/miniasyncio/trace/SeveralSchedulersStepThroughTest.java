package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that makes several schedulers writes a page each ({@code run.html}, {@code run-2.html}):
 * each links the others, and each line the program printed is on the page of the scheduler that
 * was running, or, printed between two runs, on the next one's page before its first step.
 */
class SeveralSchedulersStepThroughTest {

    @TempDir
    Path dir;

    /** "before 0: text", "step 1: text", "after 1: text" for each line a page holds. */
    static List<String> output(Path html) throws Exception {
        List<String> lines = new ArrayList<>();
        for (JsonElement e : StepPageDom.json(html).getAsJsonArray("output")) {
            JsonArray line = e.getAsJsonArray();
            long step = line.get(0).getAsLong();
            lines.add((line.get(1).getAsInt() == 1 ? "step " + step : step == 0 ? "before" : "after " + step) + ": "
                    + line.get(2).getAsString());
        }
        return lines;
    }

    @Test
    void eachSchedulersPageHoldsItsOwnOutputAndLinksTheOthers() throws Exception {
        Path html = dir.resolve("run.html");
        CliRun run = CliRun.of("run", TwoSchedulers.class.getName(), "--virtual-time", "--step-through", html.toString());
        assertThat(run.exit()).as(run.err()).isZero();

        assertThat(output(html)).containsExactly("before: before both", "step 1: in the first");
        assertThat(output(dir.resolve("run-2.html"))).containsExactly("before: between the two", "step 1: in the second",
                "after 1: after both");

        Chromium chromium = Chromium.findOrSkip();
        StepPageDom first = new StepPageDom(chromium.dumpDom(html, "step=1"));
        assertThat(first.links("pages")).containsExactly("run-2.html");
        assertThat(first.nav("pages")).isEqualTo("This program made 2 schedulers, a page each: 1 (this one), 2");
        StepPageDom second = new StepPageDom(chromium.dumpDom(dir.resolve("run-2.html"), "step=1"));
        assertThat(second.links("pages")).containsExactly("run.html");
        assertThat(second.outputNow()).containsExactly("between the two", "in the second"); // step 1 shows what came before it
    }
}
