package miniasyncio;

import java.util.HashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.Callable;

/**
 * Python's {@code contextvars.ContextVar}: a variable with a value per task. Each task starts
 * with a copy of the values its creator saw at {@code createTask}, as asyncio's tasks copy the
 * context; after that, what one task sets, no other task sees.
 *
 * <pre>{@code
 * static final ContextVar<String> REQUEST = new ContextVar<>("request", "none");
 *
 * REQUEST.set("r1");
 * createTask(() -> log(REQUEST.get()));   // "r1": copied when the task was created
 * REQUEST.set("r2");                       // the child still sees "r1"
 * }</pre>
 *
 * <p>Why not a {@code ThreadLocal}: every task runs on the loop's one thread, so a thread-local
 * is one value shared by all of them. Outside any task (before {@code run}, in a
 * {@code toThread} worker) the values are the thread's; {@code run} copies them into its main
 * task, and {@code toThread} runs its call with the calling task's values, as asyncio does. Code can
 * also run in a {@link Context} that someone else holds ({@code create_task(coro, context=ctx)}).
 *
 * <p>How: a task holds an immutable map of values; {@link #set} makes a new map, so handing the
 * map to a new task is a copy that costs nothing.
 */
public final class ContextVar<T> {

    private static final Map<ContextVar<?>, Object> EMPTY = Map.of();
    /** The values outside any task, per thread. */
    private static final ThreadLocal<Map<ContextVar<?>, Object>> OUTSIDE = ThreadLocal.withInitial(() -> EMPTY);
    private static final Object NO_DEFAULT = new Object();

    private final String name;
    private final Object defaultValue;

    /** A variable with no default: {@link #get()} before any {@link #set} throws. */
    public ContextVar(String name) {
        this.name = name;
        this.defaultValue = NO_DEFAULT;
    }

    public ContextVar(String name, T defaultValue) {
        this.name = name;
        this.defaultValue = defaultValue;
    }

    public String name() {
        return name;
    }

    /** This task's value, else the default. */
    @SuppressWarnings("unchecked")
    public T get() {
        Map<ContextVar<?>, Object> values = current();
        if (values.containsKey(this)) {
            return (T) values.get(this);
        }
        if (defaultValue == NO_DEFAULT) {
            throw new NoSuchElementException("ContextVar '" + name + "' has no value in this task and no default"
                    + " (Python: LookupError): set() it first, or give it a default");
        }
        return (T) defaultValue;
    }

    /** Sets this task's value; returns a token for {@link #reset}. */
    public Token<T> set(T value) {
        Map<ContextVar<?>, Object> before = current();
        Map<ContextVar<?>, Object> after = new HashMap<>(before);
        after.put(this, value);
        replace(after);
        return new Token<>(this, before.containsKey(this), before.get(this));
    }

    /** Puts back the value (or the absence of one) from before the {@link #set} that gave {@code token}. */
    public void reset(Token<T> token) {
        if (token.var != this) {
            throw new IllegalArgumentException("reset(): the token was made by ContextVar '" + token.var.name
                    + "', not by '" + name + "'");
        }
        Map<ContextVar<?>, Object> after = new HashMap<>(current());
        if (token.hadValue) {
            after.put(this, token.oldValue);
        } else {
            after.remove(this);
        }
        replace(after);
    }

    /** What {@link #set} returns: enough to undo it. */
    public static final class Token<T> {
        private final ContextVar<T> var;
        private final boolean hadValue;
        private final Object oldValue;

        private Token(ContextVar<T> var, boolean hadValue, Object oldValue) {
            this.var = var;
            this.hadValue = hadValue;
            this.oldValue = oldValue;
        }
    }

    @Override
    public String toString() {
        return "ContextVar[" + name + "]";
    }

    // ------------------------------------------------------------------ where the values live

    /** The running task, or null outside any (then the thread's values serve). */
    static Task task() {
        Scheduler scheduler = Scheduler.current();
        return scheduler == null ? null : scheduler.currentTask();
    }

    private static Map<ContextVar<?>, Object> current() {
        return values(task());
    }

    private static void replace(Map<ContextVar<?>, Object> values) {
        replace(task(), values);
    }

    /** {@code task}'s values, or this thread's for null ({@link Context} reads them too). */
    static Map<ContextVar<?>, Object> values(Task task) {
        return task != null ? task.context : OUTSIDE.get();
    }

    /** Makes {@code values} {@code task}'s, or this thread's for null. */
    static void replace(Task task, Map<ContextVar<?>, Object> values) {
        if (task != null) {
            task.context = values;
        } else {
            OUTSIDE.set(values);
        }
    }

    /** The values a new task starts with: its creator's, or this thread's outside any task. */
    static Map<ContextVar<?>, Object> snapshot(Task creator) {
        return creator != null ? creator.context : OUTSIDE.get();
    }

    /** {@code call}, made to run with {@code values} as its thread's: a toThread worker sees its task's values. */
    static <R> Callable<R> bound(Map<ContextVar<?>, Object> values, Callable<R> call) {
        return () -> runWith(values, call);
    }

    /**
     * {@code body}, made to run on another thread with the values this thread sees now, as asyncio.run copies the
     * context: the loop's own thread ({@code around.LoopStack}) starts with its caller's. Public only because that
     * class lives in another package; a task has no use for it.
     */
    public static <R> Callable<R> carried(Callable<R> body) {
        return bound(current(), body);
    }

    /** Runs {@code body} on this thread (a worker) with {@code values} as the thread's. */
    static <R> R runWith(Map<ContextVar<?>, Object> values, Callable<R> body) throws Exception {
        Map<ContextVar<?>, Object> was = OUTSIDE.get();
        OUTSIDE.set(values);
        try {
            return body.call();
        } finally {
            OUTSIDE.set(was);
        }
    }
}
