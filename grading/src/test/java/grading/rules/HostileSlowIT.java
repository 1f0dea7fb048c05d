package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Grades every hostile submission under {@code grading/hostile/} with the packaged grader.jar,
 * as an instructor would ({@code java -jar grader.jar grade DIR --results FILE}), and checks what
 * each one's {@code expected.properties} says: the score range, and a message the results must
 * show. For every one of them: the grader exits 0 (grading worked), does not hang, and writes a
 * small results.json. An {@code absent} line lists words that no field of its results.json may
 * hold, in any encoding ({@link #assertNotEncoded}).
 *
 * <p>It takes a few minutes. It runs after {@code package}, in the {@code proofs} profile
 * ({@code mvn -B verify -Dproofs}, or {@code -Dproofs=only} as .ci/run does after its verify),
 * two submissions at a time ({@code -Dgrading.hostile=NAME,...}: only those). An {@code args}
 * line in expected.properties adds grader options (the endless loop uses a shorter per-test
 * limit, so that the suite stays short).
 */
@ResourceLock(SlowSuites.ORPHANS)
class HostileSlowIT {

    /** Far above what any hostile submission needs (the grader's own limit is 180 s): a hang, not a slow run. */
    static final long HANG_SECONDS = 420;

    /** A results.json above this did not cap the submission's output. */
    static final long MAX_RESULTS_BYTES = 256 * 1024;

    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

    @TempDir
    static Path work;

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    record Graded(String name, Properties expected, GraderRun run, String results, GraderRun unscreened,
                  String unscreenedResults, List<String> changedOutside, String jarBefore) {
    }

    @TestFactory
    Stream<DynamicTest> everyHostileSubmissionIsGradedWithItsExpectedScoreAndMessage() throws IOException {
        List<Path> every;
        try (Stream<Path> dirs = Files.list(Submissions.root().resolve("grading/hostile"))) {
            every = dirs.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(every).as("hostile submissions under grading/hostile").hasSizeGreaterThanOrEqualTo(24);
        // -Dgrading.hostile=NAME,...: only those, while one is being written
        List<String> only = List.of(System.getProperty("grading.hostile", "").split(","));
        List<Path> hostile = only.equals(List.of("")) ? every
                : every.stream().filter(dir -> only.contains(dir.getFileName().toString())).toList();
        assertThat(hostile).as("hostile submissions named by grading.hostile").hasSize(only.equals(List.of(""))
                ? every.size() : only.size());
        List<Future<Graded>> runs = new ArrayList<>();
        for (Path dir : hostile) {
            runs.add(POOL.submit(() -> grade(dir)));
        }
        return runs.stream().map(future -> DynamicTest.dynamicTest(nameOf(hostile, runs, future), () -> check(future.get())));
    }

    private static String nameOf(List<Path> hostile, List<Future<Graded>> runs, Future<Graded> future) {
        return hostile.get(runs.indexOf(future)).getFileName().toString();
    }

    private static Graded grade(Path dir) throws IOException, InterruptedException {
        String name = dir.getFileName().toString();
        Properties expected = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve("expected.properties"), StandardCharsets.UTF_8)) {
            expected.load(in);
        }
        Path submission = Submissions.overlaid(dir, Files.createDirectories(work.resolve(name + "/submission")));
        Path results = work.resolve(name + "/results.json");
        // Run from inside the submission, as GitHub Classroom does: whatever the student JVM
        // writes to its working directory lands right beside the grader.
        // before=full: the proof reads every test's message, hidden ones included
        List<String> args = new ArrayList<>(List.of("grade", ".", "--results", results.toString(),
                "--feedback", "before=full"));
        String extra = expected.getProperty("args", "").strip();
        if (!extra.isEmpty()) {
            args.addAll(List.of(extra.split("\\s+")));
        }
        // Every hostile submission is graded in the sandbox, as on a grading service (.ci/run installs bubblewrap).
        args.add("--require-sandbox");
        String jarBefore = Fingerprint.of(Submissions.kit());
        Map<String, String> before = Fingerprint.tree(submission);
        GraderRun run = GraderRun.run(submission, HANG_SECONDS, args.toArray(String[]::new));
        String json = Files.exists(results) ? Files.readString(results, StandardCharsets.UTF_8) : "";
        GraderRun unscreened = null;
        String unscreenedJson = "";
        // PlantedMistakesProofSlowIT grades its hostile students with the screen off, next to
        // classmates: that proves more than a second run here would, so it is done once, there.
        // -Dgrading.hostile.unscreened=all: every submission graded with the screen off too, for the
        // table of scores (writeTheScores) that compares a change of the submissions before and after
        boolean all = System.getProperty("grading.hostile.unscreened", "").equals("all");
        if (all || expected.containsKey("unscreened.score.max") && !PlantedMistakesProofSlowIT.HOSTILE.contains(name)) {
            // The same attack with the allowlist screen off: what the sandbox and the channel stop alone.
            Path second = work.resolve(name + "/results-unscreened.json");
            args.set(args.indexOf(results.toString()), second.toString());
            unscreened = GraderRun.run(submission, HANG_SECONDS, List.of("-Dgrading.unscreened=true"),
                    args.toArray(String[]::new));
            unscreenedJson = Files.exists(second) ? Files.readString(second, StandardCharsets.UTF_8) : "";
        }
        List<String> changed = Fingerprint.changes(before, Fingerprint.tree(submission));
        return new Graded(name, expected, run, json, unscreened, unscreenedJson, changed, jarBefore);
    }

    /** name, score, and the score with the screen off: the table target/hostile-scores.txt keeps. */
    private static final java.util.Map<String, String> SCORES = new java.util.concurrent.ConcurrentSkipListMap<>();

    private static void check(Graded g) throws IOException {
        SCORES.put(g.name(), g.name() + " " + (g.results().isEmpty() ? "-" : GraderRun.score(g.results())) + " "
                + (g.unscreened() == null ? "-" : g.unscreenedResults().isEmpty() ? "none"
                        : GraderRun.score(g.unscreenedResults())));
        String context = g.name() + " (grader output:\n" + tail(g.run().output()) + ")";
        assertThat(g.run().exitCode()).as("exit code of the grader for " + context).isZero();
        assertThat(g.results()).as("results.json for " + context).isNotEmpty();
        assertThat((long) g.results().getBytes(StandardCharsets.UTF_8).length).as("results.json size of " + g.name())
                .isLessThan(MAX_RESULTS_BYTES);

        double score = GraderRun.score(g.results());
        double min = Submissions.score(g.expected().getProperty("score.min", "0"));
        double max = Submissions.score(g.expected().getProperty("score.max"));
        assertThat(score).as("score of " + g.name() + " (expected.properties says " + min + ".." + max + ")")
                .isBetween(min, max);

        String message = g.expected().getProperty("message");
        assertThat(strings(grading.Json.parse(g.results()))).as("results.json of " + g.name() + " shows the message").contains(message);

        // Whatever it tried, it left no trace: nothing changed where the grader ran (the submission's
        // own folder, the grader's working directory), grader.jar is the same, nothing it started is
        // still running, and no hidden test's name, class file or frame reached an output.
        assertThat(g.changedOutside()).as("files changed in the grader's working directory by " + g.name()).isEmpty();
        assertThat(Fingerprint.of(Submissions.kit())).as("grader.jar after " + g.name()).isEqualTo(g.jarBefore());
        // every field of results.json as a student reads it (decoded), and the raw file and console too
        assertNoHiddenTestText(g.name(), strings(grading.Json.parse(g.results())) + g.results() + g.run().output());
        for (String word : g.expected().getProperty("absent", "").split(",")) {
            if (!word.isBlank()) {
                assertNotEncoded("results.json of " + g.name() + ", decoded", word.strip(),
                        strings(grading.Json.parse(g.results())));
            }
        }
        assertNoControlCharacters("the grader's console output for " + g.name(), g.run().output());
        assertNoControlCharacters("results.json of " + g.name() + ", decoded", strings(grading.Json.parse(g.results())));
        if (g.unscreened() != null) {
            String unscreened = g.name() + " with the screen off (grader output:\n" + tail(g.unscreened().output()) + ")";
            assertThat(g.unscreened().exitCode()).as("exit code of the grader for " + unscreened).isZero();
            if (g.expected().containsKey("unscreened.score.max")) { // else graded so for the table alone
                assertThat(GraderRun.score(g.unscreenedResults())).as("score of " + unscreened)
                        .isLessThanOrEqualTo(Submissions.score(g.expected().getProperty("unscreened.score.max")));
            }
            assertThat(GraderRun.maxScore(g.unscreenedResults())).as("maximum of " + unscreened)
                    .isEqualTo(GraderRun.maxScore(g.results()));
            assertNoHiddenTestText(unscreened, strings(grading.Json.parse(g.unscreenedResults())) + g.unscreenedResults()
                    + g.unscreened().output());
        }
    }

    /**
     * The scores of this run, one line per submission (name, score, score with the screen off, or -
     * when it was not graded so), in target/hostile-scores.txt: compared before and after a change
     * of the hostile submissions, it shows that each still scores what it scored.
     */
    @AfterAll
    static void writeTheScores() throws IOException {
        Path table = Path.of(System.getProperty("grading.kit", "target/grader.jar")).resolveSibling("hostile-scores.txt");
        Files.write(table, SCORES.values(), StandardCharsets.UTF_8);
    }

    @AfterAll
    static void nothingOutlivesGrading() throws Exception {
        // The hostile runs are over: a process they started that is still alive outlived its sandbox.
        Thread.sleep(500);
        List<String> survivors = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains("hostile-orphan-marker"))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
        assertThat(survivors).as("processes started by graded submissions, still running").isEmpty();
        try (Stream<Path> walk = Files.walk(work)) {
            assertThat(walk.filter(p -> p.getFileName().toString().equals("hostile-was-here.txt")).toList())
                    .as("files a submission wrote outside its sandbox").isEmpty();
        }
    }

    /** The graded tests' class names, frames and class files (base64 "yv66vg" is 0xCAFEBABE) stay inside. */
    static void assertNoHiddenTestText(String what, String text) {
        assertThat(text).as("output of " + what).doesNotContain("grading.hidden", "grading/hidden", "yv66vg",
                "graded-tests//", "t//t.");
    }

    /**
     * {@code word} is nowhere in {@code text}, however a submission encoded it: reversed, with
     * look-alike dots or anything else between its letters, in other cases or compatibility
     * forms. Only letters and digits are read (NFKC-folded, lower case), forwards and backwards:
     * no text filter could read it that way, which is why the names are hidden, not filtered.
     */
    static void assertNotEncoded(String what, String word, String text) {
        String letters = lettersOf(text);
        String wanted = lettersOf(word);
        assertThat(letters).as(what + ", its letters and digits only, holds " + word).doesNotContain(wanted);
        assertThat(new StringBuilder(letters).reverse().toString())
                .as(what + ", its letters and digits only, reversed, holds " + word).doesNotContain(wanted);
    }

    private static String lettersOf(String text) {
        StringBuilder kept = new StringBuilder(text.length());
        Normalizer.normalize(text, Normalizer.Form.NFKC).codePoints().filter(Character::isLetterOrDigit)
                .map(c -> Character.toLowerCase(c)).forEach(kept::appendCodePoint);
        return kept.toString();
    }

    /**
     * No control character but newline and tab (an ESC could clear the screen or recolour a row, a
     * CR overwrite it): what a submission put there reached a console or a report raw.
     */
    static void assertNoControlCharacters(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f)
                    || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
            if (control) {
                int from = Math.max(0, i - 60);
                throw new AssertionError(what + " holds the control character \\u" + String.format("%04x", (int) c)
                        + " at " + i + ", after: " + text.substring(from, i).replace("\u001b", "<ESC>"));
            }
        }
    }

    /** Every string of a parsed JSON value, decoded, one per line: the text a student reads. */
    static String strings(Object json) {
        if (json instanceof String text) {
            return text;
        }
        Stream<?> parts = json instanceof Map<?, ?> map ? map.values().stream()
                : json instanceof List<?> list ? list.stream() : Stream.empty();
        return parts.map(HostileSlowIT::strings).collect(java.util.stream.Collectors.joining("\n"));
    }

    private static String tail(String text) {
        return text.length() <= 3_000 ? text : "..." + text.substring(text.length() - 3_000);
    }
}
