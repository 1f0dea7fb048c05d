package miniasyncio.bench;

/**
 * How big each workload is. {@link #FULL} is the real run (about 4 minutes), {@link #QUICK} keeps
 * every workload but with fewer and shorter runs (1 to 2 minutes), {@link #SMOKE} is tiny: it only
 * proves that every code path works (the unit test uses it) and its figures mean nothing.
 */
record Sizes(String name, int warmups, int iterations,
             int switchTasks, int switchSteps,
             int[] timerTasks, long timerOps, int timerWarmups, int timerIterations,
             int spawnTasks, int memoryTasks, int gatherTasks) {

    static final Sizes FULL = new Sizes("full", 5, 11,
            1_000, 2_000,
            new int[] {1_000, 10_000, 40_000, 100_000, 1_000_000}, 2_000_000, 2, 5,
            1_000_000, 1_000_000, 100_000);

    /** The million-sleeper timer run alone takes over 15 s, so --quick stops the timers at 100k.
     *  Its timers still make 1M ops at each size (10 sleeps per task at 100k, 100 at 10k): with
     *  100k ops, a task slept 2 times at 100k and 10 at 10k, and the figure was mostly the cost of
     *  creating the tasks, not of a timer. Two warm-up rounds, then the median of 3 (the full
     *  sizes: of 5). With one warm-up round, the sleepers' body was deoptimized late in it and
     *  compiled again during the first measured round ({@code -XX:+PrintCompilation}): a kit run
     *  slower for the JIT, not for its timers. */
    static final Sizes QUICK = new Sizes("quick", 2, 5,
            1_000, 200,
            new int[] {1_000, 10_000, 40_000, 100_000}, 1_000_000, 2, 3,
            50_000, 100_000, 50_000);

    static final Sizes SMOKE = new Sizes("smoke", 1, 3,
            10, 10,
            new int[] {10, 100}, 1_000, 1, 1,
            100, 100, 100);

    /** Sleeps per task in the timer workload at {@code tasks} sleepers: about the same total work at each size. */
    int timerSteps(int tasks) {
        return (int) Math.max(2, timerOps / tasks);
    }
}
