package grading.grade;

import java.util.List;
import java.util.Locale;

/**
 * The feedback a student can be handed: Markdown ({@code feedback.md}, also the job summary of a
 * CI run) and HTML ({@code feedback.html}) with the same content, under a {@link Feedback} level.
 *
 * <p>Everything in it may come from the submission (what it printed, its file names), so it is
 * escaped for each format, and control characters (terminal escapes, bidi overrides) are written
 * as visible {@code [U+XXXX]} codes in both, never passed through.
 */
public final class FeedbackFile {

    private FeedbackFile() {
    }

    /** Markdown: a title, the score, a table of tests, then the details each test may show. */
    public static String markdown(String title, Report report, Feedback.Level level) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(inline(title)).append("\n\n");
        for (String line : Feedback.summary(report, level).split("\n")) {
            md.append(inline(line)).append("  \n");
        }
        if (!report.output().isBlank()) {
            md.append('\n').append(block(report.output()));
        }
        List<Feedback.Shown> shown = Feedback.view(report, level);
        if (!shown.isEmpty()) {
            md.append("\n| # | test | points | result |\n|---|---|---|---|\n");
            for (Feedback.Shown s : shown) {
                TestResult t = s.test();
                md.append("| ").append(inline(t.number())).append(" | ").append(inline(t.name())).append(" | ")
                        .append(points(t)).append(" | ").append(t.passed() ? "passed" : "FAILED").append(" |\n");
            }
            md.append("\n## Details\n");
            for (Feedback.Shown s : shown) {
                md.append("\n### ").append(inline(s.test().number() + " " + s.test().name())).append("\n\n")
                        .append(block(Feedback.text(s)));
            }
        }
        return md.toString();
    }

    /** HTML with the same content as {@link #markdown}. */
    public static String html(String title, Report report, Feedback.Level level) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        html.append("<title>").append(html(title)).append("</title>\n");
        html.append("<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto}"
                + "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2rem .5rem}"
                + "pre{background:#f4f4f4;padding:.5rem;white-space:pre-wrap}.failed{color:#a00}</style>\n");
        html.append("</head>\n<body>\n<h1>").append(html(title)).append("</h1>\n<p>");
        html.append(String.join("<br>\n", Feedback.summary(report, level).lines().map(FeedbackFile::html).toList()));
        html.append("</p>\n");
        if (!report.output().isBlank()) {
            html.append("<pre>").append(html(report.output())).append("</pre>\n");
        }
        List<Feedback.Shown> shown = Feedback.view(report, level);
        if (!shown.isEmpty()) {
            html.append("<table>\n<tr><th>#</th><th>test</th><th>points</th><th>result</th></tr>\n");
            for (Feedback.Shown s : shown) {
                TestResult t = s.test();
                html.append("<tr><td>").append(html(t.number())).append("</td><td>").append(html(t.name()))
                        .append("</td><td>").append(points(t)).append("</td><td")
                        .append(t.passed() ? ">passed" : " class=\"failed\">FAILED").append("</td></tr>\n");
            }
            html.append("</table>\n<h2>Details</h2>\n");
            for (Feedback.Shown s : shown) {
                html.append("<h3>").append(html(s.test().number() + " " + s.test().name())).append("</h3>\n<pre>")
                        .append(html(Feedback.text(s))).append("</pre>\n");
            }
        }
        return html.append("</body>\n</html>\n").toString();
    }

    private static String points(TestResult t) {
        return Report.number(t.score()) + "/" + Report.number(t.maxScore());
    }

    /** Text on one Markdown line or table cell: control characters made visible, Markdown's own characters escaped. */
    static String inline(String text) {
        StringBuilder out = new StringBuilder();
        String visible = visible(text.replace("\r\n", "\n").replace('\n', ' ').replace('\t', ' '));
        for (int i = 0; i < visible.length(); i++) {
            char c = visible.charAt(i);
            if ("\\`*_[]<>|#!&".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** A fenced block, with a fence longer than any run of backticks in the text, so it cannot be closed early. */
    static String block(String text) {
        String visible = visible(text);
        int longest = 0;
        int run = 0;
        for (int i = 0; i < visible.length(); i++) {
            run = visible.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        return fence + "text\n" + visible + (visible.endsWith("\n") ? "" : "\n") + fence + "\n";
    }

    static String html(String text) {
        String visible = visible(text);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < visible.length(); i++) {
            char c = visible.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * Control characters (but line breaks and tabs), DEL, C1 controls and the bidi controls
     * written as {@code [U+XXXX]}: nothing the submission printed can move a cursor or reorder text.
     */
    static String visible(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f)
                    || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f;
            if (control) {
                out.append(String.format(Locale.ROOT, "[U+%04X]", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
