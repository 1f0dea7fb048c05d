package grading.grade;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import miniasyncio.trace.Json;

/** The outcome of grading one submission, and the files and table made from it. */
public record Report(List<TestResult> tests, String output, double seconds) {

    /** Longest top-level output kept: it holds the screening and the compiler's errors, both the submission's. */
    static final int MAX_OUTPUT = 32_768;

    /** The output may name the submission's files and quote its compiler errors: never shown raw ({@link Text#clean}). */
    public Report {
        output = Text.cap(Text.clean(output), MAX_OUTPUT);
    }

    public double score() {
        return tests.stream().mapToDouble(TestResult::score).sum();
    }

    public double maxScore() {
        return tests.stream().mapToDouble(TestResult::maxScore).sum();
    }

    /** Gradescope's results.json; {@code execution_time} in seconds, as the schema says. */
    public String resultsJson() {
        StringBuilder json = new StringBuilder();
        json.append("{\n");
        json.append("  \"score\": ").append(number(score())).append(",\n");
        json.append("  \"max_score\": ").append(number(maxScore())).append(",\n");
        json.append("  \"execution_time\": ").append(number(Math.round(seconds * 1000) / 1000.0)).append(",\n");
        json.append("  \"output\": ").append(Json.quote(output)).append(",\n");
        json.append("  \"output_format\": \"text\",\n");
        json.append("  \"visibility\": \"visible\",\n");
        json.append("  \"stdout_visibility\": \"hidden\",\n");
        json.append("  \"tests\": [");
        for (int i = 0; i < tests.size(); i++) {
            TestResult t = tests.get(i);
            json.append(i == 0 ? "\n" : ",\n");
            json.append("    {\"name\": ").append(Json.quote(t.name()))
                    .append(", \"number\": ").append(Json.quote(t.number()))
                    .append(", \"score\": ").append(number(t.score()))
                    .append(", \"max_score\": ").append(number(t.maxScore()))
                    .append(", \"status\": ").append(Json.quote(t.passed() ? "passed" : "failed"))
                    .append(", \"visibility\": ").append(Json.quote(t.visibility()))
                    .append(", \"output\": ").append(Json.quote(testOutput(t)))
                    .append("}");
        }
        json.append("\n  ]\n}\n");
        return json.toString();
    }

    /**
     * Gradescope's results.json as students may see it at {@code level} ({@link Feedback}). Every
     * test shown is {@code visible}: Gradescope hides the total score while a test is
     * {@code after_due_date} or {@code hidden}, so the policy is applied here instead, and the
     * run after the due date (a regrade) shows the rest. At SCORE no test is listed, only the
     * total. The full record, for the instructor, is {@link #resultsJson()}.
     */
    public String resultsJson(Feedback.Level level, String policy) {
        StringBuilder json = new StringBuilder();
        json.append("{\n");
        json.append("  \"score\": ").append(number(score())).append(",\n");
        json.append("  \"max_score\": ").append(number(maxScore())).append(",\n"); // not Gradescope's: it ignores it
        json.append("  \"execution_time\": ").append(number(Math.round(seconds * 1000) / 1000.0)).append(",\n");
        json.append("  \"output\": ").append(Json.quote(Feedback.summary(this, level)
                + (output.isBlank() ? "" : "\n\n" + output))).append(",\n");
        json.append("  \"output_format\": \"text\",\n");
        json.append("  \"visibility\": \"visible\",\n");
        json.append("  \"stdout_visibility\": \"hidden\",\n");
        json.append("  \"extra_data\": {\"feedback\": ").append(Json.quote(policy))
                .append(", \"level\": ").append(Json.quote(level.name().toLowerCase(Locale.ROOT))).append("},\n");
        json.append("  \"tests\": [");
        List<Feedback.Shown> shown = Feedback.view(this, level);
        for (int i = 0; i < shown.size(); i++) {
            TestResult t = shown.get(i).test();
            json.append(i == 0 ? "\n" : ",\n");
            json.append("    {\"name\": ").append(Json.quote(t.name()))
                    .append(", \"number\": ").append(Json.quote(t.number()))
                    .append(", \"score\": ").append(number(t.score()))
                    .append(", \"max_score\": ").append(number(t.maxScore()))
                    .append(", \"status\": ").append(Json.quote(t.passed() ? "passed" : "failed"))
                    .append(", \"visibility\": \"visible\"")
                    .append(", \"output\": ").append(Json.quote(Feedback.text(shown.get(i))))
                    .append("}");
        }
        json.append("\n  ]\n}\n");
        return json.toString();
    }

    /** This report with {@code first} as its first test (the submission check). */
    public Report withFirst(TestResult first) {
        List<TestResult> all = new java.util.ArrayList<>(tests.size() + 1);
        all.add(first);
        all.addAll(tests);
        return new Report(List.copyOf(all), output, seconds);
    }

    /** What the student reads for one test: the reason it failed, then what the submission printed. */
    static String testOutput(TestResult t) {
        // a passed test may still have something to say (the submission check lists the files)
        StringBuilder text = new StringBuilder(t.passed() && t.reason().isEmpty() ? "passed" : t.reason());
        if (!t.output().isBlank()) {
            text.append("\n--- output of the submission ---\n").append(t.output());
        }
        return text.toString();
    }

    /** JUnit XML, one testcase per graded test, for CI systems that show test reports. */
    public String junitXml() {
        long failures = tests.stream().filter(t -> !t.passed()).count();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuite name=\"homework\" tests=\"").append(tests.size())
                .append("\" failures=\"").append(failures).append("\" errors=\"0\" skipped=\"0\" time=\"")
                .append(number(seconds)).append("\">\n");
        for (TestResult t : tests) {
            xml.append("  <testcase classname=\"homework\" name=\"").append(attr(t.number() + " " + t.name()))
                    .append("\" time=\"").append(number(t.seconds())).append("\"");
            if (t.passed()) {
                xml.append("/>\n");
            } else {
                xml.append(">\n    <failure message=\"").append(attr(firstLine(t.reason()))).append("\">")
                        .append(attr(testOutput(t))).append("</failure>\n  </testcase>\n");
            }
        }
        xml.append("</testsuite>\n");
        return xml.toString();
    }

    /** The final table: test, points, status, short reason. */
    public String table() {
        StringBuilder text = new StringBuilder();
        int width = Math.min(70, tests.stream().mapToInt(t -> t.name().length()).max().orElse(10));
        String format = "%-5s %-" + width + "s %11s  %-6s  %s%n";
        text.append(String.format(Locale.ROOT, format, "#", "test", "points", "status", "reason"));
        for (TestResult t : tests) {
            text.append(String.format(Locale.ROOT, format, t.number(), clip(t.name(), width),
                    number(t.score()) + "/" + number(t.maxScore()), t.passed() ? "passed" : "FAILED",
                    t.passed() ? "" : clip(firstLine(t.reason()), 90)));
        }
        text.append(String.format(Locale.ROOT, "score: %s/%s%n", number(score()), number(maxScore())));
        return text.toString();
    }

    public void write(Path results, Path junit) throws IOException {
        if (results != null) {
            createParent(results);
            Files.writeString(results, resultsJson(), StandardCharsets.UTF_8);
        }
        if (junit != null) {
            createParent(junit);
            Files.writeString(junit, junitXml(), StandardCharsets.UTF_8);
        }
    }

    private static void createParent(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
    }

    /** A score as results.json writes it: {@code 129}, {@code 2.5}. */
    public static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value) : String.format(Locale.ROOT, "%.3f", value);
    }

    static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    private static String clip(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 3) + "...";
    }

    private static String attr(String text) {
        StringBuilder xml = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> xml.append("&lt;");
                case '>' -> xml.append("&gt;");
                case '&' -> xml.append("&amp;");
                case '"' -> xml.append("&quot;");
                case '\n' -> xml.append("&#10;");
                default -> {
                    if (c >= 0x20 || c == '\t') {
                        xml.append(c);
                    }
                }
            }
        }
        return xml.toString();
    }
}
