package miniasyncio;

import java.util.Map;

/**
 * How {@link Scheduler#run} ends. The lecture's {@code run()} goes on until every task has
 * finished. {@code asyncio.run()} stops as soon as main has finished, and the tasks still
 * pending are closed (their {@code finally} blocks run) instead of being run to their end.
 *
 * <p>Joined to the loop at one point: the condition of its {@code while}.
 */
final class Ending {

    private boolean withMain;
    private int mainTid;

    void setWithMain(boolean withMain) {
        this.withMain = withMain;
    }

    boolean withMain() {
        return withMain;
    }

    void mainIs(int tid) {
        mainTid = tid;
    }

    /** True when the run ends with main and main has finished. */
    boolean reached(Map<Integer, Step.Outcome> results) {
        return withMain && results.containsKey(mainTid);
    }
}
