package grading.child;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.Callable;
import miniasyncio.NotImplementedYet;

/**
 * Reading what a submission handed back, without trusting it. An object the submission made may
 * be of its own class, whose {@code getMessage}, {@code toString}, {@code getCause} or
 * {@code getStackTrace} may throw, never return, return something huge, or lie (a cause chain
 * that is a cycle). The graded tests and the child runner read such objects only here:
 *
 * <ul>
 *   <li>a JDK object (its class defined by the boot loader, in {@code java.base}) is read
 *       directly: none of its methods is the submission's (a list only when it holds its
 *       elements itself: {@link #jdkList});</li>
 *   <li>anything else is read in a thread of its own, for at most {@link #MILLIS} ms, the answer
 *       cut to {@link #CAP} characters; when it throws or does not answer, a fixed text says so;</li>
 *   <li>cause chains are walked with an identity set and a depth cap, suppressed exceptions are
 *       counted up to a cap.</li>
 * </ul>
 * Comparisons never come here: the tests compare by identity or by exact JDK type (see the
 * graded tests' {@code Check}). This is for the messages a student reads, and for one verdict:
 * what an error message says is read with {@link #givenMessage}, which runs no code of the
 * submission's.
 */
public final class Guarded {

    /** How long one read of a submission's object may take. */
    static final long MILLIS = 200;
    /** Longest text kept from one read. */
    static final int CAP = 1_000;
    /** Deepest cause chain walked. */
    static final int DEPTH = 16;
    /** Most stack frames or suppressed exceptions looked at. */
    static final int MAX_ITEMS = 64;

    private Guarded() {
    }

    /** Whether {@code o}'s class is the JDK's own (boot loader, java.base): no method of it is the submission's. */
    public static boolean jdk(Object o) {
        if (o == null) {
            return true;
        }
        return jdkClass(o.getClass());
    }

    /** Defined by the boot loader, in {@code java.base}: none of its code is the submission's. */
    private static boolean jdkClass(Class<?> type) {
        return type.getClassLoader() == null && type.getModule() == Object.class.getModule();
    }

    /**
     * A JDK list that holds its elements itself, so that reading it runs no code of the
     * submission's ({@link miniasyncio.testing.JdkLists}: the rule the visible homework tests
     * apply too). A JDK class is not enough: a view reads through to the list it wraps, which may
     * be the submission's own and lie (hostile/jdk-wrapped-liar).
     */
    public static boolean jdkList(Object o) {
        return miniasyncio.testing.JdkLists.holdsItsElements(o);
    }

    /** "homework.Liar@1b6d3586": an object by its class and identity, never by calling it. */
    public static String id(Object o) {
        return o == null ? "null" : o.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(o));
    }

    /**
     * A value for a message: a String, a boxed number, a Boolean or a Character (exact JDK classes) as it is,
     * anything else by {@link #id}.
     */
    public static String value(Object o) {
        if (o == null) {
            return "null";
        }
        if (o.getClass() == String.class) {
            return "\"" + cap((String) o) + "\"";
        }
        return plainValue(o) ? o.toString() : id(o);
    }

    /**
     * Whether {@code o} is a String, a boxed number, a Boolean or a Character of the JDK's exact
     * class: a value whose toString is the JDK's, so it may be printed as it is.
     */
    public static boolean plainValue(Object o) {
        Class<?> type = o.getClass();
        return type == String.class || type == Integer.class || type == Long.class || type == Double.class
                || type == Boolean.class || type == Character.class;
    }

    /** {@code t.getMessage()}, read guarded; null when it has none. */
    public static String message(Throwable t) {
        if (t == null) {
            return null;
        }
        if (jdk(t) || t.getClass() == NotImplementedYet.class) {
            return cap(t.getMessage());
        }
        Object m = call(t::getMessage, FAILED);
        if (m == FAILED) {
            return "(its getMessage() did not answer within " + MILLIS + " ms, or threw)";
        }
        return m instanceof String s ? cap(s) : null;
    }

    /**
     * The message {@code t} was made with, for a verdict: a test may judge what the submission
     * said, but never by running the submission's code. So it is what the constructor was given
     * ({@code Throwable}'s own field, read by reflection: the child JVM opens {@code java.lang} to
     * the grader, and the allowlist gives the submission no reflection), whatever
     * {@code getMessage} a class of the submission's overrides. Cut at {@link #GIVEN_CAP}: a
     * verdict reads far more than a message shows, and the statement sets no length. Where the
     * field cannot be read (a JVM started without the opening), a class that overrides
     * {@code getMessage} gets {@link #OVERRIDDEN}, which names nothing, and its override is never called.
     */
    public static String givenMessage(Throwable t) {
        if (t == null) {
            return null;
        }
        if (DETAIL_MESSAGE != null) {
            try {
                return cap((String) DETAIL_MESSAGE.get(t), GIVEN_CAP);
            } catch (IllegalAccessException impossible) {
                throw new AssertionError(impossible); // it was made accessible
            }
        }
        return overridesGetMessage(t) ? OVERRIDDEN : cap(t.getMessage(), GIVEN_CAP);
    }

    /** Whether {@code t}'s class has a {@code getMessage} that is neither the JDK's nor the kit's (reflection only). */
    public static boolean overridesGetMessage(Throwable t) {
        Class<?> answering;
        try {
            answering = t.getClass().getMethod("getMessage").getDeclaringClass(); // nothing of t runs
        } catch (NoSuchMethodException impossible) {
            throw new AssertionError(impossible); // every Throwable has it
        }
        return !jdkClass(answering) && !(KIT != null && KIT.equals(answering.getProtectionDomain().getCodeSource()));
    }

    /** Longest message a verdict reads: a megabyte of text, still checked in linear time. */
    static final int GIVEN_CAP = 1_000_000;

    /** {@code Throwable.detailMessage}, what every constructor stores; null when java.lang is not open to the grader. */
    private static final java.lang.reflect.Field DETAIL_MESSAGE = detailMessage();

    private static java.lang.reflect.Field detailMessage() {
        try {
            java.lang.reflect.Field field = Throwable.class.getDeclaredField("detailMessage");
            field.setAccessible(true);
            return field;
        } catch (ReflectiveOperationException | RuntimeException notOpen) {
            return null;
        }
    }

    /** What {@link #givenMessage} says of an exception whose class has a getMessage of its own. */
    public static final String OVERRIDDEN = "(its class overrides getMessage(), which the grader does not call:"
            + " pass the message to the exception's constructor instead)";

    /** Where the kit's classes come from: a getMessage declared there is the kit's own code. */
    private static final java.security.CodeSource KIT = NotImplementedYet.class.getProtectionDomain().getCodeSource();

    /** {@code t.getCause()}, read guarded; null when it has none or it cannot be read. */
    public static Throwable cause(Throwable t) {
        if (jdk(t)) {
            return t.getCause();
        }
        Object c = call(t::getCause, FAILED);
        return c instanceof Throwable cause ? cause : null;
    }

    /** At most {@link #MAX_ITEMS} of {@code t}'s stack frames, read guarded (a copy: nobody else holds it). */
    public static StackTraceElement[] frames(Throwable t) {
        Object frames = jdk(t) ? t.getStackTrace() : call(t::getStackTrace, FAILED);
        if (!(frames instanceof StackTraceElement[] array)) {
            return new StackTraceElement[0];
        }
        StackTraceElement[] copy = new StackTraceElement[Math.min(array.length, MAX_ITEMS)];
        System.arraycopy(array, 0, copy, 0, copy.length);
        return copy;
    }

    /** How many exceptions {@code t} has suppressed, counted up to {@link #MAX_ITEMS} (read guarded). */
    public static int suppressedCount(Throwable t) {
        Object s = jdk(t) ? t.getSuppressed() : call(t::getSuppressed, FAILED);
        return s instanceof Throwable[] array ? Math.min(array.length, MAX_ITEMS) : 0;
    }

    /**
     * The first exception of exactly the class {@link NotImplementedYet} in {@code t}'s cause
     * chain (a stub not written yet), or null. A subclass is the submission's own: it is not a
     * stub, whatever its message. The walk stops at a cycle and at {@link #DEPTH}.
     */
    public static NotImplementedYet stubIn(Throwable t) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable c = t; c != null && seen.size() < DEPTH && seen.add(c); c = cause(c)) {
            if (c.getClass() == NotImplementedYet.class) {
                return (NotImplementedYet) c;
            }
        }
        return null;
    }

    /**
     * "IllegalStateException: boom (at homework.HomeworkScheduler.park(HomeworkScheduler.java:40))":
     * the class (simple name for the JDK's, full name for the submission's), the message read
     * guarded, and the first frame in the submission, never a frame of the tests.
     */
    public static String describe(Throwable t) {
        if (t == null) {
            return "null";
        }
        String text = (jdk(t) ? t.getClass().getSimpleName() : t.getClass().getName());
        String message = message(t);
        if (message != null) {
            text += ": " + message;
        }
        for (StackTraceElement frame : frames(t)) {
            if (frame != null && frame.getClassName().startsWith("homework.")) {
                return text + " (at " + cap(frame.toString()) + ")";
            }
        }
        return text;
    }

    /** At most {@link #CAP} characters, cut with "...". */
    public static String cap(String text) {
        return cap(text, CAP);
    }

    /** {@code text} cut at {@code limit} characters, saying how many more there were. */
    public static String cap(String text, int limit) {
        return text == null || text.length() <= limit ? text
                : text.substring(0, limit) + "... (" + (text.length() - limit) + " more characters)";
    }

    private static final Object FAILED = new Object();

    /**
     * {@code read} in a daemon thread of its own, for at most {@link #MILLIS} ms: its answer, or
     * {@code fallback} when it threw, did not answer in time, or no thread could be started
     * (a submission that used them all). A read that never ends keeps its thread; the child JVM
     * ends with halt, threads or not.
     */
    private static Object call(Callable<?> read, Object fallback) {
        // Not a FutureTask: its get() wraps what the read threw in an ExecutionException, whose
        // constructor calls the thrown object's toString(), in this thread, unguarded.
        Object[] answer = {fallback};
        Runnable reading = () -> {
            Object value;
            try {
                value = read.call();
            } catch (Throwable thrown) {
                return; // nothing of what it threw is touched
            }
            synchronized (answer) {
                answer[0] = value;
            }
        };
        try {
            Thread reader = new Thread(reading, "guarded-read");
            reader.setDaemon(true);
            reader.start();
            reader.join(MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable noThread) {
            return fallback; // no thread left to start one
        }
        synchronized (answer) {
            return answer[0];
        }
    }
}
