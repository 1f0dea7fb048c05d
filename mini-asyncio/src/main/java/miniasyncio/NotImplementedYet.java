package miniasyncio;

/**
 * Thrown by a homework or exercise stub that the student has not written yet. The message names
 * the method and the file to edit. The CLI prints it as one line instead of a stack trace.
 */
public class NotImplementedYet extends UnsupportedOperationException {
    public NotImplementedYet(String method, String file) {
        super("not implemented yet: " + method + " (edit " + file + ")");
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
