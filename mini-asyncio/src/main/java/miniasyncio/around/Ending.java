package miniasyncio.around;

import miniasyncio.Scheduler;

/**
 * How {@link Scheduler#run} ends. The lecture's {@code run()} goes on until every task has
 * finished. {@code asyncio.run()} stops as soon as main has finished, and the tasks still
 * pending are closed (their {@code finally} blocks run) instead of being run to their end.
 *
 * <p>Asked once, when {@link Scheduler#run} starts ({@link #withMain}): with main, the loop stops
 * once main's result is in {@code results}; without, it has no condition of its own, and no turn of
 * the loop asks anything here.
 */
public final class Ending {

    private boolean withMain;

    /* Public, as the methods below: LoopSettings sets it, the Scheduler (package miniasyncio) asks it. */

    public void setWithMain(boolean withMain) {
        this.withMain = withMain;
    }

    public boolean withMain() {
        return withMain;
    }
}
