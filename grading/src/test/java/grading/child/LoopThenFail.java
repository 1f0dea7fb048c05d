package grading.child;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import homework.HomeworkScheduler;
import miniasyncio.Clock;

/** A test that fails after the homework's loop ran, as a hidden test fails, for NoStepThroughPagesTest. */
public class LoopThenFail {

    public void fails() {
        new HomeworkScheduler(Clock.virtual()).run(() -> createTask("worker", () -> sleep(0.1)));
        throw new AssertionError("failed after its loop");
    }
}
