package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import grading.prove.Claim;
import grading.prove.Outcome;
import grading.prove.Verdict;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The proof that the graded tests catch each planted mistake of grading/wrong, made by grading
 * them in a class of 30 submissions (more once the wrong and hostile ones leave no room for a
 * reference), in one batch as an instructor would after the deadline:
 * {@code java -jar grader.jar grade --submissions DIR --out OUT}. The class mixes the reference
 * solution, every wrong solution of grading/wrong, the untouched student release, hostile
 * submissions from grading/hostile, one that does not compile and one with no homework at all.
 *
 * <p>The proof: every wrong solution fails each graded test its patch's {@code # fails:} line
 * names, by that test's own check (not for want of time: the run's limit must not have stopped
 * it), and scores below full marks. With the allowlist screen off, as here, only the tests can
 * have caught it. Each is judged as {@code grader.jar prove PATCH} judges one patch in seconds
 * ({@link Verdict}): an instructor who adds a test and its patch need not wait for this class.
 *
 * <p>The class is graded once ({@link #gradeTheClass}); each test below checks one thing of that
 * one batch: it ends (one broken submission never stops it), the CSV summary has one row per
 * student with {@code student,score,max,status}, each score is what that kind of submission earns,
 * every maximum is the assignment's, and each student has a results file and feedback.
 *
 * <p>Slow (minutes): runs in the {@code proofs} profile ({@code mvn -B verify -Dproofs}), as .ci/run does.
 */
@ResourceLock(SlowSuites.ORPHANS)
class PlantedMistakesProofSlowIT {

    /** The class's size: "the class of 30" of grading/README.md ({@code ProseNumbersTest} compares them). */
    static final int CLASS = 30;

    /**
     * How many reference solutions the class holds beside {@code wrongs} wrong solutions, the
     * hostile ones and the three special cases (the release, one that does not compile, one with no
     * homework): enough to make {@link #CLASS}, and one at least.
     */
    static int references(int wrongs) {
        return Math.max(1, CLASS - wrongs - HOSTILE.size() - 3);
    }

    /** Far above what the batch needs: a hang, not a slow run. */
    static final long HANG_SECONDS = 1_500;

    /**
     * The hostile submissions in the class: the ones that attack the batch itself (the grader, the
     * other students' results, the machine). All of them are graded one by one by {@link HostileSlowIT}.
     */
    static final List<String> HOSTILE = List.of("exit-in-await-task", "infinite-loop", "flood-stdout",
            "memory-exhaustion", "fake-results-json", "kill-parent", "setsid-orphan", "proc-parent-writes",
            "rewrite-kit-jar");

    @TempDir
    static Path work;

    /** The class, as graded once for all the tests below. */
    static Map<String, Expected> expected;
    static Map<String, String[]> rows;
    static GraderRun run;
    static Path out;
    static String broken;
    static String empty;
    /** The wrong solutions, by student. */
    static final Map<String, grading.WrongPatch> WRONGS = new LinkedHashMap<>();

    /** What a student's row must show: a score range, or full marks, or less than full marks. */
    record Expected(double min, double max, boolean full, boolean belowFull) {
        static Expected fullMarks() {
            return new Expected(0, Double.MAX_VALUE, true, false);
        }

        static Expected lessThanFull() {
            return new Expected(0, Double.MAX_VALUE, false, true);
        }

        static Expected between(double min, double max) {
            return new Expected(min, max, false, false);
        }
    }

    @BeforeAll
    static void gradeTheClass() throws Exception {
        Path submissions = Files.createDirectories(work.resolve("submissions"));
        expected = new LinkedHashMap<>();
        int n = 0;

        List<grading.WrongPatch> wrongs = grading.WrongPatch.all(Submissions.root());
        // Correct submissions fill the class up to 30, next to every wrong and hostile one and
        // the three special cases below; with more of those the class grows past 30, keeping one.
        int references = references(wrongs.size());
        for (int i = 0; i < references; i++) {
            String student = String.format("s%02d-reference", ++n);
            Submissions.reference(submissions.resolve(student));
            expected.put(student, Expected.fullMarks());
        }
        for (grading.WrongPatch wrong : wrongs) {
            String student = String.format("s%02d-wrong-%s", ++n, wrong.name());
            wrong.applyInto(Submissions.root(), submissions.resolve(student));
            expected.put(student, Expected.lessThanFull());
            WRONGS.put(student, wrong);
        }
        for (String hostile : HOSTILE) {
            String student = String.format("s%02d-hostile-%s", ++n, hostile);
            Path dir = Submissions.root().resolve("grading/hostile").resolve(hostile);
            Submissions.overlaid(dir, submissions.resolve(student));
            Properties properties = new Properties();
            try (Reader in = Files.newBufferedReader(dir.resolve("expected.properties"), StandardCharsets.UTF_8)) {
                properties.load(in);
            }
            // graded with the screen off (below): its own expectation for that, where it has one
            expected.put(student, Expected.between(Submissions.score(properties.getProperty("score.min", "0")),
                    Submissions.score(properties.getProperty("unscreened.score.max",
                            properties.getProperty("score.max")))));
        }
        String released = String.format("s%02d-untouched-release", ++n);
        GraderRun release = GraderRun.run(work, 300, "release", "--out", submissions.resolve(released).toString());
        assertThat(release.exitCode()).as(release.output()).isZero();
        expected.put(released, Expected.between(0, 0));

        broken = String.format("s%02d-does-not-compile", ++n);
        Submissions.reference(submissions.resolve(broken));
        Files.writeString(submissions.resolve(broken).resolve("homework/src/main/java/homework/Homework.java"),
                "package homework;\npublic final class Homework { int x = ; }\n");
        expected.put(broken, Expected.between(0, 0));

        empty = String.format("s%02d-empty", ++n);
        Files.createDirectories(submissions.resolve(empty));
        Files.writeString(submissions.resolve(empty).resolve("README.md"), "I will do it later.\n");
        expected.put(empty, Expected.between(0, 0));
        assertThat(expected).hasSize(references + wrongs.size() + HOSTILE.size() + 3).hasSizeGreaterThanOrEqualTo(30);

        GraderRun.say("planted mistakes: grading a class of " + expected.size() + " with grader.jar (minutes; a line per"
                + " student as its grading ends)");
        // In the sandbox, and with the allowlist screen off: the hostile code really runs, next to
        // its classmates, so this proves what the sandbox and the batch alone keep apart.
        out = work.resolve("out");
        // Limits of 2 s of CPU a test (instead of 5) and 45 s a submission (instead of 180): the class's looping
        // submission (infinite-loop spins in every awaitTask) then costs 45 s of CPU, not 22 tests times the
        // limit; a correct test takes milliseconds (the one that measures has a limit of its own, 20 s,
        // which the slowest wrong solution uses up) and a correct submission a few seconds.
        run = GraderRun.run(work, HANG_SECONDS, List.of("-Dgrading.unscreened=true"), "grade",
                "--submissions", submissions.toString(), "--out", out.toString(), "--require-sandbox",
                "--test-timeout", "2", "--total-timeout", "45");
        assertThat(run.exitCode()).as("batch output:\n" + tail(run.output())).isZero();
        rows = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(out.resolve("summary.csv"), StandardCharsets.UTF_8);
        assertThat(lines.get(0)).as("CSV header").isEqualTo("student,score,max,status");
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertThat(cells).as("CSV row " + line).hasSize(4);
            rows.put(cells[0], cells);
        }
    }

    @Test
    void everyStudentHasOneRow() {
        assertThat(rows.keySet()).as("one row per student").containsExactlyInAnyOrderElementsOf(expected.keySet());
    }

    @Test
    void everyMaximumIsTheAssignments() {
        double max = Double.parseDouble(rows.get("s01-reference")[2]);
        assertThat(max).isPositive();
        assertThat(rows.values()).as("the maximum of every row").allSatisfy(row ->
                assertThat(Double.parseDouble(row[2])).as(row[0]).isEqualTo(max));
    }

    @Test
    void everyStatusSaysWhatKeptASubmissionFromBeingTested() {
        assertThat(rows.values()).allSatisfy(row -> assertThat(row[3]).as(row[0]).isEqualTo(
                row[0].equals(broken) ? "does not compile" : row[0].equals(empty) ? "no homework sources" : "graded"));
    }

    @Test
    void everyScoreIsWhatThatKindOfSubmissionEarns() {
        double max = Double.parseDouble(rows.get("s01-reference")[2]);
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, Expected> e : expected.entrySet()) {
            double score = Double.parseDouble(rows.get(e.getKey())[1]);
            Expected want = e.getValue();
            boolean ok = want.full() ? score == max
                    : want.belowFull() ? score < max
                    : score >= want.min() && score <= want.max();
            if (!ok) {
                problems.add(e.getKey() + ": score " + score + " (expected " + (want.full() ? "full marks " + max
                        : want.belowFull() ? "below " + max : want.min() + ".." + want.max()) + ")");
            }
        }
        // the hostile students attacked the batch with the screen off: their classmates' full marks prove it held
        assertThat(problems).as("batch output:\n" + tail(run.output())).isEmpty();
    }

    /** Judged as {@code grader.jar prove} judges one patch ({@link Verdict}), from each student's results.json. */
    @Test
    @SuppressWarnings("unchecked")
    void everyWrongSolutionFailsTheTestsItsPatchNames() throws Exception {
        Map<String, String> idByNumber = new LinkedHashMap<>();
        for (grading.hidden.GradedTests.Spec spec : grading.hidden.GradedTests.all()) {
            idByNumber.put(spec.number(), spec.id());
        }
        // every patch of grading/wrong is in the class (wrongs is read from the folder, so none can be left out)
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, grading.WrongPatch> e : WRONGS.entrySet()) {
            String json = Files.readString(out.resolve(e.getKey()).resolve("results.json"), StandardCharsets.UTF_8);
            Map<String, Outcome> byId = new LinkedHashMap<>();
            for (Object test : (List<Object>) grading.Json.object(json).get("tests")) {
                Map<String, Object> t = (Map<String, Object>) test;
                String id = idByNumber.get((String) t.get("number"));
                if (id != null) {
                    byId.put(id, new Outcome("passed".equals(t.get("status")), String.valueOf(t.get("output"))));
                }
            }
            Verdict verdict = Verdict.judge(Claim.of(e.getValue().patch()), byId);
            verdict.problems().forEach(problem -> problems.add(e.getValue().name() + ".patch: " + problem));
        }
        assertThat(problems).isEmpty();
        System.out.println("class of " + expected.size() + ": every wrong solution failed the tests its patch names: "
                + String.join(", ", WRONGS.values().stream().map(grading.WrongPatch::name).toList()));
    }

    @Test
    void everyStudentHasResultsAndFeedback() {
        assertThat(expected.keySet()).allSatisfy(student -> {
            assertThat(hasResults(out, student)).as("results of " + student).isTrue();
            assertThat(out.resolve(student).resolve("feedback.md")).as("feedback of " + student).exists();
        });
    }

    /** OUT/student/results.json or OUT/student.json. */
    private static boolean hasResults(Path out, String student) {
        return Files.isRegularFile(out.resolve(student).resolve("results.json"))
                || Files.isRegularFile(out.resolve(student + ".json"));
    }

    private static String tail(String text) {
        return text.length() <= 4_000 ? text : "..." + text.substring(text.length() - 4_000);
    }

}
