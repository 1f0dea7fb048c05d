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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failure on the step-through page (issue 47, item 2): a task that throws 40 frames deep, with a
 * message of 300 characters and a cause. Where the task failed, in results and under "failed
 * tasks", the page shows the exception's class, the whole message (quoted, folded to a line, a
 * button unfolds it in place), where it was thrown (file, line and source: not the line the step
 * began at), the program's frames and the cause. A result of 200 characters folds and unfolds too.
 */
class StepThroughFailuresBrowserTest {

    @TempDir
    static Path classes;

    @TempDir
    Path dir;

    /** 300 characters, spaces to wrap at, an end to look for. */
    static final String MESSAGE = ("bad input: " + "the value 7 is out of range; ".repeat(10)).substring(0, 291)
            + " THE END.";

    static final String FAILS = """
            package steptest;

            import static miniasyncio.MiniAsyncio.createTask;
            import static miniasyncio.MiniAsyncio.sleep;

            import java.util.concurrent.Callable;

            public class Fails implements Callable<Object> {
                static final String MESSAGE = "%s";

                static int deep(int n) {
                    if (n == 0) {
                        throw new IllegalArgumentException(MESSAGE, new IllegalStateException("the cause: no such value"));
                    }
                    return deep(n - 1) + 1;
                }

                @Override
                public Object call() {
                    createTask("fails", () -> {
                        sleep(0.01);
                        return deep(40);
                    });
                    createTask("long result", () -> "r".repeat(200));
                    sleep(0.02);
                    return null;
                }
            }
            """.formatted(MESSAGE);

    @BeforeAll
    static void compile() throws Exception {
        assertThat(MESSAGE).hasSize(300);
        Programs.compile(classes, false, Map.of("steptest.Fails", FAILS));
    }

    private static String line(String code) {
        int n = Programs.lineOf(FAILS, code);
        return "Fails.java:" + n + " " + FAILS.lines().toList().get(n - 1).strip();
    }

    private static List<String> strings(JsonElement array) {
        List<String> out = new ArrayList<>();
        array.getAsJsonArray().forEach(e -> out.add(e.getAsString()));
        return out;
    }

    /** The failure shown in {@code selector}: its parts by class, as the page words them. */
    private static JsonObject failure(DevTools.Tab tab, String selector) throws IOException {
        return tab.eval("""
                (() => {
                  const e = document.querySelector('%s .error');
                  if (!e) return null;
                  const text = s => [...e.querySelectorAll(s)].map(x => x.textContent);
                  return { cls: text(':scope > .exc .cls'), frames: text(':scope > .frames .frame'),
                    cause: text(':scope > .cause > .error > .exc'), all: e.textContent };
                })()""".formatted(selector)).getAsJsonObject();
    }

    /** The folded value in {@code selector}: its text without the button, its height in lines, its button's words. */
    private static JsonObject folded(DevTools.Tab tab, String selector) throws IOException {
        return tab.eval("""
                (() => {
                  const v = document.querySelector('%s .long');
                  if (!v) return null;
                  const text = v.querySelector('.v'), button = v.querySelector('button');
                  const line = parseFloat(getComputedStyle(text).lineHeight) || 20;
                  return { text: text.textContent, lines: Math.round(text.getBoundingClientRect().height / line),
                    clipped: text.scrollWidth > text.clientWidth + 1, button: button.textContent,
                    expanded: button.getAttribute('aria-expanded') };
                })()""".formatted(selector)).getAsJsonObject();
    }

    @Test
    void aFailureShowsItsClassWholeMessageThrowSiteProgramFramesAndCause() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("fails.html");
        CliRun run = Programs.run(classes, "steptest.Fails", html);
        assertThat(run.err()).contains("Task exception was never retrieved");
        JsonObject json = StepPageDom.json(html);
        long failedAt = 0;
        for (JsonElement e : json.getAsJsonArray("snaps")) {
            if (e.getAsJsonObject().get("end").getAsString().equals("failed")) {
                failedAt = e.getAsJsonObject().get("n").getAsLong();
            }
        }
        assertThat(failedAt).as("the step the task failed in").isPositive();
        String thrown = "thrown in Fails.deep at " + line("throw new IllegalArgumentException(MESSAGE");
        String called = "called from Fails.deep at " + line("return deep(n - 1) + 1;");

        try (DevTools.Tab tab = chromium.tab(html, "step=" + failedAt, 1366, 900)) {
            JsonObject running = failure(tab, "#running");
            assertThat(running).as("the failure of the step shown").isNotNull();
            assertThat(strings(running.get("cls"))).containsExactly("java.lang.IllegalArgumentException");
            // the throw site first, then the program's frames (the recursion once, then how often), the rest a note
            List<String> frames = strings(running.get("frames"));
            assertThat(frames).hasSize(4);
            assertThat(frames.get(0)).isEqualTo(thrown);
            assertThat(frames.get(1)).isEqualTo(called);
            assertThat(frames.get(2)).isEqualTo("and the same call 18 more times");
            assertThat(frames.get(3)).matches("and 22 more of the program's frames.*");
            assertThat(strings(running.get("cause"))).containsExactly(
                    "java.lang.IllegalStateException: \"the cause: no such value\"");
            // the line the step began at is named as that, not as the throw
            assertThat(running.get("all").getAsString()).doesNotContain("resumed at Fails.java");

            // the message: quoted, whole, folded to one line; its button unfolds it in place
            JsonObject message = folded(tab, "#running .error");
            assertThat(message.get("text").getAsString()).isEqualTo("\"" + MESSAGE + "\"");
            assertThat(message.get("lines").getAsInt()).isEqualTo(1);
            assertThat(message.get("clipped").getAsBoolean()).isTrue();
            assertThat(message.get("button").getAsString()).isEqualTo("show all 302 characters");
            assertThat(message.get("expanded").getAsString()).isEqualTo("false");
            tab.eval("document.querySelector('#running .error .long button').focus()");
            tab.press("Enter");
            JsonObject open = folded(tab, "#running .error");
            assertThat(open.get("lines").getAsInt()).isGreaterThan(1);
            assertThat(open.get("clipped").getAsBoolean()).isFalse();
            assertThat(open.get("expanded").getAsString()).isEqualTo("true");
            assertThat(open.get("button").getAsString()).isEqualTo("fold");
        }

        try (DevTools.Tab tab = chromium.tab(html, "step=end", 1366, 900)) {
            // results and the failed tasks' list: the same failure, its throw site and whole message
            for (String where : List.of("#results tr.failed", "#failed .entry")) {
                JsonObject f = failure(tab, where);
                assertThat(f).as(where).isNotNull();
                assertThat(strings(f.get("cls"))).as(where).containsExactly("java.lang.IllegalArgumentException");
                assertThat(strings(f.get("frames")).getFirst()).as(where).isEqualTo(thrown);
                assertThat(f.get("all").getAsString()).as(where).contains("\"" + MESSAGE + "\"", "caused by");
            }
            assertThat(tab.eval("document.querySelector('#failed .entry').textContent").getAsString())
                    .startsWith("task 2 (fails) failed at step ").contains("nobody retrieved its exception");
            // the long result: folded, then whole, in place ("returned" stays in sight)
            String result = "#results tr[data-tid=\"3\"]";
            JsonObject value = folded(tab, result);
            assertThat(value.get("text").getAsString()).isEqualTo("\"" + "r".repeat(200) + "\"");
            assertThat(value.get("lines").getAsInt()).isEqualTo(1);
            assertThat(value.get("button").getAsString()).isEqualTo("show all 202 characters");
            tab.eval("document.querySelector('" + result + " .long button').click()");
            assertThat(folded(tab, result).get("clipped").getAsBoolean()).isFalse();
        }
        // folded or not, nothing is wider than a laptop's or a phone's window
        for (int[] size : StepThroughLayoutBrowserTest.SIZES) {
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(html, List.of("step=" + failedAt, "step=end"),
                    size[0], size[1]), size[0]);
        }
    }
}
