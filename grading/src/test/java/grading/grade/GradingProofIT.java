package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import grading.WrongPatch;
import grading.hidden.GradedTests;
import grading.release.Release;
import instructor.PatchFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof that the grading is sound, run on the packaged grader.jar (the class path every
 * submission gets): the reference scores full marks, the release scores zero, a submission that
 * does not compile scores zero, and every other correct solution under grading/right scores full
 * marks. The other half, every wrong solution failing the tests that should catch it, is proved
 * in the class of 30 ({@code grading.rules.PlantedMistakesProofSlowIT}), which grades each of them.
 */
class GradingProofIT {

    @TempDir
    static Path work;

    private static final Batch BATCH = new Batch();
    private static List<Path> rights;

    @BeforeAll
    static void gradeEverySubmission() throws IOException {
        BATCH.submit("reference", Repo.root());
        Path release = work.resolve("release");
        new Release(Repo.root(), release).write();
        BATCH.submit("release", release);
        Path broken = work.resolve("broken");
        Path file = broken.resolve(Grading.SOURCES).resolve("Homework.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "package homework;\npublic final class Homework { int x = ; }\n");
        BATCH.submit("broken", broken);
        try (Stream<Path> list = Files.list(Repo.root().resolve("grading/right"))) {
            rights = list.sorted().toList();
        }
        for (Path right : rights) {
            // a folder is a solution of its own; a .patch is a few changes of the reference's style
            BATCH.submit("right " + right.getFileName(), Files.isDirectory(right) ? overlay(right)
                    : WrongPatch.apply(PatchFile.read(right), Repo.root(), work.resolve("right").resolve(right.getFileName().toString())));
        }
    }

    /** One line that names what was graded and how it scored: a green proof says what it proved. */
    @AfterAll
    static void stopGrading() {
        List<String> graded = new ArrayList<>();
        for (String name : BATCH.names()) {
            try {
                Report report = report(name);
                graded.add(name + " " + Report.number(report.score()) + "/" + Report.number(report.maxScore()));
            } catch (Exception e) {
                graded.add(name + " (not graded: " + e + ")");
            }
        }
        System.out.println("grading proof on grader.jar: " + String.join(", ", graded));
        BATCH.close();
    }

    private static Report report(String name) throws Exception {
        return BATCH.report(name);
    }

    @Test
    void theReferenceSolutionScoresFullMarks() throws Exception {
        Report report = report("reference");
        // the maximum is the hidden tests' points, added up: written nowhere else
        assertThat(report.maxScore()).isEqualTo(GradedTests.all().stream().mapToDouble(GradedTests.Spec::points).sum());
        assertThat(report.score()).as(report.table()).isEqualTo(report.maxScore()).isPositive();
        assertThat(report.resultsJson()).contains("\"score\": " + Report.number(report.score()) + ",");
    }

    @Test
    void theStudentReleaseScoresZeroWithNotImplementedYet() throws Exception {
        Report report = report("release");
        assertThat(report.score()).as(report.table()).isZero();
        List<String> graded = GradedTests.all().stream().map(GradedTests.Spec::number).toList();
        assertThat(report.tests()).filteredOn(t -> graded.contains(t.number())).hasSize(graded.size())
                .allSatisfy(t -> assertThat(t.reason()).contains("not implemented yet"));
    }

    @Test
    void aSubmissionThatDoesNotCompileScoresZeroAndShowsTheErrors() throws Exception {
        Report report = report("broken");
        assertThat(report.score()).isZero();
        assertThat(report.output()).contains("does not compile", "Homework.java:2: error:");
        assertThat(report.tests()).hasSizeGreaterThanOrEqualTo(GradedTests.all().size());
    }

    /**
     * Correct solutions written in other styles than the reference (other data structures, other
     * wording of the deadlock message) score full marks too: the tests check what the homework
     * states, not the reference's way of writing it.
     */
    @Test
    void everyOtherCorrectSolutionScoresFullMarks() throws Exception {
        assertThat(rights).isNotEmpty();
        for (Path right : rights) {
            Report report = report("right " + right.getFileName());
            assertThat(report.score()).as(right.getFileName() + "\n" + report.table()).isEqualTo(report.maxScore());
        }
    }

    /** The reference homework sources with the other correct solution's files laid over them. */
    private static Path overlay(Path right) throws IOException {
        Path submission = work.resolve("right").resolve(right.getFileName());
        copy(Repo.root().resolve(Grading.SOURCES), submission.resolve(Grading.SOURCES));
        copy(right.resolve(Grading.SOURCES), submission.resolve(Grading.SOURCES));
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
