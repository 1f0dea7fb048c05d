package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium for the pages' browser tests. It is looked up as $CHROMIUM, then chromium,
 * chromium-browser, google-chrome on the PATH. In CI (CI=true) a missing browser fails the test,
 * since the picture must be checked there; on a developer machine the test is skipped and says why.
 *
 * <p>One browser serves every test of the JVM ({@link DevTools}): a start costs one to three seconds
 * of CPU, and the tests open about forty pages. Each page opens in a browser context of its own (no
 * storage, cache or cookies shared with another test), as a fresh profile per start gave before.
 */
final class Chromium {

    private final String executable;

    private Chromium(String executable) {
        this.executable = executable;
    }

    static Chromium findOrSkip() {
        String found = find();
        if (found == null) {
            String why = "no Chromium found (set CHROMIUM, or install it: apt-get install chromium)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(why + ". CI must render the HTML timeline: .ci/run installs chromium from Debian's packages.");
            }
            Assumptions.abort(why + "; the HTML timeline's browser test is skipped on this machine.");
        }
        return new Chromium(found);
    }

    private static String find() {
        String configured = System.getenv("CHROMIUM");
        if (configured != null && new File(configured).canExecute()) {
            return configured;
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
            for (String dir : path.split(File.pathSeparator)) {
                File candidate = new File(dir, name);
                if (candidate.canExecute()) {
                    return candidate.getPath();
                }
            }
        }
        return null;
    }

    /**
     * The DOM after the page's scripts ran. The page may script pages beside it in frames: the one
     * browser allows file access between files ({@link DevTools}).
     */
    String dumpDom(Path html) throws IOException, InterruptedException {
        return DevTools.of(executable).open(html.toUri().toString(), 800, 600, false, null);
    }

    void screenshot(Path html, Path png) throws IOException, InterruptedException {
        DevTools.of(executable).open(html.toUri().toString(), 1200, 500, false, png);
    }

    /** The DOM after the page's scripts ran, opened at {@code fragment} ("step=7"): a teacher's link. */
    String dumpDom(Path html, String fragment) throws IOException, InterruptedException {
        return DevTools.of(executable).open(html.toUri() + "#" + fragment, 800, 600, false, null);
    }

    /**
     * The DOM of {@code html} opened at each of {@code fragments}, from one browser start (a start
     * costs about a second): a page beside it holds one frame per fragment and, once they have all
     * loaded, writes each frame's DOM into itself, base64-encoded.
     */
    Map<String, String> dumpDoms(Path html, List<String> fragments) throws IOException, InterruptedException {
        StringBuilder frames = new StringBuilder();
        for (int i = 0; i < fragments.size(); i++) {
            frames.append("<iframe width=\"1200\" height=\"900\" src=\"").append(html.getFileName()).append('#')
                    .append(fragments.get(i)).append("\"></iframe>\n");
        }
        Path harness = html.resolveSibling("frames-" + html.getFileName());
        Files.writeString(harness, """
                <!DOCTYPE html><html><body>%s<pre id="doms"></pre><script>
                window.onload = () => {
                  const utf8 = s => {
                    const bytes = new TextEncoder().encode(s);
                    let text = '';
                    for (let i = 0; i < bytes.length; i += 8192) {
                      text += String.fromCharCode(...bytes.subarray(i, i + 8192));
                    }
                    return btoa(text);
                  };
                  document.getElementById('doms').textContent = [...document.querySelectorAll('iframe')]
                    .map(f => utf8(f.contentDocument.documentElement.outerHTML)).join(' ');
                };
                </script></body></html>
                """.formatted(frames));
        String dom = dumpDom(harness);
        Matcher doms = Pattern.compile("<pre id=\"doms\">([A-Za-z0-9+/= ]*)</pre>").matcher(dom);
        if (!doms.find()) {
            fail("the frames page wrote no DOMs: " + dom);
        }
        String[] encoded = doms.group(1).split(" ");
        assertThat(encoded).as("one DOM per fragment").hasSize(fragments.size());
        Map<String, String> byFragment = new LinkedHashMap<>();
        for (int i = 0; i < fragments.size(); i++) {
            byFragment.put(fragments.get(i), new String(Base64.getDecoder().decode(encoded[i]), StandardCharsets.UTF_8));
        }
        return byFragment;
    }

    /**
     * How the step-through page lays out at {@code width x height} (a frame of that size, so its
     * viewport is that), opened at each of {@code fragments}: the page's scroll width against its
     * viewport, the elements wider than the viewport that no scrolling box holds, whether each line
     * of the output pane marked as this step's is inside the pane's visible part, and whether the
     * timeline is drawn at full size. One browser start for all.
     */
    Map<String, com.google.gson.JsonObject> layout(Path html, List<String> fragments, int width, int height)
            throws IOException, InterruptedException {
        StringBuilder frames = new StringBuilder();
        for (String fragment : fragments) {
            frames.append("<iframe width=\"").append(width).append("\" height=\"").append(height).append("\" src=\"")
                    .append(html.getFileName()).append('#').append(fragment).append("\"></iframe>\n");
        }
        Path harness = html.resolveSibling("layout-" + width + "-" + html.getFileName());
        Files.writeString(harness, """
                <!DOCTYPE html><html><body style="margin:0">%s<pre id="layout"></pre><script>
                function measure(frame) {
                  const w = frame.contentWindow, d = w.document, root = d.documentElement, vw = root.clientWidth;
                  const scrolled = e => { // inside a box that scrolls or clips sideways: not wider than the page
                    for (let p = e.parentElement; p && p !== d.body; p = p.parentElement) {
                      if (['auto', 'scroll', 'hidden'].includes(w.getComputedStyle(p).overflowX)) return true;
                    }
                    return false;
                  };
                  const wide = [];
                  d.body.querySelectorAll('*').forEach(e => {
                    const r = e.getBoundingClientRect();
                    if (r.width === 0 || r.height === 0 || e.classList.contains('sr')) return;
                    if ((r.right > vw + 1 || r.left < -1) && !scrolled(e)) {
                      wide.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined
                        ? '.' + e.className : '') + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
                    }
                  });
                  const out = d.getElementById('output').getBoundingClientRect();
                  const now = [...d.querySelectorAll('#output li.now')].map(li => {
                    const r = li.getBoundingClientRect();
                    return r.top >= out.top - 1 && r.bottom <= out.bottom + 1;
                  });
                  const svg = d.getElementById('timeline');
                  return { viewport: vw, scrollWidth: root.scrollWidth, wide: wide.slice(0, 8), outputNowShown: now,
                    timelineFullSize: svg ? svg.getBoundingClientRect().width >= Number(svg.getAttribute('width')) - 1 : null };
                }
                window.onload = () => {
                  document.getElementById('layout').textContent = JSON.stringify(
                    [...document.querySelectorAll('iframe')].map(measure));
                };
                </script></body></html>
                """.formatted(frames));
        String dom = dumpDom(harness);
        Matcher m = Pattern.compile("<pre id=\"layout\">(.*?)</pre>", Pattern.DOTALL).matcher(dom);
        if (!m.find()) {
            fail("the layout page measured nothing: " + dom);
        }
        com.google.gson.JsonArray all = com.google.gson.JsonParser.parseString(m.group(1).replace("&quot;", "\"")
                .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")).getAsJsonArray();
        Map<String, com.google.gson.JsonObject> byFragment = new LinkedHashMap<>();
        for (int i = 0; i < fragments.size(); i++) {
            byFragment.put(fragments.get(i), all.get(i).getAsJsonObject());
        }
        return byFragment;
    }

    /**
     * {@code html} opened at {@code fragment} in a {@code width x height} window and kept open, for a
     * test that presses keys and reads what the page does; close it when done.
     */
    DevTools.Tab tab(Path html, String fragment, int width, int height) throws IOException, InterruptedException {
        return DevTools.of(executable).tab(html.toUri() + "#" + fragment, width, height, false);
    }

    void screenshot(Path html, String fragment, Path png, int width, int height)
            throws IOException, InterruptedException {
        DevTools.of(executable).open(html.toUri() + "#" + fragment, width, height, true, png);
    }
}
