package miniasyncio.trace;

import java.util.Locale;

/**
 * The timeline as one self-contained HTML page ({@code --trace-html run.html}): an SVG picture
 * with a row per task and a bar per stretch of time. Hovering a bar shows the task, the step, the
 * syscall and the times (an SVG {@code <title>}, so it works with scripts off, plus a details
 * line under the picture). Nothing is fetched from the network: styles and the small script are
 * inline.
 *
 * <p>Every bar carries {@code class="bar KIND"} and {@code data-*} attributes, and every row is a
 * {@code <g class="row" data-tid="N">}, so tests (and curious students) can read the picture
 * from the DOM.
 */
public final class HtmlTimeline {

    private static final int LABEL = 200;
    private static final int CHART = 900;
    private static final int ROW = 26;
    private static final int TOP = 40;
    private static final double MIN_BAR = 3; // a step on the virtual clock takes no time, but must show

    private HtmlTimeline() {
    }

    public static String render(Timeline timeline, String title) {
        return page(title, timeline, svg(timeline));
    }

    /** The picture alone, {@code <svg id="timeline" ...>}: also the step-through page's overview. */
    static String svg(Timeline timeline) {
        long end = Math.max(timeline.end(), 1);
        double scale = CHART / (double) end;
        int rows = timeline.rows().size() + 1;
        int height = TOP + rows * ROW + 10;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT,
                "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                        + " viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"timeline of the run\""
                        + " data-x0=\"%d\" data-scale=\"%s\">%n",
                LABEL + CHART + 60, height, LABEL + CHART + 60, height, LABEL,
                String.format(Locale.ROOT, "%.9e", scale)));
        axis(svg, end, scale, height);
        int y = TOP;
        for (TaskRow row : timeline.rows()) {
            svg.append(String.format(Locale.ROOT, "<g class=\"row\" data-tid=\"%d\" data-name=\"%s\">%n",
                    row.tid(), esc(row.name())));
            svg.append(String.format(Locale.ROOT,
                    "<text class=\"label\" x=\"8\" y=\"%d\">%s</text>%n", y + 17, esc(TerminalTimeline.label(row))));
            // the running bars last, on top: a step's thin bar must not hide under the stretch after it (a click on it
            // would land on the next step)
            for (Span span : row.spans()) {
                if (span.kind() != Span.Kind.RUNNING) {
                    bar(svg, row, span, y, scale);
                }
            }
            for (Span span : row.spans()) {
                if (span.kind() == Span.Kind.RUNNING) {
                    bar(svg, row, span, y, scale);
                }
            }
            if (row.finished()) {
                double x = LABEL + row.endedAt() * scale;
                svg.append(String.format(Locale.ROOT,
                        "<circle class=\"end %s\" cx=\"%.2f\" cy=\"%d\" r=\"5\" data-detail=\"%s\">"
                                + "<title>%s</title></circle>%n",
                        row.failed() ? "failed" : "finished", x + 6, y + 12,
                        esc(row.label() + " " + row.ending() + " at " + Seconds.format(row.endedAt()) + " s"),
                        esc(row.label() + " " + row.ending() + " at " + Seconds.format(row.endedAt()) + " s")));
            }
            svg.append("</g>\n");
            y += ROW;
        }
        svg.append(String.format(Locale.ROOT, "<g class=\"row loop\" data-tid=\"0\" data-name=\"loop\">%n"
                + "<text class=\"label\" x=\"8\" y=\"%d\">loop idle</text>%n", y + 17));
        for (long[] wait : timeline.idle()) {
            String detail = "loop idle from " + Seconds.format(wait[0]) + " s to " + Seconds.format(wait[1])
                    + " s: no task ready, waiting for the next timer or the network";
            rect(svg, "bar idle", LABEL + wait[0] * scale, y + 4, Math.max(1, (wait[1] - wait[0]) * scale),
                    ROW - 8, "data-kind=\"idle\"", detail);
        }
        svg.append("</g>\n</svg>\n");
        return svg.toString();
    }

    private static void bar(StringBuilder svg, TaskRow row, Span span, int y, double scale) {
        double x = LABEL + span.from() * scale;
        double w = (span.to() - span.from()) * scale;
        boolean running = span.kind() == Span.Kind.RUNNING;
        if (running && w < MIN_BAR) {
            x -= (MIN_BAR - w) / 2;
            w = MIN_BAR;
        }
        String kind = span.kind().name().toLowerCase(Locale.ROOT);
        StringBuilder detail = new StringBuilder(row.label()).append(": ").append(span.kind().meaning)
                .append(", step ").append(span.step()).append(", ").append(Seconds.format(span.from()))
                .append(" s to ").append(Seconds.format(span.to())).append(" s; ").append(span.detail());
        if (running) {
            detail.append(String.format(Locale.ROOT, " (took %.6f s of real time)", span.realNanos() / 1e9));
        }
        String data = String.format(Locale.ROOT, "data-kind=\"%s\" data-tid=\"%d\" data-step=\"%d\" data-from=\"%s\""
                        + " data-to=\"%s\"", kind, row.tid(), span.step(), Seconds.format(span.from()),
                Seconds.format(span.to()));
        int inset = running ? 2 : 7;
        rect(svg, "bar " + kind, x, y + inset, Math.max(w, 1), ROW - 2 * inset, data, detail.toString());
    }

    private static void rect(StringBuilder svg, String cls, double x, double y, double w, double h, String data,
                             String detail) {
        svg.append(String.format(Locale.ROOT,
                "<rect class=\"%s\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" %s data-detail=\"%s\">"
                        + "<title>%s</title></rect>%n", cls, x, y, w, h, data, esc(detail), esc(detail)));
    }

    private static void axis(StringBuilder svg, long end, double scale, int height) {
        long step = TerminalTimeline.niceStep(Math.max(1, end / 10));
        svg.append("<g class=\"axis\">\n");
        for (long t = 0; t <= end; t += step) {
            double x = LABEL + t * scale;
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\"/><text x=\"%.2f\" y=\"%d\">%s s</text>%n",
                    x, TOP - 6, x, height - 6, x + 2, TOP - 12, Seconds.format(t)));
        }
        svg.append("</g>\n");
    }

    private static String page(String title, Timeline timeline, String svg) {
        StringBuilder legend = new StringBuilder();
        for (Span.Kind kind : Span.Kind.values()) {
            legend.append(String.format("<span><i class=\"swatch %s\"></i>%s</span>%n",
                    kind.name().toLowerCase(Locale.ROOT), esc(kind.meaning)));
        }
        legend.append("<span><i class=\"swatch idle\"></i>loop idle</span>\n")
                .append("<span><i class=\"swatch finished round\"></i>finished</span>\n")
                .append("<span><i class=\"swatch failed round\"></i>failed</span>\n");
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n"
                + "<h1>" + esc(title) + "</h1>\n"
                + String.format(Locale.ROOT, "<p class=\"summary\">%d tasks, %s s on the %s. "
                        + "Hover a bar for its task, step, syscall and times.</p>%n",
                timeline.rows().size(), Seconds.format(timeline.end()), esc(timeline.clockName()))
                + "<div class=\"legend\">\n" + legend + "</div>\n" + svg
                + "<p id=\"details\">&nbsp;</p>\n<script>\n" + SCRIPT + "</script>\n</body>\n</html>\n";
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String STYLE = """
            body { font: 14px system-ui, sans-serif; margin: 16px; color: #222; background: #fff; }
            h1 { font-size: 18px; margin: 0 0 4px; }
            .legend span { margin-right: 16px; white-space: nowrap; }
            .swatch { display: inline-block; width: 14px; height: 10px; margin-right: 4px; vertical-align: middle; }
            .swatch.round { border-radius: 50%; width: 10px; }
            .running { fill: #d62728; background: #d62728; }
            .ready { fill: #ffbf00; background: #ffbf00; }
            .io_waiting { fill: #2ca02c; background: #2ca02c; }
            .waiting { fill: #ff7f0e; background: #ff7f0e; }
            .sleeping { fill: #9ecae1; background: #9ecae1; }
            .idle { fill: #bbbbbb; background: #bbbbbb; }
            .finished { fill: #2ca02c; background: #2ca02c; }
            .failed { fill: #000000; background: #000000; }
            .axis line { stroke: #e4e4e4; }
            .axis text { font-size: 11px; fill: #666; }
            .label { font-size: 13px; fill: #222; }
            rect.bar:hover, circle.end:hover { stroke: #000; stroke-width: 1.5; }
            #details { font-family: ui-monospace, monospace; min-height: 1.4em; }
            """;

    private static final String SCRIPT = """
            // Show the hovered bar's details under the picture (the <title> tooltip works without this).
            const details = document.getElementById('details');
            document.querySelectorAll('#timeline [data-detail]').forEach(el => {
              el.addEventListener('mouseenter', () => { details.textContent = el.dataset.detail; });
            });
            """;
}
