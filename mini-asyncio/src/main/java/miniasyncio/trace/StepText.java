package miniasyncio.trace;

import java.lang.reflect.RecordComponent;
import java.util.Map;
import miniasyncio.Step;

/**
 * How the step-through page and the timelines write a value, a syscall, an outcome and a task:
 * short, in the lecture's words, a record with its components, a task as "task 3 (B)", an object
 * of no text of its own numbered as the page first shows it ("Lock #1"). Static: it keeps only
 * those numbers, per thread.
 */
final class StepText {

    private static final int TEXT = 120; // characters of a value or syscall kept in a line of text
    /** Characters of a value kept where the page can fold it and show it whole on a click. */
    static final int LONG = 10_000;

    private StepText() {
    }


    /** "returned 3", "failed: java.lang.X: ...": the value whole (up to {@link #LONG}), for a listing the page folds. */
    static String outcome(Step.Outcome outcome) {
        return switch (outcome) {
            case Step.Returned(Object value) -> "returned " + full(value);
            case Step.Failed(Throwable e) -> "failed: " + full(e);
        };
    }

    /** "task 3 (worker B)", or "task 3" for a task with no name of its own (never "task 3 (task 3)"). */
    public static String label(int tid, String name) {
        String id = "task " + tid;
        return name == null || name.equals(id) ? id : id + " (" + name + ")";
    }

    /**
     * A value as Java source writes it: a string in double quotes (escaped), a char in single ones,
     * the elements of a collection so too, {@code null}; anything else by its {@code toString}.
     */
    static String text(Object value) {
        String s = written(value, TEXT);
        return s.length() > TEXT ? s.substring(0, TEXT) + "..." : s;
    }

    /**
     * As {@link #text}, up to {@link #LONG} characters: a value the page shows folded to a line and
     * whole on a click (a 200-character result must be readable whole, not only its beginning).
     */
    static String full(Object value) {
        String s = written(value, LONG);
        return s.length() > LONG ? s.substring(0, LONG) + "... (cut at " + String.format(java.util.Locale.ROOT, "%,d", LONG)
                + " characters)" : s;
    }

    private static String written(Object value, int cap) {
        StringBuilder s = new StringBuilder();
        try {
            write(s, value, 0, cap);
        } catch (RuntimeException e) {
            s.setLength(0);
            s.append(value.getClass().getName()).append(" (its toString threw ").append(e).append(')');
        }
        return s.toString();
    }

    private static void write(StringBuilder s, Object value, int depth, int cap) {
        if (value instanceof CharSequence text) {
            s.append('"');
            for (int i = 0; i < text.length() && s.length() <= cap; i++) {
                escape(s, text.charAt(i), '"');
            }
            s.append('"');
        } else if (value instanceof Character c) {
            s.append('\'');
            escape(s, c, '\'');
            s.append('\'');
        } else if (value instanceof java.util.Collection<?> items && depth < 3) {
            s.append('[');
            boolean first = true;
            for (Object item : items) {
                if (s.length() > cap) {
                    s.append(", ...");
                    break;
                }
                s.append(first ? "" : ", ");
                first = false;
                write(s, item, depth + 1, cap);
            }
            s.append(']');
        } else if (value != null && value.getClass().isRecord() && depth < 3 && hasPlainComponent(value)) {
            // a syscall holding an object with no toString of its own (an exercise's AwaitFuture): its parts by name
            s.append(value.getClass().getSimpleName()).append('[');
            RecordComponent[] parts = value.getClass().getRecordComponents();
            for (int i = 0; i < parts.length; i++) {
                s.append(i == 0 ? "" : ", ").append(parts[i].getName()).append('=');
                write(s, component(value, parts[i]), depth + 1, cap);
            }
            s.append(']');
        } else if (value != null && plain(value)) {
            // "Future@5d687c81" says nothing: "TaskFuture of task 3", or "Future #2" (the 2nd such object shown)
            s.append(value.getClass().getSimpleName());
            int tid = tidOf(value);
            if (tid > 0) {
                s.append(" of task ").append(tid);
            } else {
                s.append(" #").append(SHOWN.get().of(value));
            }
        } else {
            s.append(value);
        }
    }

    /**
     * A syscall as its toString writes it, unless that would show an identity hash ("Future@5d687c81"):
     * then as {@link #text} names it ("AwaitFuture[future=Future #1]"). For the timelines' tooltips.
     */
    static String described(Object syscall) {
        if (syscall != null && (plain(syscall) || syscall.getClass().isRecord() && hasPlainComponent(syscall))) {
            return text(syscall);
        }
        return String.valueOf(syscall);
    }

    /**
     * Objects with no toString of their own, numbered in the order they are first shown, each class
     * apart ("Future #1", "Future #2", "Lock #1"), per recorder and thread.
     */
    /** Objects of no text of their own are numbered from 1 again (a new page). */
    static void numberFromOne() {
        SHOWN.remove();
    }

    private static final ThreadLocal<Numbers> SHOWN = ThreadLocal.withInitial(Numbers::new);

    private static final class Numbers {
        final Map<Object, Integer> numbers = new java.util.WeakHashMap<>();
        final Map<Class<?>, Integer> counts = new java.util.WeakHashMap<>();

        int of(Object value) {
            return numbers.computeIfAbsent(value, v -> counts.merge(v.getClass(), 1, Integer::sum));
        }
    }

    /** Whether {@code value}'s toString is Object's, "Class@hash". */
    private static boolean plain(Object value) {
        try {
            return value.getClass().getMethod("toString").getDeclaringClass() == Object.class;
        } catch (NoSuchMethodException | RuntimeException e) {
            return false;
        }
    }

    private static boolean hasPlainComponent(Object record) {
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            Object part = component(record, c);
            if (part != null && plain(part)) {
                return true;
            }
        }
        return false;
    }

    static Object component(Object record, RecordComponent c) {
        try {
            c.getAccessor().setAccessible(true);
            return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "?";
        }
    }

    /** The tid an object names through a public {@code int tid()} (an exercise's TaskFuture), else 0. */
    private static int tidOf(Object value) {
        try {
            java.lang.reflect.Method tid = value.getClass().getMethod("tid");
            if (tid.getReturnType() != int.class) {
                return 0;
            }
            tid.setAccessible(true);
            return (int) tid.invoke(value);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0;
        }
    }

    private static void escape(StringBuilder s, char c, char quote) {
        switch (c) {
            case '\n' -> s.append("\\n");
            case '\t' -> s.append("\\t");
            case '\r' -> s.append("\\r");
            case '\\' -> s.append("\\\\");
            default -> {
                if (c == quote) {
                    s.append('\\');
                }
                s.append(c);
            }
        }
    }

    /**
     * The tid a syscall names, for "who awaits whom": a record with an {@code int tid} component,
     * as the homework's {@code AwaitTask(int tid)}, or with a component that has an {@code int tid()}
     * (an exercise's {@code AwaitFuture(TaskFuture)}). 0 for any other syscall.
     */
    static int awaitedTid(Object syscall) {
        if (syscall == null || !syscall.getClass().isRecord()) {
            return 0;
        }
        for (RecordComponent c : syscall.getClass().getRecordComponents()) {
            if (c.getName().equals("tid") && c.getType() == int.class) {
                try {
                    c.getAccessor().setAccessible(true);
                    return (int) c.getAccessor().invoke(syscall);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return 0;
                }
            }
        }
        for (RecordComponent c : syscall.getClass().getRecordComponents()) {
            Object part = component(syscall, c);
            int tid = part == null || c.getType().isPrimitive() ? 0 : tidOf(part);
            if (tid > 0) {
                return tid;
            }
        }
        return 0;
    }
}
