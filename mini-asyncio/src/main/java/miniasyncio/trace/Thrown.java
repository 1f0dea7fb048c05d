package miniasyncio.trace;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * A failure as the step-through page shows it: the exception's class, its whole message, the line
 * that threw it (whatever code that is), the program's own frames of its stack, and its cause.
 * Taken when the task fails, so that the page says where the failure began, not where the task was
 * last resumed.
 *
 * <p>The exception is the program's: its {@code getMessage}, {@code getCause} and
 * {@code getStackTrace} may be overridden, may throw or may loop through causes. Each is asked
 * once, a throw is written down as what it is, and causes stop at {@link #CAUSES} or at the first
 * one seen before.
 *
 * @param type       the exception's class name
 * @param message    its message, whole up to {@link #MESSAGE} characters; null when it has none
 * @param cut        the characters of the message left out beyond {@link #MESSAGE}
 * @param throwSite  the top frame of its stack: the line that threw it; null with no stack
 * @param place      the program's own frames of its stack, innermost first, the rest folded; null with no stack
 * @param cause      its cause, or null
 * @param suppressed how many exceptions it suppressed
 */
public record Thrown(String type, String message, int cut, StackTraceElement throwSite, Place place, Thrown cause,
                     int suppressed) {

    /** Characters of a message kept: a whole assertion message, never a megabyte. */
    static final int MESSAGE = 100_000;
    /** Causes followed. */
    static final int CAUSES = 8;
    /** Program frames kept of a failure's stack. */
    static final int FRAMES = 20;

    static Thrown of(Throwable e) {
        return of(e, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static Thrown of(Throwable e, Set<Throwable> seen) {
        if (e == null || !seen.add(e) || seen.size() > CAUSES + 1) {
            return null;
        }
        String message;
        try {
            message = e.getMessage();
        } catch (RuntimeException | LinkageError | StackOverflowError thrown) {
            message = "(its getMessage() threw " + thrown.getClass().getName() + ")";
        }
        int cut = 0;
        if (message != null && message.length() > MESSAGE) {
            cut = message.length() - MESSAGE;
            message = message.substring(0, MESSAGE);
        }
        StackTraceElement[] stack;
        try {
            stack = e.getStackTrace();
        } catch (RuntimeException | LinkageError | StackOverflowError thrown) {
            stack = new StackTraceElement[0];
        }
        Throwable next;
        int suppressed;
        try {
            next = e.getCause();
            suppressed = e.getSuppressed().length;
        } catch (RuntimeException | LinkageError | StackOverflowError thrown) {
            next = null;
            suppressed = 0;
        }
        StackTraceElement site = stack == null || stack.length == 0 ? null : stack[0];
        return new Thrown(e.getClass().getName(), message, cut, site, Place.of(ownPart(stack), null, FRAMES),
                of(next, seen), suppressed);
    }

    /**
     * The frames of a task's own run: an exception thrown in a task has, beneath the task's
     * continuation, the loop's thread too (the scheduler's run, and the program's main that called
     * it), which is not where the task failed.
     */
    static StackTraceElement[] ownPart(StackTraceElement[] stack) {
        if (stack == null) {
            return null;
        }
        for (int i = 0; i < stack.length; i++) {
            String method = stack[i].getMethodName();
            if (stack[i].getClassName().equals("jdk.internal.vm.Continuation")
                    && (method.equals("run") || method.startsWith("enter"))) { // where the loop resumed the task
                return java.util.Arrays.copyOf(stack, i);
            }
        }
        return stack;
    }
}
