package miniasyncio;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * One task of a {@link Scheduler}: the lecture's tuple {@code (tid, task, value)} made into an
 * object. It carries its id, a name for messages, the {@link Coroutine} that runs its body, and
 * the value it will be resumed with next.
 *
 * <p>Why an object and not a tuple per queue entry: a task sits in exactly one place at a time
 * ({@code ready}, {@code sleeping}, waiting for a {@code toThread} worker, or a subclass's
 * waiting map), so it can carry the value to send and its wake-up time itself. The scheduler
 * then allocates nothing per step.
 */
public final class Task {

    final int tid;
    private String name; // null until asked for when createTask got none: "task N" is made then
    final Coroutine coroutine;
    final Task creator;

    // The value (or exception) the task will be resumed with: the tuple's third element.
    Object sendValue;
    Throwable throwValue;

    // While in `sleeping`: when to wake (clock nanoseconds). The heap keeps the order of going to
    // sleep itself, so that equal timers stay first in, first out.
    long wakeAt;

    /** Its {@link ContextVar} values: an immutable map, replaced on each set. */
    Map<ContextVar<?>, Object> context;

    /** Where the task was created, recorded only in debug mode (else null). */
    Throwable createdAt;

    /** A task whose coroutine will run {@code body} (null: no coroutine, for tests of the heap). */
    Task(int tid, String name, Callable<?> body, Task creator) {
        this.tid = tid;
        this.name = name;
        this.coroutine = body == null ? null : new Coroutine(this, body);
        this.creator = creator;
    }

    /** The task id: {@code createTask} returns it, {@code results} is keyed by it. */
    public int tid() {
        return tid;
    }

    /** Its name: the one given to {@code createTask}, else "task N", formatted the first time it is asked for. */
    public String name() {
        if (name == null) {
            name = "task " + tid;
        }
        return name;
    }

    public Coroutine coroutine() {
        return coroutine;
    }

    /** The task that called {@code createTask} for this one, or null for the main task. */
    public Task creator() {
        return creator;
    }

    /** Where {@code createTask} was called, when debug mode was on; else null. */
    public StackTraceElement[] creationSite() {
        return createdAt == null ? null : createdAt.getStackTrace();
    }

    /** When a sleeping task wakes, in clock nanoseconds. Meaningless while it is not asleep. */
    public long wakeAt() {
        return wakeAt;
    }

    public boolean isDone() {
        return coroutine.isDone();
    }

    /** "task 3 (worker B)": the form every message of the kit uses; an unnamed task is just "task 3". */
    @Override
    public String toString() {
        String id = "task " + tid;
        return name == null || name.equals(id) ? id : id + " (" + name + ")";
    }
}
