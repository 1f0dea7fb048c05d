package grading.hidden;

import grading.child.Guarded;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.NotImplementedYet;

/**
 * Tiny assertions whose messages are written for the student. None of them runs code of the
 * submission's: a value it handed back is compared by identity with a {@link Token} the test
 * made, or, for a JDK value (String, Integer, Double...), its exact class is checked before
 * {@code equals}; a list is read only when {@link Guarded#jdkList} says the JDK holds its elements
 * itself. A message describes a
 * submission's object by {@link Guarded#value} (its class and identity), never by calling it.
 */
final class Check {

    private Check() {
    }

    /** {@code actual} must be {@code expected}: a token by identity, a JDK value by exact class and value, a list element by element. */
    static void equal(Object actual, Object expected, String what) {
        String problem = difference(actual, expected);
        if (problem != null) {
            throw new AssertionError(what + ": " + problem);
        }
    }

    /** Why {@code actual} is not {@code expected}, or null when it is. */
    private static String difference(Object actual, Object expected) {
        if (expected == null || expected instanceof Token) {
            return actual == expected ? null : "expected " + shown(expected) + ", got " + shown(actual);
        }
        if (expected instanceof List<?> list) {
            if (!Guarded.jdkList(actual)) {
                return "expected a list (a JDK list such as ArrayList), got " + shown(actual)
                        + (actual instanceof List<?> ? ": a list class of the submission's own, or a view of the JDK's"
                        + " over another list (unmodifiableList, subList, reversed), is not read" : "");
            }
            List<?> got = (List<?>) actual;
            if (got.size() != list.size()) {
                return "expected a list of " + list.size() + ", got a list of " + got.size();
            }
            for (int i = 0; i < list.size(); i++) {
                String problem = difference(got.get(i), list.get(i));
                if (problem != null) {
                    return "at index " + i + ": " + problem;
                }
            }
            return null;
        }
        // a JDK value the test wrote (String, Integer, Double, Boolean): the same exact class, then equals
        if (actual == null || actual.getClass() != expected.getClass()) {
            return "expected " + shown(expected) + ", got " + shown(actual);
        }
        return expected.equals(actual) ? null : "expected " + shown(expected) + ", got " + shown(actual);
    }

    /** A value for a message: the tests' tokens and JDK values as they are, anything else by class and identity. */
    static String shown(Object o) {
        if (o instanceof Token || o instanceof List<?> list && Guarded.jdkList(o) && printable(list, 0)) {
            return String.valueOf(o);
        }
        return Guarded.value(o);
    }

    /**
     * Whether a JDK list may be printed with its own toString: it is small, not nested deeper than
     * two levels (a list that holds itself is not), and holds only tokens and values of exact JDK
     * classes, whose toString is the JDK's. A Number or a list of the submission's own is not.
     */
    private static boolean printable(List<?> list, int depth) {
        if (depth > 2 || list.size() > 20) {
            return false;
        }
        for (Object o : list) {
            boolean ok = o == null || o instanceof Token || Guarded.plainValue(o)
                    || o instanceof List<?> l && Guarded.jdkList(o) && printable(l, depth + 1);
            if (!ok) {
                return false;
            }
        }
        return true;
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
        } catch (Throwable t) {
            if (t.getClass() == NotImplementedYet.class) {
                throw (NotImplementedYet) t; // a stub not written yet is not "a clear error": it earns nothing
            }
            return t;
        }
        throw new AssertionError(what + ": expected an exception, but it returned " + Guarded.value(result));
    }

    /** The exception's message, read guarded (it may be the submission's own class); "" when it has none. */
    static String message(Throwable t) {
        String m = Guarded.message(t);
        return m == null ? "" : m;
    }

    /**
     * The message {@code t} was made with, for a verdict: what its constructor was given
     * ({@link Guarded#givenMessage}), never what a {@code getMessage} of the submission's says.
     * "" when it has none; when it has none but its class overrides {@code getMessage}, the test
     * fails saying so (the student's message is only in the override, which the grader does not call).
     */
    static String givenMessage(Throwable t) {
        String m = Guarded.givenMessage(t);
        if (m == Guarded.OVERRIDDEN || m == null && t != null && Guarded.overridesGetMessage(t)) {
            throw new AssertionError(t.getClass().getName() + " " + Guarded.OVERRIDDEN);
        }
        return m == null ? "" : m;
    }

    /**
     * A short description of {@code t} for a message: "IllegalStateException: boom", and where the
     * submission threw it, if it did. Never a frame of the tests: the student cannot see them.
     */
    static String describe(Throwable t) {
        return Guarded.describe(t);
    }
}
