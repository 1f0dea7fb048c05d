package miniasyncio.cli;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.concurrent.Callable;

/** Two tasks suspend inside the same synchronized block: on JDK 24+ the loop's thread blocks for good. */
public class HoldsAMonitor implements Callable<Void> {
    static final Object SHARED = new Object();

    static void enter(String name) {
        synchronized (SHARED) {
            System.out.println(name + " inside");
            sleep(0.1);
        }
    }

    @Override
    public Void call() {
        createTask("first", () -> enter("first"));
        createTask("second", () -> enter("second"));
        return null;
    }
}
