package miniasyncio.trace;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.concurrent.Callable;

/** 1,000 tasks of 1,000 {@code sleep(0)} each: a run of 1,001,001 steps, for the step-through bound. */
public final class MillionSteps implements Callable<Object> {

    @Override
    public Object call() {
        for (int i = 0; i < 1000; i++) {
            createTask(() -> {
                for (int k = 0; k < 1000; k++) {
                    sleep(0);
                }
                return null;
            });
        }
        return null;
    }
}
