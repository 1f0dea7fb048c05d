package grading.prove;

import grading.batch.ClassGrading;
import grading.grade.ChildRunner;
import grading.grade.Report;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Grades the reference and planted submissions as one batch, as {@code grade --submissions} does
 * ({@link ClassGrading}: one grader process, several submissions at once, the batch's line per
 * finished submission), then says for each whether its grading shows what it claims
 * ({@link Verdict}).
 */
public final class Proof {

    private final Path repo;
    private final Path submissions;
    private final Map<String, Planted> byFolder = new LinkedHashMap<>();

    /** A proof of {@code repo}'s patches, whose planted copies go in {@code work}. */
    public Proof(Path repo, Path work) throws IOException {
        this.repo = repo;
        this.submissions = Files.createDirectories(work.resolve("submissions"));
    }

    /**
     * Plants each submission in a folder of its own, named after its label (the same source twice:
     * once). Throws {@link IllegalArgumentException}, naming it, when one does not apply: before
     * anything is graded.
     */
    public Proof plant(List<Planted> planted) throws IOException {
        Set<Path> sources = new HashSet<>();
        for (Planted p : planted) {
            if (p.source() != null && !sources.add(p.source())) {
                continue;
            }
            String folder = p.folder();
            for (int n = 2; byFolder.containsKey(folder); n++) {
                folder = p.folder() + "-" + n;
            }
            try {
                p.plant(repo, submissions.resolve(folder));
            } catch (IllegalStateException e) { // a hunk that no longer applies, named by the patch's own message
                throw new IllegalArgumentException("cannot plant " + p.label() + ": " + e.getMessage(), e);
            }
            byFolder.put(folder, p);
        }
        return this;
    }

    /** How many submissions {@link #plant} planted, the reference among them. */
    public int size() {
        return byFolder.size();
    }

    /**
     * Grades what {@link #plant} planted into {@code out} with grader.jar ({@code kit}), up to
     * {@code jobs} at once, prints the batch's progress on {@code progress} and the verdicts on
     * {@code verdicts}.
     *
     * @return true when every verdict holds
     */
    public boolean grade(Path kit, ChildRunner.Limits limits, int jobs, Path out, PrintStream progress, boolean redraw,
                         PrintStream verdicts) throws IOException, InterruptedException {
        Map<String, Report> reports = new ConcurrentHashMap<>();
        long start = System.nanoTime();
        List<ClassGrading.Row> rows = new ClassGrading(kit, limits, jobs)
                .whenGraded((student, report) -> reports.put(student.getFileName().toString(), report))
                .grade(submissions, out, progress, redraw);
        Map<String, ClassGrading.Row> rowByFolder = new LinkedHashMap<>();
        rows.forEach(row -> rowByFolder.put(row.student(), row));
        int failed = 0;
        for (Map.Entry<String, Planted> e : byFolder.entrySet()) {
            Report report = reports.get(e.getKey());
            ClassGrading.Row row = rowByFolder.get(e.getKey());
            Verdict verdict = report != null ? Verdict.of(e.getValue().claim(), report)
                    : Verdict.notRun(row == null ? "not graded" : row.status());
            failed += verdict.holds() ? 0 : 1;
            print(verdicts, e.getValue(), verdict, report);
        }
        verdicts.printf(Locale.ROOT, "prove: %s (%d graded in %.0f s)%n", failed == 0 ? "every verdict holds"
                : failed + " of " + byFolder.size() + " verdicts do not hold", byFolder.size(),
                (System.nanoTime() - start) / 1e9);
        verdicts.flush();
        return failed == 0;
    }

    /** One verdict: whether it holds, its score and claim; then the tests it lost and each problem. */
    private static void print(PrintStream out, Planted p, Verdict verdict, Report report) {
        String score = report == null ? ""
                : " (" + Report.number(report.score()) + "/" + Report.number(report.maxScore()) + ")";
        out.println(p.label() + ": " + (verdict.holds() ? "holds" : "DOES NOT HOLD") + score + ", "
                + (p.claim().fullMarks() ? "it must keep full marks" : "its header says " + p.claim()));
        if (!verdict.lost().isEmpty()) {
            out.println("  lost " + verdict.lost().size() + " graded test" + (verdict.lost().size() == 1 ? "" : "s")
                    + ": " + String.join(", ", verdict.lost()));
        }
        verdict.problems().forEach(problem -> out.println("  - " + problem));
    }
}
