package miniasyncio;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Python's {@code contextvars.Context}: a set of {@link ContextVar} values to run code in. A task
 * has one of its own, a copy of its creator's; this class is for asyncio's
 * {@code create_task(coro, context=ctx)}, a task that runs in a context someone else holds:
 *
 * <pre>{@code
 * Context ctx = Context.copyContext();          // ctx = contextvars.copy_context()
 * ctx.run(() -> REQUEST.set("r1"));            // ctx.run(REQUEST.set, "r1")
 * ctx.get(REQUEST);                             // "r1": the set stayed in ctx, not in the caller
 * }</pre>
 *
 * <p>{@link #run} makes the context's values the running task's for the length of the call, and
 * keeps what the call sets: it stays in the context, for its next run and for whoever reads it.
 * Another task's values are not touched, even while the call waits. A context is entered by one
 * call at a time, as Python's.
 */
public final class Context {

    private Map<ContextVar<?>, Object> values;
    private boolean entered;
    private Task enteredBy; // the task running in it (null: code outside any task, on its thread)

    /** {@code contextvars.Context()}: an empty context, where every variable has its default. */
    public Context() {
        this(Map.of());
    }

    private Context(Map<ContextVar<?>, Object> values) {
        this.values = values;
    }

    /** {@code contextvars.copy_context()}: the values the running task (or, outside one, this thread) sees now. */
    public static Context copyContext() {
        return new Context(ContextVar.values(ContextVar.task()));
    }

    /** {@code ctx.get(var)}: the variable's value in this context, or null when it has none here (not its default). */
    @SuppressWarnings("unchecked")
    public <T> T get(ContextVar<T> var) {
        Map<ContextVar<?>, Object> now = entered ? ContextVar.values(enteredBy) : values; // a run may have set it since
        return (T) now.get(var);
    }

    /**
     * {@code ctx.run(body)}: calls {@code body} with this context's values as the running task's,
     * and keeps in the context what it sets; the task's own values come back afterwards.
     *
     * @throws IllegalStateException if the context is entered already (Python: {@code RuntimeError})
     */
    public <R> R run(Callable<R> body) throws Exception {
        if (entered) {
            throw new IllegalStateException("cannot enter context: " + this + " is already entered (by "
                    + (enteredBy == null ? "code outside any task" : enteredBy) + "): one run at a time");
        }
        Task task = ContextVar.task();
        Map<ContextVar<?>, Object> own = ContextVar.values(task);
        ContextVar.replace(task, values);
        entered = true;
        enteredBy = task;
        try {
            return body.call();
        } finally {
            values = ContextVar.values(task); // what the body set stays here
            ContextVar.replace(task, own);
            entered = false;
            enteredBy = null;
        }
    }
}
