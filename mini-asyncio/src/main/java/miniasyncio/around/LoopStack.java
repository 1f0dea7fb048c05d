package miniasyncio.around;

import java.util.concurrent.Callable;
import miniasyncio.ContextVar;
import miniasyncio.MiniAsyncio;
import miniasyncio.Scheduler;
import miniasyncio.Step;

/**
 * Runs a loop on a thread with a big stack, so that a task can suspend deep in its call stack.
 *
 * <p>Why: to suspend, the JDK copies the task's frames off the thread, and on a cold stack
 * (interpreted frames) that copy itself needs about as much free stack again. A default thread
 * stack (1 MB for the main thread, no {@code -Xss}) overflows at a few thousand frames, while the
 * same recursion without the suspension fits. {@link MiniAsyncio#run}, the CLI and
 * {@code @AsyncTest} therefore run the loop on a thread of their own with a {@value #DEFAULT_MB} MB
 * stack (reserved address space: only the pages a task touches cost memory). Everything still runs on that one thread: the caller only
 * waits for it, so the single-thread semantics are those of the lecture. The caller's
 * {@link ContextVar} values go with it; what its thread-locals hold is not seen by the tasks.
 *
 * <p>More: {@code -Dminiasyncio.stackMb=N}. A loop started with {@code new Scheduler().run(...)}
 * runs on the calling thread, whatever its stack.
 *
 * <p>The other limit is the heap's, not the stack's: the JDK saves a suspended stack as one
 * object, and the G1 collector refuses one larger than half a heap region (1 to 32 MB, a
 * 2048th of the heap, set by the JVM from the machine's memory). Measured with small frames:
 * 4 MB regions save some 40,000 frames, 2 MB regions over 20,000, but the 1 MB regions of a heap
 * under 4 GB (the default on a machine with less than 16 GB) only about 5,000. The error then
 * says so and names the flags: {@code -XX:G1HeapRegionSize=32m}, or the parallel or serial
 * collector, which have no such limit.
 */
public final class LoopStack {

    static final int DEFAULT_MB = 64;

    /** The threads made here: a loop already on one runs in place. */
    private static final class BigStackThread extends Thread {
        Object result;
        Throwable failure;

        BigStackThread(Runnable body, String name, long bytes) {
            super(null, body, name, bytes);
        }
    }

    private LoopStack() {
    }

    /** The stack size of the loop threads, in megabytes. */
    public static int megabytes() {
        String set = System.getProperty("miniasyncio.stackMb");
        if (set == null) {
            return DEFAULT_MB;
        }
        try {
            int mb = Integer.parseInt(set.trim());
            if (mb > 0) {
                return mb;
            }
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw new IllegalArgumentException("-Dminiasyncio.stackMb must be a whole number of megabytes > 0, got '"
                + set + "'");
    }

    /** A new (not started) thread with the loop's stack, for callers that manage the thread themselves. */
    public static Thread newThread(Runnable body, String name) {
        return new BigStackThread(body, name, megabytes() * 1024L * 1024L);
    }

    /**
     * Calls {@code body} on a big-stack thread and waits for it: in place when this thread is
     * already one, or when a scheduler runs here (so that {@code run()} inside a task keeps its
     * error). Its exception is rethrown as it is (a checked one wrapped, as a task's).
     */
    @SuppressWarnings("unchecked")
    public static <T> T call(Callable<T> body) {
        if (Thread.currentThread() instanceof BigStackThread || Scheduler.current() != null) {
            try {
                return body.call();
            } catch (Exception e) {
                throw new Step.Failed(e).rethrow();
            }
        }
        BigStackThread[] self = new BigStackThread[1];
        Callable<T> carried = ContextVar.carried(body); // the caller's ContextVars go with it, as asyncio.run copies the context
        BigStackThread thread = (BigStackThread) newThread(() -> {
            try {
                self[0].result = carried.call();
            } catch (Throwable t) {
                self[0].failure = t;
            }
        }, Thread.currentThread().getName());
        self[0] = thread;
        thread.start();
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
                thread.interrupt(); // passed on: the loop's thread is the one that may be blocked
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (thread.failure != null) {
            throw new Step.Failed(thread.failure).rethrow();
        }
        return (T) thread.result;
    }
}
