package allowlist;

/**
 * One place where a submission steps outside the allowlist: which class and method, the source
 * line (0 when the place is the class itself, e.g. its superclass), what it used, and the
 * sentence the student reads.
 *
 * @param className the class's name without its package, nested classes with {@code $}
 *                  ({@code HomeworkScheduler}, {@code Homework$1})
 * @param method    the method as the student wrote it ({@code finishTask}, {@code gather, in a
 *                  lambda}, {@code <init>}), or empty for the class itself
 * @param file      the source file, e.g. {@code HomeworkScheduler.java}
 * @param line      the source line, 0 when none applies
 * @param api       what was used, e.g. {@code java.util.zip.ZipFile}, {@code java.lang.System.exit},
 *                  {@code new java.lang.Thread}, or for an override {@code Scheduler.run}
 * @param message   the whole sentence, e.g. {@code HomeworkScheduler.finishTask (HomeworkScheduler.java:57)
 *                  uses java.util.zip.ZipFile: the homework needs none of java.util.zip; the grader
 *                  does not run code that uses it}
 */
public record Violation(String className, String method, String file, int line, String api, String message) {

    /**
     * A violation whose message is where it is ({@link #place}) followed by {@code what}, such as
     * " uses java.lang.Thread: ..." (a line below 1 is unknown: 0).
     */
    static Violation at(String className, String method, String file, int line, String api, String what) {
        int known = Math.max(line, 0);
        return new Violation(className, method, file, known, api, place(className, method, file, known) + what);
    }

    /** "HomeworkScheduler.finishTask (HomeworkScheduler.java:57)": where the student looks. */
    static String place(String className, String method, String file, int line) {
        String where = method.isEmpty() ? className : className + "." + method;
        return where + " (" + file + (line > 0 ? ":" + line : "") + ")";
    }

    @Override
    public String toString() {
        return message;
    }
}
