package miniasyncio.trace;

import java.util.List;

/**
 * The step-through page ({@code run NAME --step-through FILE.html}): one self-contained HTML file,
 * no network, that replays a {@link StepRecorder}'s steps. The three structures are drawn as the
 * lecture draws them (the {@code ready} deque, the {@code sleeping} heap in wake order, the
 * {@code results} table), with the running task, what it was sent and what it yielded, the tasks
 * parked and on what, the program's output beside the step that printed it, and an overview of
 * the whole run that is also a scrubber. {@code FILE.html#step=12} opens at step 12.
 *
 * <p>The recorded steps are embedded as JSON ({@code <script type="application/json"
 * id="steps">}, see {@link #json}); the page's script draws the step named in the URL. The
 * elements that show the structures carry {@code data-state="ready"}, {@code "sleeping"},
 * {@code "results"} (and {@code "parked"}), each entry an element with {@code data-tid} whose
 * text says what the structure holds: for tests and for screen readers.
 */
public final class StepPage {

    private StepPage() {
    }

    public static String render(StepRecorder recorder, String title, String ending) {
        return render(recorder, title, ending, StepPage.class.getClassLoader());
    }

    /** The page; {@code loader} loaded the program, and finds its sources for the lines tasks wait at. */
    public static String render(StepRecorder recorder, String title, String ending, ClassLoader loader) {
        return render(recorder, title, ending, loader, List.of(), 0);
    }

    /**
     * The page of scheduler {@code index} of a program that made several, {@code pages} naming
     * each one's file (beside this one): the page links the others.
     */
    public static String render(StepRecorder recorder, String title, String ending, ClassLoader loader,
                                List<String> pages, int index) {
        Timeline timeline = recorder.timeline();
        String picture = timeline == null
                ? "<p class=\"legend\">(The timeline with time to the right is drawn for runs of up to "
                        + StepRecorder.TIMELINE_STEPS + " steps; this one had " + recorder.stepCount() + ".)</p>"
                : "<div id=\"timelineBox\">" + HtmlTimeline.svg(timeline) + "</div>";
        return PAGE.replace("%TITLE%", HtmlTimeline.esc(title))
                .replace("%PAGES%", pages(pages, index))
                .replace("%TIMELINE%", picture)
                .replace("%JSON%", StepJson.json(recorder, title, ending, new SourceLines(loader)));
    }

    /** "This program made 3 schedulers: page 1, 2 (this one), 3", each other page a link; "" for one. */
    private static String pages(List<String> pages, int index) {
        if (pages.size() < 2) {
            return "";
        }
        StringBuilder nav = new StringBuilder("<nav id=\"pages\" aria-label=\"the pages of the other schedulers\">")
                .append("This program made ").append(pages.size()).append(" schedulers, a page each:");
        for (int i = 0; i < pages.size(); i++) {
            nav.append(i == 0 ? " " : ", ");
            if (i == index) {
                nav.append("<b>").append(i + 1).append(" (this one)</b>");
            } else {
                nav.append("<a href=\"").append(HtmlTimeline.esc(encode(pages.get(i)))).append("\">").append(i + 1)
                        .append("</a>");
            }
        }
        return nav.append("</nav>").toString();
    }

    /** A file name as a relative link. */
    private static String encode(String name) {
        return java.net.URLEncoder.encode(name, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The recording as JSON: what the page draws, and what a test reads back ({@link StepJson}). */
    public static String json(StepRecorder recorder, String title, String ending) {
        return StepJson.json(recorder, title, ending, new SourceLines(StepPage.class.getClassLoader()));
    }

    private static final String PAGE = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>%TITLE%</title>
            <style>
            """ + StepPageStyle.CSS + """
            </style>
            </head>
            <body data-step="">
            <header>
              <h1>%TITLE%</h1>
              %PAGES%
              <nav id="controls" aria-label="step controls">
                <button id="prev" title="previous step (left arrow)" aria-label="previous step">&#9664; prev</button>
                <button id="play" title="play or pause (space)" aria-label="play">&#9654; play</button>
                <button id="next" title="next step (right arrow)" aria-label="next step">next &#9654;</button>
                <input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
                <span id="where" aria-live="polite" aria-atomic="true"></span>
                <label>task <select id="task" aria-label="task to follow"></select></label>
                <button id="taskPrev" title="previous step of this task (p)" aria-label="previous step of this task">&#9664;&#9664;</button>
                <button id="taskNext" title="next step of this task (n)" aria-label="next step of this task">&#9654;&#9654;</button>
              </nav>
            </header>
            <p id="summary"></p>
            <main>
              <section id="now" aria-label="the running task">
                <div id="running"></div>
                <div id="note"></div>
                <div id="thinned" role="status"></div>
                <div id="cycle" role="alert"></div>
                <div id="differs" role="note" aria-label="where the kit's loop differs from the lecture's"></div>
              </section>
              <section class="box wide" aria-labelledby="h-did">
                <h2 id="h-did">what happened <small id="did-since">since the step before, in the order the loop did it</small></h2>
                <ol id="did" data-state="did"></ol>
              </section>
              <section class="box" id="readyBox" aria-labelledby="h-ready">
                <h2 id="h-ready">ready <span class="count" id="n-ready"></span> <small>deque: popleft() runs the front, append() adds at the back</small></h2>
                <div class="deque"><span class="end">popleft &#8592; front</span><ol id="ready" data-state="ready"></ol><span class="end">back &#8592; append</span></div>
              </section>
              <section class="box" aria-labelledby="h-sleeping">
                <h2 id="h-sleeping">sleeping <span class="count" id="n-sleeping"></span> <small>heap by wake time: the top wakes first</small></h2>
                <ol id="sleeping" data-state="sleeping"></ol>
              </section>
              <section class="box" aria-labelledby="h-results">
                <h2 id="h-results">results <span class="count" id="n-results"></span> <small>tid &#8594; how the task ended</small></h2>
                <table id="results" data-state="results"><thead><tr><th>tid</th><th>task</th><th>result</th></tr></thead><tbody></tbody></table>
              </section>
              <section class="box" aria-labelledby="h-parked">
                <h2 id="h-parked">parked <span class="count" id="n-parked"></span> <small>waiting on something that is not a timer</small></h2>
                <ol id="parked" data-state="parked"></ol>
              </section>
              <section class="box wide" id="failures" aria-labelledby="h-failed">
                <h2 id="h-failed">failed tasks <span class="count" id="n-failed"></span> <small>every task that failed so far, and at the end whose exception nobody retrieved</small></h2>
                <ol id="failed" data-state="failed"></ol>
              </section>
              <section class="box wide" aria-labelledby="h-output">
                <h2 id="h-output">output <small>the program's own lines, by the step that printed them</small></h2>
                <ol id="output"></ol>
              </section>
              <section class="box wide" aria-labelledby="h-overview">
                <h2 id="h-overview">the run <small>a column per step, a row per task: click or drag to go there</small></h2>
                <canvas id="overview" height="120" role="img"
                        aria-label="overview of the run, a column per step and a row per task; the list below it says each task's state at this step"></canvas>
                <ol id="rows" tabindex="0" aria-label="the run at this step: each task drawn and its state" data-state="rows"></ol>
                <p class="legend" id="legend"><i class="sw running"></i>running <i class="sw ready"></i>ready
                  <i class="sw sleeping"></i>sleeping <i class="sw parked"></i>parked <i class="sw done"></i>finished
                  <i class="sw failed"></i>failed <i class="sw pending"></i>pending, not listed</p>
                <p id="overviewNote" class="legend"></p>
              </section>
              <section class="box wide" aria-labelledby="h-timeline">
                <h2 id="h-timeline">the timeline <small>time to the right, as <code>--trace-html</code> draws it: the line is this step; click a bar to go there</small></h2>
                %TIMELINE%
              </section>
            </main>
            <script type="application/json" id="steps">%JSON%</script>
            <script>
            """ + StepPagePlaces.JS + StepPageScript.JS + """
            </script>
            </body>
            </html>
            """;
}
