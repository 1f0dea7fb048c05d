package miniasyncio.trace;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.function.IntFunction;
import miniasyncio.NotImplementedYet;
import miniasyncio.Task;

/**
 * What a parked task awaits, in the lecture's words, for the step-through page: a lock, a queue or
 * an event ({@code "Lock #1 (held by task 3 (B))"}, {@code "Queue #1 (empty: get waits for an
 * item)"}), or a task (the homework's {@code AwaitTask}, an exercise's task future: {@code "task 2
 * (background)"}).
 *
 * @param text what it awaits ("" when the syscall says nothing the page can name)
 * @param tid  the task whose move ends the wait: the task awaited, or the lock's holder (0 if none is
 *             known). A ring of these is a cycle of waits, which the page names.
 * @param via  the lock or queue waited through ("Lock #1"), "" when it awaits a task directly
 */
record Awaited(String text, int tid, String via) {

    static final Awaited NOTHING = new Awaited("", 0, "");

    /**
     * What {@code syscall} waits for; {@code nameOf} names a task by its tid. Read when the page lists
     * the task: a lock's holder is the one of that moment.
     */
    static Awaited of(Object syscall, IntFunction<String> nameOf) {
        Waitable on = waitableOf(syscall);
        if (on == null) {
            int tid = StepText.awaitedTid(syscall);
            return tid == 0 ? NOTHING : new Awaited(StepText.label(tid, nameOf.apply(tid)), tid, "");
        }
        String name = StepText.text(on); // "Lock #1": numbered as first shown, or its own toString
        Task holder = null;
        String because = null;
        try {
            holder = on.holder();
            because = on.waitingBecause();
        } catch (RuntimeException | LinkageError e) {
            // an exercise not written yet (NotImplementedYet): the page names what it waits on, no more
        }
        String why = holder != null ? "held by " + StepText.label(holder.tid(), holder.name()) : because;
        return new Awaited(why == null || why.isEmpty() ? name : name + " (" + why + ")",
                holder == null ? 0 : holder.tid(), name);
    }

    /**
     * The {@link Waitable} a syscall waits on: the syscall itself, or a part of it (a record's component)
     * that is one or names one through a public {@code waitsOn()} (a waiter's future, as the exercises'
     * {@code Future.waitsOn}). Else null.
     */
    static Waitable waitableOf(Object syscall) {
        if (syscall instanceof Waitable on) {
            return on;
        }
        if (syscall == null || !syscall.getClass().isRecord()) {
            return null;
        }
        for (RecordComponent c : syscall.getClass().getRecordComponents()) {
            Object part = c.getType().isPrimitive() ? null : StepText.component(syscall, c);
            if (part instanceof Waitable on) {
                return on;
            }
            Waitable named = part == null ? null : namedBy(part);
            if (named != null) {
                return named;
            }
        }
        return null;
    }

    /** What {@code part}'s public {@code Waitable waitsOn()} returns, or null. */
    private static Waitable namedBy(Object part) {
        try {
            Method waitsOn = part.getClass().getMethod("waitsOn");
            if (!Waitable.class.isAssignableFrom(waitsOn.getReturnType())) {
                return null;
            }
            waitsOn.setAccessible(true);
            return (Waitable) waitsOn.invoke(part);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // not a waiter's future: it names nothing
        }
    }
}
