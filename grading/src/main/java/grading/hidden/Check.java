package grading.hidden;

import java.util.Objects;
import java.util.concurrent.Callable;
import miniasyncio.NotImplementedYet;

/** Tiny assertions whose messages are written for the student. */
final class Check {

    private Check() {
    }

    static void equal(Object actual, Object expected, String what) {
        if (!Objects.equals(actual, expected)) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }

    static void isTrue(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    static void atMost(long actual, long limit, String what) {
        if (actual > limit) {
            throw new AssertionError(what + ": expected at most " + limit + ", got " + actual);
        }
    }

    /** Runs {@code body} and returns what it threw; fails if it threw nothing. */
    static Throwable thrown(Callable<?> body, String what) {
        Object result;
        try {
            result = body.call();
        } catch (Fixture.StepBudgetExceeded e) {
            throw e;
        } catch (NotImplementedYet stub) {
            throw stub; // a stub that is not written yet is not "a clear error": it earns nothing
        } catch (Throwable t) {
            return t;
        }
        throw new AssertionError(what + ": expected an exception, but it returned " + result);
    }

    /**
     * A short description of {@code t} for a message: "IllegalStateException: boom", and where the
     * submission threw it, if it did: " (at homework.HomeworkScheduler.deadlock(HomeworkScheduler.java:140))".
     * Never a frame of the tests: the student cannot see them.
     */
    static String describe(Throwable t) {
        String text = t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
        for (StackTraceElement frame : t.getStackTrace()) {
            if (frame.getClassName().startsWith("homework.")) {
                return text + " (at " + frame + ")";
            }
        }
        return text;
    }
}
