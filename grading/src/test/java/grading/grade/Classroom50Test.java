package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Json;
import grading.grade.Feedback.Level;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** result.json against the fields Classroom 50 documents for {@code classroom50/result/v1}. */
public class Classroom50Test {

    static final Map<String, String> ENV = Map.of("CLASSROOM", "cs-2026", "ASSIGNMENT", "mini-asyncio",
            "SUBMISSION_TAG", "submit/2026-11-30", "COMMIT_URL", "https://github.com/o/r/commit/abc",
            "RELEASE_URL", "https://github.com/o/r/releases/tag/submit%2F2026-11-30");

    /** Every documented field, of its documented type, and nothing else; the scores add up. */
    public static void assertValid(Map<String, Object> result) {
        assertThat(result.keySet()).containsExactly("schema", "classroom", "assignment", "submission", "commit",
                "release", "review", "datetime", "score", "max-score", "tests");
        assertThat(result.get("schema")).isEqualTo("classroom50/result/v1");
        for (String field : List.of("classroom", "assignment", "submission", "commit", "release", "review", "datetime")) {
            assertThat(result.get(field)).as(field).isInstanceOf(String.class).asString().isNotBlank();
        }
        assertThat((String) result.get("datetime")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        List<?> tests = (List<?>) result.get("tests");
        double score = 0;
        double max = 0;
        for (Object o : tests) {
            @SuppressWarnings("unchecked")
            Map<String, Object> t = (Map<String, Object>) o;
            assertThat(t.keySet()).containsExactly("test-name", "passed", "score", "max-score");
            assertThat(t.get("test-name")).isInstanceOf(String.class);
            assertThat(t.get("passed")).isInstanceOf(Boolean.class);
            score += (Double) t.get("score");
            max += (Double) t.get("max-score");
        }
        assertThat(result.get("score")).isEqualTo(score);
        assertThat(result.get("max-score")).isEqualTo(max);
    }

    @Test
    void resultJsonHasTheIdentityFromTheEnvironmentAndOneEntryPerTest() {
        String json = Classroom50.json(FeedbackTest.REPORT, Level.NAMES, Classroom50.identity(ENV),
                Instant.parse("2026-11-30T15:04:05.123Z"));
        Map<String, Object> result = Json.object(json);
        assertValid(result);
        assertThat(result).containsEntry("classroom", "cs-2026").containsEntry("submission", "submit/2026-11-30")
                .containsEntry("review", "https://github.com/o/r/commit/abc") // no REVIEW_URL: the commit
                .containsEntry("datetime", "2026-11-30T15:04:05Z").containsEntry("score", 3.0)
                .containsEntry("max-score", 8.0);
        assertThat((List<?>) result.get("tests")).hasSize(2);
        @SuppressWarnings("unchecked")
        Map<String, Object> second = (Map<String, Object>) ((List<?>) result.get("tests")).get(1);
        assertThat(second).containsEntry("test-name",
                "2.1 waiters are all woken").containsEntry("passed", false).containsEntry("score", 0.0);
    }

    @Test
    void atScoreOnlyTheTestNamesStayHidden() {
        Map<String, Object> result = Json.object(Classroom50.json(FeedbackTest.REPORT, Level.SCORE,
                Classroom50.identity(ENV), Instant.EPOCH));
        assertValid(result);
        assertThat((List<?>) result.get("tests")).hasSize(1);
        assertThat(result.toString()).doesNotContain("waiters");
    }

    @Test
    void missingVariablesAreNamed() {
        assertThat(Classroom50.missing(Map.of("CLASSROOM", "c"))).containsExactly("ASSIGNMENT", "SUBMISSION_TAG",
                "COMMIT_URL", "RELEASE_URL");
        assertThat(Classroom50.missing(ENV)).isEmpty();
        assertThat(Classroom50.identity(Map.of())).containsEntry("classroom", "unset: CLASSROOM");
    }
}
