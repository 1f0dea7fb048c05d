package grading.grade;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.trace.Json;

/**
 * Classroom 50's {@code result.json} ({@value #SCHEMA}): the identity of the submission, from the
 * environment variables the Classroom 50 runner sets, then the score and one entry per test.
 * Classroom 50 has no field for a test's message: what a student may read of the tests goes to
 * the job's log instead ({@link FeedbackFile}), under the same {@link Feedback} policy.
 */
public final class Classroom50 {

    public static final String SCHEMA = "classroom50/result/v1";

    /** Each identity field of result.json, and the runner's environment variable that holds it. */
    public static final Map<String, String> ENV = orderedMap(
            "classroom", "CLASSROOM",
            "assignment", "ASSIGNMENT",
            "submission", "SUBMISSION_TAG",
            "commit", "COMMIT_URL",
            "release", "RELEASE_URL",
            "review", "REVIEW_URL");

    private Classroom50() {
    }

    /**
     * The identity fields from {@code env}. {@code review} falls back to the commit (the runner
     * sets it only for reviewed submissions); a missing variable becomes {@code "unset: NAME"},
     * so that a local try still writes a complete file and says what was missing.
     */
    public static Map<String, String> identity(Map<String, String> env) {
        Map<String, String> identity = new LinkedHashMap<>();
        ENV.forEach((field, variable) -> {
            String value = env.get(variable);
            if ((value == null || value.isBlank()) && field.equals("review")) {
                value = env.get(ENV.get("commit"));
            }
            identity.put(field, value == null || value.isBlank() ? "unset: " + variable : value);
        });
        return identity;
    }

    /** The missing environment variables among those {@link #ENV} needs ({@code REVIEW_URL} is optional). */
    public static List<String> missing(Map<String, String> env) {
        return ENV.entrySet().stream().filter(e -> !e.getKey().equals("review"))
                .map(Map.Entry::getValue).filter(v -> env.get(v) == null || env.get(v).isBlank()).toList();
    }

    /**
     * result.json at {@code level}: one entry per test (names and pass/fail are all it has), or at
     * SCORE a single entry for the whole homework, so that the names stay hidden too.
     */
    public static String json(Report report, Feedback.Level level, Map<String, String> identity, Instant now) {
        StringBuilder json = new StringBuilder("{\n");
        json.append("  \"schema\": \"").append(SCHEMA).append("\",\n");
        for (String field : ENV.keySet()) {
            json.append("  ").append(Json.quote(field)).append(": ")
                    .append(Json.quote(identity.getOrDefault(field, "unset: " + ENV.get(field)))).append(",\n");
        }
        json.append("  \"datetime\": ").append(Json.quote(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
                .withZone(ZoneOffset.UTC).format(now))).append(",\n");
        json.append("  \"score\": ").append(Report.number(report.score())).append(",\n");
        json.append("  \"max-score\": ").append(Report.number(report.maxScore())).append(",\n");
        json.append("  \"tests\": [");
        if (level == Feedback.Level.SCORE) {
            json.append("\n    ").append(test("homework (which tests pass is shown after the due date)",
                    report.score() == report.maxScore(), report.score(), report.maxScore()));
        } else {
            String sep = "\n    ";
            for (TestResult t : report.tests()) {
                json.append(sep).append(test(t.number() + " " + t.name(), t.passed(), t.score(), t.maxScore()));
                sep = ",\n    ";
            }
        }
        json.append("\n  ]\n}\n");
        return json.toString();
    }

    private static String test(String name, boolean passed, double score, double max) {
        return "{\"test-name\": " + Json.quote(name) + ", \"passed\": " + passed + ", \"score\": "
                + Report.number(score) + ", \"max-score\": " + Report.number(max) + "}";
    }

    private static Map<String, String> orderedMap(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(map);
    }
}
