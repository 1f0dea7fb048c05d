package miniasyncio.trace;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.concurrent.Callable;

/**
 * A run whose failure a reader could miss: task 2 ({@code doomed}) fails at 0.010 s and nobody
 * awaits it, then 30 short tasks finish after it (so that the last 20 results listed leave it
 * out). Its values are long, with no space to wrap at: a message of 200 x's, a result of 300 y's.
 */
public final class FailingTasks implements Callable<Object> {

    @Override
    public Object call() {
        createTask("doomed", () -> {
            sleep(0.01);
            throw new IllegalStateException("boom " + "x".repeat(200));
        });
        createTask("a-task-with-a-long-name-that-goes-on-and-on-and-on", () -> "y".repeat(300));
        sleep(0.02);
        for (int i = 0; i < 30; i++) {
            createTask(() -> {
                sleep(0);
                return null;
            });
        }
        sleep(0.01);
        return "done";
    }
}
