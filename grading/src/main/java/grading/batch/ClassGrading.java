package grading.batch;

import grading.grade.ChildRunner;
import grading.grade.Feedback;
import grading.grade.FeedbackFile;
import grading.grade.Grading;
import grading.grade.Report;
import grading.grade.Text;
import grading.rules.UploadPaths;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * Grades a whole class: every folder of a submissions directory is one student's repository.
 *
 * <p>Up to {@code jobs} submissions are graded at once, each by the single-submission grading
 * (its own child JVM with its limits), all in this one grader process: the kit, the graded tests
 * and the compiler stay loaded and warm from one submission to the next, so a submission costs
 * one compile of its own files and one JVM for its tests, nothing more.
 *
 * <p>Each student gets {@code OUT/<student>/results.json} and {@code OUT/<student>/grading.log}
 * (for the instructor), and {@code feedback.md} and {@code feedback.html} (the same content, to
 * hand back to the student, under the {@link Feedback} level chosen);
 * {@code OUT/summary.csv} has one row per student: {@code student,score,max,status}. A submission
 * whose grading fails (whatever the reason) gets a row with status {@code error: ...} and a
 * results.json saying so; the batch goes on.
 */
public final class ClassGrading {

    /** One row of summary.csv. */
    public record Row(String student, double score, double max, String status) {
        String csv() {
            return csvCell(student) + "," + number(score) + "," + number(max) + "," + csvCell(status);
        }
    }

    private final Path kit;
    private final ChildRunner.Limits limits;
    private final int jobs;
    private final boolean requireSandbox;
    private Feedback.Level feedback = Feedback.Level.FULL;
    private BiConsumer<Path, Report> whenGraded = (student, report) -> { };

    public ClassGrading(Path kit, ChildRunner.Limits limits, int jobs) {
        this(kit, limits, jobs, false);
    }

    public ClassGrading(Path kit, ChildRunner.Limits limits, int jobs, boolean requireSandbox) {
        if (jobs < 1) {
            throw new IllegalArgumentException("--jobs must be at least 1, got " + jobs);
        }
        this.kit = kit;
        this.limits = limits;
        this.jobs = jobs;
        this.requireSandbox = requireSandbox;
    }

    /** What the feedback files show (default: everything, as after the due date). */
    public ClassGrading feedback(Feedback.Level level) {
        this.feedback = level;
        return this;
    }

    /**
     * Hands each student's folder and report to {@code listener} as its grading ends, from the
     * batch's threads: {@code prove} judges the reports themselves, not the files written from them.
     */
    public ClassGrading whenGraded(BiConsumer<Path, Report> listener) {
        this.whenGraded = listener;
        return this;
    }

    /** The student folders of {@code submissions}, sorted by name (hidden folders left out). */
    public static List<Path> students(Path submissions) throws IOException {
        try (Stream<Path> list = Files.list(submissions)) {
            return list.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted().toList();
        }
    }

    /**
     * Grades every student folder of {@code submissions} into {@code out}, showing progress on
     * {@code progressOut}.
     *
     * @return the rows of summary.csv, in student order
     */
    public List<Row> grade(Path submissions, Path out, PrintStream progressOut, boolean redraw)
            throws IOException, InterruptedException {
        List<Path> students = students(submissions);
        Files.createDirectories(out);
        Progress progress = new Progress(progressOut, students.size(), redraw);
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "grade-submission");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Row>> futures = new ArrayList<>();
            for (Path student : students) {
                futures.add(pool.submit(() -> {
                    Row row = gradeOne(student, out.resolve(student.getFileName())); // its name's own bytes
                    progress.finished(row.student() + " " + number(row.score()) + "/" + number(row.max())
                            + (row.status().equals(GRADED) ? "" : " (" + row.status() + ")"));
                    return row;
                }));
            }
            List<Row> rows = new ArrayList<>();
            try {
                for (int i = 0; i < futures.size(); i++) {
                    try {
                        rows.add(futures.get(i).get());
                    } catch (ExecutionException e) { // gradeOne catches everything; this is a last resort
                        rows.add(new Row(shown(students.get(i)), 0, 0, "error: " + e.getCause()));
                    }
                }
            } finally {
                // summary.csv always appears: a student whose grading never ended is a row that says so
                for (int i = rows.size(); i < students.size(); i++) {
                    rows.add(new Row(shown(students.get(i)), 0, 0, "error: not graded (the batch was"
                            + " interrupted)"));
                }
                writeSummary(out.resolve("summary.csv"), rows);
            }
            return rows;
        } finally {
            pool.shutdownNow();
        }
    }

    static final String GRADED = "graded";

    /** Grades one student; never throws: a failure becomes the row's status. */
    private Row gradeOne(Path submission, Path into) {
        String student = shown(submission);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (PrintStream logStream = new PrintStream(log, true, StandardCharsets.UTF_8)) {
            Files.createDirectories(into);
            try {
                Report report = new Grading(kit, limits, logStream, requireSandbox).grade(submission.toAbsolutePath().normalize());
                report.write(into.resolve("results.json"), null);
                writeFeedback(student, report, into);
                logStream.println();
                logStream.print(report.table());
                whenGraded.accept(submission, report);
                return new Row(student, report.score(), report.maxScore(), status(report));
            } catch (Exception | Error e) {
                String why = "grading failed (not the submission's fault): " + Text.clean(String.valueOf(e));
                Report failed = new Report(List.of(), why, 0);
                failed.write(into.resolve("results.json"), null);
                writeFeedback(student, failed, into);
                logStream.println(why);
                return new Row(student, 0, 0, "error: " + Text.clean(String.valueOf(e)));
            } finally {
                Files.write(into.resolve("grading.log"), log.toByteArray());
            }
        } catch (IOException e) {
            return new Row(student, 0, 0, "error: cannot write " + into + ": " + e.getMessage());
        }
    }

    /**
     * A student folder's name as summary.csv, the progress and the feedback show it: each byte that
     * is not UTF-8 as {@code \xNN}, control characters escaped (two names that differ only in such a
     * byte stay two rows, and no name redraws the instructor's terminal).
     */
    static String shown(Path student) {
        return Text.clean(UploadPaths.name(student));
    }

    /** feedback.md and feedback.html: the same content, for the student. */
    private void writeFeedback(String student, Report report, Path into) throws IOException {
        String title = "Feedback: " + student;
        Files.writeString(into.resolve("feedback.md"), FeedbackFile.markdown(title, report, feedback), StandardCharsets.UTF_8);
        Files.writeString(into.resolve("feedback.html"), FeedbackFile.html(title, report, feedback), StandardCharsets.UTF_8);
    }

    /** "graded", or what kept the submission from being tested at all. */
    static String status(Report report) {
        String output = report.output() == null ? "" : report.output();
        if (output.contains("the submission does not compile")) {
            return "does not compile";
        }
        if (output.contains("no homework sources in the submission")) {
            return "no homework sources";
        }
        return GRADED;
    }

    static void writeSummary(Path csv, List<Row> rows) throws IOException {
        StringBuilder text = new StringBuilder("student,score,max,status\n");
        for (Row row : rows) {
            text.append(row.csv()).append('\n');
        }
        Files.writeString(csv, text, StandardCharsets.UTF_8);
    }

    /** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
    static String csvCell(String text) {
        String oneLine = text.replace('\n', ' ').replace('\r', ' ');
        return oneLine.contains(",") || oneLine.contains("\"")
                ? "\"" + oneLine.replace("\"", "\"\"") + "\"" : oneLine;
    }

    static String number(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : String.format(Locale.ROOT, "%.2f", x);
    }
}
