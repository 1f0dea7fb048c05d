package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import grading.WrongPatch;
import grading.hidden.GradedTests;
import grading.release.Release;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof that the grading is sound, run on the packaged grader.jar (the class path every
 * submission gets): the reference scores full marks, the release scores zero, and every wrong
 * solution (a patch of grading/wrong) scores less, failing the tests that should catch it; every other
 * correct solution under grading/right scores full marks.
 */
class GradingProofIT {

    private static final Path KIT = Path.of(System.getProperty("grading.kit", "target/grader.jar"));

    @TempDir
    Path work;

    private static Report grade(Path submission) throws IOException, InterruptedException {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Report report = new Grading(KIT, new PrintStream(log, true, StandardCharsets.UTF_8)).grade(submission);
        return report;
    }

    @Test
    void theReferenceSolutionScoresFullMarks() throws Exception {
        Report report = grade(Repo.root());
        assertThat(GradedTests.all().stream().mapToDouble(GradedTests.Spec::points).sum()).isEqualTo(106);
        assertThat(report.score()).as(report.table()).isEqualTo(report.maxScore()).isGreaterThanOrEqualTo(100);
        assertThat(report.resultsJson()).contains("\"score\": " + Report.number(report.score()) + ",");
    }

    @Test
    void theStudentReleaseScoresZeroWithNotImplementedYet() throws Exception {
        Path release = work.resolve("release");
        new Release(Repo.root(), release).write();
        Report report = grade(release);
        assertThat(report.score()).as(report.table()).isZero();
        List<String> graded = GradedTests.all().stream().map(GradedTests.Spec::number).toList();
        assertThat(report.tests()).filteredOn(t -> graded.contains(t.number())).hasSize(graded.size())
                .allSatisfy(t -> assertThat(t.reason()).contains("not implemented yet"));
    }

    @Test
    void aSubmissionThatDoesNotCompileScoresZeroAndShowsTheErrors() throws Exception {
        Path submission = work.resolve("broken");
        Path file = submission.resolve(Grading.SOURCES).resolve("Homework.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "package homework;\npublic final class Homework { int x = ; }\n");
        Report report = grade(submission);
        assertThat(report.score()).isZero();
        assertThat(report.output()).contains("does not compile", "Homework.java:2: error:");
        assertThat(report.tests()).hasSizeGreaterThanOrEqualTo(GradedTests.all().size());
    }

    @Test
    void everyWrongSolutionLosesPointsOnTheTestsThatShouldCatchIt() throws Exception {
        List<WrongPatch> wrongs = WrongPatch.all();
        assertThat(wrongs).extracting(WrongPatch::name)
                .contains("completion-order", "polling", "swallowed", "sequential-gather", "first-waiter-only",
                        "quadratic-wakeups", "lifo-waiters", "unclosed-parked", "no-cycle-detection", "quadratic-scan",
                        "two-cycles-only", "walk-from-last-parked", "tid-zero-parks", "empty-gather-throws",
                        "no-null-results", "tight-array-scan");
        Map<String, String> numberById = new HashMap<>();
        for (GradedTests.Spec spec : GradedTests.all()) {
            numberById.put(spec.id(), spec.number());
        }
        List<String> problems = new ArrayList<>();
        // two at a time, as a batch grades (--jobs 2): each in its own sandbox and child JVM
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        List<java.util.concurrent.Future<Report>> reports = new ArrayList<>();
        for (WrongPatch wrong : wrongs) {
            Path submission = wrong.applyTo(work);
            reports.add(pool.submit(() -> grade(submission)));
        }
        pool.shutdown();
        for (WrongPatch wrong : wrongs) {
            Report report = reports.get(wrongs.indexOf(wrong)).get();
            if (report.score() >= report.maxScore()) {
                problems.add(wrong.name() + " got full marks");
            }
            for (String id : wrong.fails()) {
                String number = numberById.get(id);
                if (number == null) {
                    problems.add(wrong.name() + ".patch names an unknown test " + id);
                    continue;
                }
                boolean failed = report.tests().stream().anyMatch(t -> t.number().equals(number) && !t.passed());
                if (!failed) {
                    problems.add(wrong.name() + " passed " + id + ", which should catch it");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    /**
     * Correct solutions written in other styles than the reference (other data structures, other
     * wording of the deadlock message) score full marks too: the tests check what the homework
     * states, not the reference's way of writing it.
     */
    @Test
    void everyOtherCorrectSolutionScoresFullMarks() throws Exception {
        List<Path> rights;
        try (Stream<Path> list = Files.list(Repo.root().resolve("grading/right"))) {
            rights = list.sorted().toList();
        }
        assertThat(rights).isNotEmpty();
        for (Path right : rights) {
            // a folder is a solution of its own; a .patch is a few changes of the reference's style
            Path submission = Files.isDirectory(right) ? overlay(right)
                    : new WrongPatch(right, right.getFileName().toString().replaceFirst("\\.patch$", ""), "", List.of())
                            .applyTo(work);
            Report report = grade(submission);
            assertThat(report.score()).as(right.getFileName() + "\n" + report.table()).isEqualTo(report.maxScore());
        }
    }

    /** The reference homework sources with the wrong (or other correct) solution's files laid over them. */
    private Path overlay(Path wrong) throws IOException {
        Path submission = work.resolve(wrong.getFileName());
        copy(Repo.root().resolve(Grading.SOURCES), submission.resolve(Grading.SOURCES));
        copy(wrong.resolve(Grading.SOURCES), submission.resolve(Grading.SOURCES));
        return submission;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
