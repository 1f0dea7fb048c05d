package miniasyncio;

import java.util.concurrent.Callable;

/**
 * The syscall behind {@link MiniAsyncio#toThread}: run {@code call}, a blocking call, on a worker
 * thread, and resume the task with its result on the loop. asyncio's {@code to_thread}.
 */
public record ToThread(Callable<?> call) {

    public ToThread {
        if (call == null) {
            throw new NullPointerException("toThread(null): pass the blocking call to run on a worker thread");
        }
    }
}
