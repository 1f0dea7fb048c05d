package miniasyncio.around;

import java.util.Map;
import miniasyncio.Scheduler;
import miniasyncio.Step;

/**
 * How {@link Scheduler#run} ends. The lecture's {@code run()} goes on until every task has
 * finished. {@code asyncio.run()} stops as soon as main has finished, and the tasks still
 * pending are closed (their {@code finally} blocks run) instead of being run to their end.
 *
 * <p>Joined to the loop at two points: the condition of its {@code while}, and after the loop,
 * whether the tasks left are closed ({@link #withMain}).
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

    /** True when the run ends with main and main (task {@code mainTid}) has finished. */
    public boolean reached(Map<Integer, Step.Outcome> results, int mainTid) {
        return withMain && results.containsKey(mainTid);
    }
}
