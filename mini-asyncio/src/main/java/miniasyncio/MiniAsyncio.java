package miniasyncio;

import java.time.Duration;
import java.util.concurrent.Callable;
import miniasyncio.around.LoopStack;

/**
 * The functions a task calls: the lecture's module-level {@code run}, {@code sleep},
 * {@code create_task}, plus {@code now}. Import them statically:
 *
 * <pre>{@code
 * import static miniasyncio.MiniAsyncio.*;
 *
 * static void worker(String name, int steps, double delay) {
 *     for (int i = 0; i < steps; i++) {
 *         System.out.printf("[%s] step %d%n", name, i);
 *         sleep(delay);                 // Python: yield from sleep(delay)
 *     }
 * }
 * run(() -> { createTask(() -> worker("A", 3, 0.10)); sleep(0.01); });
 * }</pre>
 *
 * <p>{@code sleep} is a plain call. It suspends the whole task however deep it is called, so
 * unlike Python there is no {@code yield from} chain through the helpers in between.
 */
public final class MiniAsyncio {

    /** A task body that returns nothing, so that {@code () -> { ... }} needs no {@code return null}. */
    @FunctionalInterface
    public interface AsyncRunnable {
        void run() throws Exception;
    }

    private MiniAsyncio() {
    }

    /**
     * Runs {@code main} on a new {@link Scheduler} until all tasks finish; returns main's result.
     * The loop runs on a thread with a big stack (see {@link LoopStack}), so that a task can
     * suspend tens of thousands of calls deep with no JVM option; this thread waits for it.
     */
    public static <T> T run(Callable<T> main) {
        return LoopStack.call(() -> new Scheduler().run(main));
    }

    public static void run(AsyncRunnable main) {
        LoopStack.call(() -> new Scheduler().run(asCallable(main)));
    }

    /**
     * Suspends the running task for {@code seconds}. {@code sleep(0)} sets no timer: it only lets
     * every other ready task run first (the task goes to the back of {@code ready}).
     *
     * @throws IllegalArgumentException for a negative, NaN or infinite duration
     * @throws IllegalStateException outside a running task
     */
    public static void sleep(double seconds) {
        Step.Yielded request = Sleep.step(seconds); // the same d again: the same Sleep and step, no allocation
        Coroutine.suspend(runningTask("sleep"), request); // Scheduler.syscall("sleep", ...), one frame shorter
    }

    public static void sleep(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("sleep() needs a duration of at least 0, got " + duration);
        }
        sleep(duration.toNanos() / 1e9);
    }

    /**
     * Runs {@code call}, a blocking call (a file, a database driver, {@code Thread.sleep}), on a
     * worker thread, and returns its result: asyncio's {@code await asyncio.to_thread(f)}. The
     * task is suspended meanwhile and the other tasks run; when the worker is done it hands the
     * result to the loop and wakes it (no polling), and the task resumes on the loop's thread.
     * What {@code call} throws is thrown here, as it is.
     *
     * <p>The call runs on another thread: it must not touch the loop (no {@code sleep},
     * {@code createTask}) and should not share unguarded data with tasks. On the virtual clock no
     * virtual time passes while it runs.
     *
     * <p>The waiting task can be cancelled, timed out or closed at once, like a task waiting for
     * anything else ({@link Scheduler#unpark}). As in asyncio, the worker thread is <em>not</em>
     * stopped: the call runs on to its end, and what it returns or throws then is dropped.
     */
    @SuppressWarnings("unchecked")
    public static <T> T toThread(Callable<T> call) throws Exception {
        return (T) Scheduler.syscall("toThread", new ToThread(call));
    }

    /**
     * Registers {@code body} as a new task of the running scheduler and returns its tid, without
     * suspending the caller.
     *
     * @throws IllegalStateException when no scheduler is running (the lecture's wording)
     */
    public static int createTask(Callable<?> body) {
        return loop("createTask").createTask(body);
    }

    public static int createTask(AsyncRunnable body) {
        return loop("createTask").createTask(asCallable(body));
    }

    /** As {@link #createTask(Callable)}, with a name that messages and traces show. */
    public static int createTask(String name, Callable<?> body) {
        return loop("createTask").createTask(name, body);
    }

    public static int createTask(String name, AsyncRunnable body) {
        return loop("createTask").createTask(name, asCallable(body));
    }

    /** Loop time in seconds (asyncio's {@code loop.time()}); on the virtual clock it starts at 0. */
    public static double now() {
        return loop("now").now();
    }

    /** The running scheduler. */
    public static Scheduler currentScheduler() {
        return loop("currentScheduler");
    }

    private static Scheduler loop(String caller) {
        Scheduler scheduler = Scheduler.current();
        if (scheduler == null) {
            throw new IllegalStateException("no running event loop; call " + caller + "() inside run()");
        }
        return scheduler;
    }

    /**
     * The running task, checked: the one a syscall suspends. {@code sleep} calls it and suspends
     * the task itself, rather than through {@link Scheduler#syscall}, so that a sleeping task's
     * frozen stack holds one frame fewer (a million sleepers hold a million).
     *
     * @throws IllegalStateException outside a running task, or inside a Generator's body
     */
    static Task runningTask(String caller) {
        Scheduler scheduler = Scheduler.current();
        Task task = scheduler == null ? null : scheduler.currentTask();
        if (task == null) {
            throw new IllegalStateException(caller + "() called outside a running task: start tasks with run()");
        }
        if (Coroutine.current() != task) {
            throw new IllegalStateException(caller + "() called inside a Generator's body: a generator yields to"
                    + " whoever calls next() on it, not to the scheduler. Call " + caller
                    + "() from the task's own code.");
        }
        return task;
    }

    static Callable<Object> asCallable(AsyncRunnable body) {
        return () -> {
            body.run();
            return null;
        };
    }
}
