package miniasyncio.bench;

/**
 * How big each workload is. {@link #FULL} is the real run (a few minutes), {@link #QUICK} keeps
 * every workload but with fewer and shorter runs (under 30 s), {@link #SMOKE} is tiny: it only
 * proves that every code path works (the unit test uses it) and its figures mean nothing.
 */
record Sizes(String name, int warmups, int iterations,
             int switchTasks, int switchSteps,
             int[] timerTasks, long timerOps,
             int spawnTasks, int memoryTasks, int gatherTasks) {

    static final Sizes FULL = new Sizes("full", 5, 11,
            1_000, 2_000,
            new int[] {1_000, 10_000, 100_000, 1_000_000}, 4_000_000,
            1_000_000, 1_000_000, 100_000);

    static final Sizes QUICK = new Sizes("quick", 2, 5,
            1_000, 300,
            new int[] {1_000, 10_000, 100_000, 1_000_000}, 1_000_000,
            200_000, 1_000_000, 100_000);

    static final Sizes SMOKE = new Sizes("smoke", 1, 3,
            10, 10,
            new int[] {10, 100}, 1_000,
            100, 100, 100);

    /** Sleeps per task in the timer workload at {@code tasks} sleepers: about the same total work at each size. */
    int timerSteps(int tasks) {
        return (int) Math.max(2, timerOps / tasks);
    }
}
