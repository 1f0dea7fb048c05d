package grading.grade;

import allowlist.ApiAllowlist;
import allowlist.Violation;
import java.util.Collection;
import java.util.List;

/**
 * The allowlist screen on the compiled submission, before anything of it runs
 * ({@link ApiAllowlist}): a refusal to show the student, or null when it may run.
 *
 * <p>{@code -Dgrading.unscreened=true} on the grader's own JVM switches the screen off. Only the
 * proof uses it, to show what the sandbox and the channel stop by themselves; a submission cannot
 * set the grader's JVM options.
 */
final class ApiScreen {

    /** Loaded once: a batch checks every submission against the same list. */
    private static final ApiAllowlist HOMEWORK = ApiAllowlist.load();

    private ApiScreen() {
    }

    static String refusal(Collection<byte[]> classes) {
        if (Boolean.getBoolean("grading.unscreened")) {
            return null;
        }
        List<Violation> violations = HOMEWORK.check(classes);
        if (violations.isEmpty()) {
            return null;
        }
        // The first line is what a table of results shows: the first refusal itself, in full.
        return "not run: " + violations.get(0).message() + "\nEverything the submission uses that the homework does not"
                + " need (\"What your code may use\" in the student README lists what it may):\n"
                + ApiAllowlist.report(violations);
    }
}
