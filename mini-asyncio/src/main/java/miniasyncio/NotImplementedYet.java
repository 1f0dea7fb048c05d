package miniasyncio;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Thrown by a homework or exercise stub that the student has not written yet. The message names
 * the method and the file to edit. The CLI prints it as one line instead of a stack trace.
 *
 * <p>Each one made is also counted, with the last kept: a stub reached inside a child task fails
 * that task, not the test, which then fails on what the task did not do ("Expecting actual: []")
 * with no stub in its exception. The student's test runner asks {@link #madeSince} whether the
 * test reached a stub anyway, so that the test counts as waiting for it, whatever task called it.
 */
public class NotImplementedYet extends UnsupportedOperationException {
    private static final AtomicLong MADE = new AtomicLong();
    private static volatile NotImplementedYet last;

    public NotImplementedYet(String method, String file) {
        super("not implemented yet: " + method + " (edit " + file + ")");
        last = this;
        MADE.incrementAndGet();
    }

    /** How many stubs were reached so far in this JVM: a mark for {@link #madeSince}. */
    public static long made() {
        return MADE.get();
    }

    /** The last stub reached after {@code mark} (a value of {@link #made()}), or null if none was. */
    public static NotImplementedYet madeSince(long mark) {
        return MADE.get() > mark ? last : null;
    }

    /** The first {@code NotImplementedYet} in {@code t}'s cause chain, or null. */
    public static NotImplementedYet findIn(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof NotImplementedYet n) {
                return n;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }
}
