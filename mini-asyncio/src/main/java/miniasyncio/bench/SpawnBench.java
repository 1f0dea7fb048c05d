package miniasyncio.bench;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.Coroutine;
import miniasyncio.Scheduler;

/**
 * Spawn: create N tasks that each yield once ({@code sleep(0)}) and then return, and run them all
 * to the end. Against its floor: N bare continuations created, each run to its first yield,
 * resumed and finished. A task that never yields would never freeze a stack, so a floor that
 * never yields would leave out the cost every real task pays.
 */
final class SpawnBench {

    private static final Callable<Object> YIELD_ONCE = () -> {
        sleep(0);
        return null;
    };
    private static final Runnable YIELD_ONCE_RAW = Coroutine::rawYield;

    private SpawnBench() {
    }

    static void scheduler(int tasks) {
        new Scheduler(Clock.virtual()).run(() -> {
            for (int i = 0; i < tasks; i++) {
                createTask(YIELD_ONCE); // what a student writes: MiniAsyncio.createTask
            }
            return null;
        });
    }

    static void raw(int tasks) {
        ArrayDeque<Object> ready = new ArrayDeque<>(); // not presized: the scheduler's ready queue is not either
        for (int i = 0; i < tasks; i++) {
            ready.addLast(Coroutine.rawContinuation(YIELD_ONCE_RAW));
        }
        Object continuation;
        while ((continuation = ready.pollFirst()) != null) {
            if (!Coroutine.rawRun(continuation)) {
                ready.addLast(continuation); // yielded: back of the queue, as sleep(0) puts a task
            }
        }
    }

    /** Measured in a child JVM with a fixed young generation, as the timers are: see {@link ChildJvm} for why. */
    static void run(Sizes sizes, Report report) throws IOException, InterruptedException {
        int n = sizes.spawnTasks();
        int peers = peerTasks(sizes);
        report.section("spawn", n + " tasks created and run to their end, against bare continuations (interleaved runs,"
                + " in a child JVM with " + String.join(" ", ChildJvm.HEAP) + ")");
        List<String> lines = ChildJvm.run(SpawnBench.class, sizes, 3);
        ChildJvm.Line kit = ChildJvm.parse(lines.get(0));
        ChildJvm.Line floor = ChildJvm.parse(lines.get(1));
        Measure.Stats kitStats = kit.stats();
        Measure.Stats floorStats = floor.stats();
        report.count("spawn.tasks", n, "tasks");
        report.stats("spawn.scheduler_ns_per_task", kitStats, "createTask, run, sleep(0), resume, finishTask", "ns");
        report.stats("spawn.raw_continuation_ns_per_task", floorStats, "floor: new Continuation, run, yield, resume", "ns");
        report.ratio("spawn.ratio_vs_raw_continuation", kitStats.median() / floorStats.median(),
                "scheduler / floor", Report.Target.atMost(1.5));
        report.value("spawn.collections_per_run", kit.extra(), "GCs per run: kit", "");
        report.value("spawn.floor_collections_per_run", floor.extra(), "GCs per run: floor", "");
        // The Python bench spawns 100k tasks (20k with --quick): the same count here, for the
        // side by side in mini-asyncio/peers/compare.sh (a million live tasks cost more each, in G1's work).
        report.stats("spawn.scheduler_ns_per_task_at_python_size", ChildJvm.parse(lines.get(2)).stats(),
                "createTask ... finishTask, " + peers + " tasks (the Python bench's count)", "ns");
    }

    /**
     * Child JVM entry: SIZES. Prints three lines, "median min max collections-per-run": the kit
     * and its floor at the spawn size (interleaved), then the kit at the Python bench's size.
     */
    public static void main(String[] args) {
        Sizes sizes = ChildJvm.sizes(args[0]);
        int n = sizes.spawnTasks();
        long[] collections = new long[2];
        Measure.Stats[] stats = Measure.interleaved(sizes.warmups(), sizes.iterations(), n,
                ChildJvm.counted(collections, 0, () -> scheduler(n)),
                ChildJvm.counted(collections, 1, () -> raw(n)));
        int runs = sizes.warmups() + sizes.iterations();
        System.out.println(ChildJvm.line(stats[0], collections[0] / (double) runs));
        System.out.println(ChildJvm.line(stats[1], collections[1] / (double) runs));
        int peers = peerTasks(sizes);
        Measure.Stats atPeers = Measure.interleaved(sizes.warmups(), sizes.iterations(), peers, () -> scheduler(peers))[0];
        System.out.println(ChildJvm.line(atPeers, 0));
    }

    /** The Python bench's spawn count for the same sizes (mini-asyncio/peers/python/bench.py). */
    static int peerTasks(Sizes sizes) {
        return Math.min(sizes.spawnTasks(), sizes == Sizes.QUICK ? 20_000 : 100_000);
    }
}
