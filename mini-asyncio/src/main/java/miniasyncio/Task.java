package miniasyncio;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * One task of a {@link Scheduler}: the lecture's tuple {@code (tid, task, value)} made into an
 * object. In the lecture the task <em>is</em> its generator; here it is its {@link Coroutine}
 * (the state to resume, the value to send, how it ended), plus its id, a name for messages, and
 * its {@link ContextVar} values. A task costs one object over its JDK continuation, not a task,
 * a coroutine and a continuation (a million sleeping tasks keep a million of each).
 *
 * <p>Why an object and not a tuple per queue entry: a task sits in exactly one place at a time
 * ({@code ready}, {@code sleeping}, waiting for a {@code toThread} worker, or a subclass's
 * waiting map), so it can carry the value it will be sent itself ({@code schedule} leaves it
 * there). The scheduler then allocates nothing per step. Its wake time is kept by the heap it
 * sleeps in ({@link TimerHeap}), not here.
 */
public final class Task extends Coroutine {

    final int tid;
    final Task creator;

    /** Its {@link ContextVar} values: an immutable map, replaced on each set. */
    Map<ContextVar<?>, Object> context;

    /** Where the task was created, recorded only in debug mode (else null). */
    Throwable createdAt;

    /**
     * A task whose coroutine will run {@code body} (null: no coroutine, for tests of the heap), in a copy of its
     * creator's {@link ContextVar} values, as asyncio copies the context.
     */
    Task(int tid, String name, Callable<?> body, Task creator) {
        super(name, body); // a null name means "task N", made when first asked for
        this.tid = tid;
        this.creator = creator;
        this.context = ContextVar.snapshot(creator);
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

    /** Its coroutine: the task itself, as the lecture's task is its generator. */
    public Coroutine coroutine() {
        return this;
    }

    /** The task that called {@code createTask} for this one, or null for the main task. */
    public Task creator() {
        return creator;
    }

    /** Where {@code createTask} was called, when debug mode was on; else null. */
    public StackTraceElement[] creationSite() {
        return createdAt == null ? null : createdAt.getStackTrace();
    }

    /*
     * The two below are public for the step-through page (package trace), which shows what a task
     * in ready will be sent, and for a scheduler of the exercises that must put a task back as it
     * was woken (step 5's uncancel); they only read.
     */

    /** The value the task's next resume delivers (what {@code schedule} left in it), or null. */
    public Object valueToSend() {
        return sendIn;
    }

    /** The exception its next resume raises at the suspension point ({@code scheduleThrow}), or null. */
    public Throwable exceptionToThrow() {
        return throwIn;
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
