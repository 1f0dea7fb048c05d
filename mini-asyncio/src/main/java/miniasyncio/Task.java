package miniasyncio;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * One task of a {@link Scheduler}: the lecture's tuple {@code (tid, task, value)} made into an
 * object. It carries its id, a name for messages, its coroutine and the value it will be
 * resumed with next.
 *
 * <p>One object plays two roles here: a task <em>is</em> its coroutine's state (the value to
 * send, the state, the outcome: see {@link Resumable}), so that a task costs one object and the
 * JDK continuation under it, not a task, a coroutine and a continuation (a million sleeping
 * tasks keep a million of each). {@link #coroutine()} is a view of that state with the
 * coroutine's methods; the scheduler resumes the task itself ({@code stepOne}), and a subclass
 * makes it ready with {@code schedule} or {@code scheduleThrow}, which leave the value to send
 * in the task.
 *
 * <p>Why an object and not a tuple per queue entry: a task sits in exactly one place at a time
 * ({@code ready}, {@code sleeping}, waiting for a {@code toThread} worker, or a subclass's
 * waiting map), so it can carry the value to send and its wake-up time itself. The scheduler
 * then allocates nothing per step.
 */
public final class Task extends Resumable {

    final int tid;
    private String name; // null until asked for when createTask got none: "task N" is made then
    final Task creator;

    // While in `sleeping`: when to wake (clock nanoseconds). The heap keeps the order of going to
    // sleep itself, so that equal timers stay first in, first out.
    long wakeAt;

    /** Its {@link ContextVar} values: an immutable map, replaced on each set. */
    Map<ContextVar<?>, Object> context;

    /** Where the task was created, recorded only in debug mode (else null). */
    Throwable createdAt;

    /** A task whose coroutine will run {@code body} (null: no coroutine, for tests of the heap). */
    Task(int tid, String name, Callable<?> body, Task creator) {
        super(body);
        this.tid = tid;
        this.name = name;
        this.creator = creator;
    }

    /** The task id: {@code createTask} returns it, {@code results} is keyed by it. */
    public int tid() {
        return tid;
    }

    /** Its name: the one given to {@code createTask}, else "task N", formatted the first time it is asked for. */
    @Override
    public String name() {
        if (name == null) {
            name = "task " + tid;
        }
        return name;
    }

    /** Its coroutine: a view of this task's own coroutine state (equal to every other view of it). */
    public Coroutine coroutine() {
        return new Coroutine(this);
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
        return done();
    }

    @Override
    String describe() {
        return toString();
    }

    /** "task 3 (worker B)": the form every message of the kit uses; an unnamed task is just "task 3". */
    @Override
    public String toString() {
        String id = "task " + tid;
        return name == null || name.equals(id) ? id : id + " (" + name + ")";
    }
}
