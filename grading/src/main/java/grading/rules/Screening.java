package grading.rules;

import grading.grade.TestResult;
import grading.grade.Text;
import grading.rules.SubmissionScreen.Refusal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the grader takes from a submission and what it leaves out ({@link SubmissionScreen} sorts
 * the files), and the texts that say so: the results' output and the "Submission check" test.
 *
 * @param taken the solution sources, sorted by how they are shown
 * @param refused every added or changed file that is not a solution source, with the reason
 * @param compared whether files were compared with the student release (unchanged ones left out)
 * @param root the folder the sources were taken from, relative to the submission ("" for its top)
 * @param supplied the given files ({@link SubmissionScreen#GIVEN}) the submission did not have,
 *                 supplied from the grader's copy of the release
 */
public record Screening(List<Source> taken, List<Refusal> refused, boolean compared, String root,
                        List<String> supplied) {

    /**
     * A solution source: the file as the walk found it (compiled as this {@link Path}, never as a
     * path rebuilt from its text), and its path relative to the submission as the texts show it.
     */
    public record Source(Path file, String path) {
    }

    /** The solution sources as the texts show them, relative to the submission. */
    public List<String> sources() {
        return taken.stream().map(Source::path).toList();
    }

    /**
     * The refusals as lines for the results' output. Without a release to compare with, the
     * files every student repository has are summed up in one line; the others are listed.
     */
    public String report() {
        StringBuilder out = new StringBuilder("Files taken from the submission: ").append(taken.size())
                .append(" solution source(s) under ").append(root.isEmpty() ? "the top of the upload" : root)
                .append('.');
        if (!supplied.isEmpty()) {
            out.append("\nSupplied from the assignment (given files the upload did not have): ")
                    .append(String.join(", ", supplied)).append('.');
        }
        List<Refusal> listed = refused.stream().filter(r -> compared || !r.usual()).toList();
        List<Refusal> usual = refused.stream().filter(r -> !compared && r.usual()).toList();
        if (!listed.isEmpty()) {
            out.append("\nRefused (the grader uses its own build, tests and runtime):");
            for (Refusal refusal : listed.subList(0, Math.min(listed.size(), MAX_LISTED))) {
                out.append("\n  ").append(shown(refusal.path())).append(": ").append(refusal.reason());
            }
            more(out, listed.size());
        }
        if (!usual.isEmpty()) {
            out.append("\nNot used: ").append(usual.size()).append(root.endsWith(SubmissionScreen.SOURCES)
                    ? " other file(s) of the repository (poms, tests, the runtime): the grader uses its own copies, e.g. "
                    : " other file(s), not homework sources, e.g. ")
                    .append(String.join(", ", usual.stream().limit(3).map(r -> shown(r.path())).toList()));
        }
        return Text.clean(out.toString()); // file names are the submission's: no control character reaches a console
    }

    /**
     * The first visible test, "Submission check" (0 points): every file taken, supplied and
     * ignored, each with a one-line reason, and what to upload when nothing was taken.
     */
    public TestResult check() {
        StringBuilder text = new StringBuilder();
        String where = root.isEmpty() ? "at the top of the upload" : "in " + root;
        text.append("Taken (").append(taken.size()).append("):");
        for (String source : sources().subList(0, Math.min(taken.size(), MAX_LISTED))) {
            text.append("\n  ").append(shown(source)).append(": a source of package homework ").append(where);
        }
        more(text, taken.size());
        text.append("\nSupplied (").append(supplied.size()).append("):");
        for (String given : supplied) {
            text.append("\n  ").append(given).append(": given with the assignment and not in the upload,"
                    + " so the assignment's copy is used");
        }
        text.append("\nIgnored (").append(refused.size()).append("):");
        for (Refusal refusal : refused.subList(0, Math.min(refused.size(), MAX_LISTED))) {
            text.append("\n  ").append(shown(refusal.path())).append(": ").append(refusal.reason());
        }
        more(text, refused.size());
        String tooLarge = tooLarge();
        if (tooLarge != null) {
            return TestResult.failed(CHECK_NUMBER, CHECK_NAME, 0, "visible", tooLarge + "\n" + text, "", 0);
        }
        if (taken.isEmpty()) {
            return TestResult.failed(CHECK_NUMBER, CHECK_NAME, 0, "visible",
                    "no homework sources found. " + SubmissionScreen.WHAT_TO_UPLOAD + "\n" + text, "", 0);
        }
        return new TestResult(CHECK_NUMBER, CHECK_NAME, 0, 0, true, text.toString(), "", "visible", 0);
    }

    /**
     * Why the sources taken are too many to compile, or null: no homework has a hundred files,
     * and a javac command line of thousands of long names would not even start.
     */
    public String tooLarge() {
        if (taken.size() > SubmissionScreen.MAX_SOURCES) {
            return "not compiled: the upload has " + taken.size() + " homework sources, and the grader takes at most "
                    + SubmissionScreen.MAX_SOURCES + ". " + SubmissionScreen.WHAT_TO_UPLOAD;
        }
        return null;
    }

    /** The files to compile: the sources taken, then the supplied given files. */
    public List<Path> files() {
        List<Path> files = new ArrayList<>();
        for (Source source : taken) {
            files.add(source.file());
        }
        for (String given : supplied) {
            files.add(SubmissionScreen.givenCopy().resolve(given));
        }
        return files;
    }

    /** At most this many files are named in each list of the screening's texts; the rest are counted. */
    static final int MAX_LISTED = 40;

    /** A path is cut here in the screening's texts: a submission's names may be of any length. */
    static final int MAX_PATH_SHOWN = 160;

    public static final String CHECK_NAME = "Submission check";
    static final String CHECK_NUMBER = "0.0";

    /** A path of the upload as the screening's texts show it: cut at {@link #MAX_PATH_SHOWN} characters. */
    static String shown(String path) {
        return Text.cap(path, MAX_PATH_SHOWN);
    }

    /** "... and 1160 more" after a list cut at {@link #MAX_LISTED}. */
    private static void more(StringBuilder text, int size) {
        if (size > MAX_LISTED) {
            text.append("\n  ... and ").append(size - MAX_LISTED).append(" more");
        }
    }
}
