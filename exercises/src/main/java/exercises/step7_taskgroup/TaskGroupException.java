package exercises.step7_taskgroup;

import java.util.List;

/**
 * The ExceptionGroup of a {@link TaskGroup}: one exception that carries every failure of the
 * group. {@link #exceptions()} lists them all, in the order they happened; the first is also the
 * cause, and the others are attached as suppressed exceptions, so a stack trace shows each one.
 */
public class TaskGroupException extends RuntimeException {

    private final List<Throwable> exceptions;

    public TaskGroupException(List<Throwable> exceptions) {
        super("unhandled errors in a TaskGroup (" + exceptions.size() + " sub-exception"
                + (exceptions.size() == 1 ? "" : "s") + ")", exceptions.get(0));
        this.exceptions = List.copyOf(exceptions);
        for (Throwable other : this.exceptions.subList(1, this.exceptions.size())) {
            addSuppressed(other);
        }
    }

    /** Every failure, in the order they happened (Python's {@code eg.exceptions}). */
    public List<Throwable> exceptions() {
        return exceptions;
    }
}
