package miniasyncio.cli;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.concurrent.Callable;

/** A program whose child task fails and nobody ever looks at the failure. */
public class LosesAFailure implements Callable<Void> {
    @Override
    public Void call() {
        createTask("doomed", () -> {
            throw new IllegalStateException("boom");
        });
        sleep(0.1);
        return null;
    }
}
