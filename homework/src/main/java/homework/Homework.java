package homework;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.NotImplementedYet;
import miniasyncio.Scheduler;

/**
 * The homework's functions, next to {@link MiniAsyncio}'s {@code sleep} and {@code createTask}:
 *
 * <pre>{@code
 * import static homework.Homework.*;
 *
 * Homework.run(() -> {
 *     int tid = createTask(() -> { sleep(0.1); return 42; });
 *     int answer = awaitTask(tid);                      // Python: yield AwaitTask(tid)
 *     List<String> files = gather(() -> readFile("a.txt", 0.2),
 *                                 () -> readFile("b.txt", 0.1));
 *     return files;                                     // in argument order
 * });
 * }</pre>
 */
public final class Homework {

    private Homework() {
    }

    /**
     * Suspends the running task until task {@code tid} has finished, and returns its result.
     * If that task failed, its exception is thrown here. A task that already finished gives its
     * result at once.
     *
     * @throws IllegalArgumentException for a tid that no task has, or the running task's own tid
     * @throws IllegalStateException outside a task running on a {@link HomeworkScheduler}
     */
    @SuppressWarnings("unchecked")
    public static <T> T awaitTask(int tid) {
        // BEGIN SOLUTION
        return (T) Scheduler.syscall("awaitTask", new AwaitTask(tid));
        // END SOLUTION
    }

    /**
     * Runs every body as its own task, concurrently, and returns their results <em>in argument
     * order</em> (not in the order they finish). Throws the failure of the first body in argument
     * order that fails (not the first in time); the other tasks are not cancelled, as in asyncio.
     */
    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(Arrays.asList(bodies));
    }

    /** {@link #gather(Callable[])} for a list of bodies. */
    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        // BEGIN SOLUTION
        int[] tids = new int[bodies.size()];
        for (int i = 0; i < tids.length; i++) {
            tids[i] = MiniAsyncio.createTask(bodies.get(i)); // all created first: they run concurrently
        }
        List<T> results = new ArrayList<>(tids.length);
        for (int tid : tids) {
            results.add(awaitTask(tid)); // in argument order, whichever finishes first
        }
        return results;
        // END SOLUTION
    }

    /** Runs {@code main} as task 1 on a new {@link HomeworkScheduler} until all tasks finish. */
    public static <T> T run(Callable<T> main) {
        return new HomeworkScheduler().run(main);
    }

    /** {@link #run(Callable)} for a body that returns nothing. */
    public static void run(MiniAsyncio.AsyncRunnable main) {
        new HomeworkScheduler().run(() -> {
            main.run();
            return null;
        });
    }
}
