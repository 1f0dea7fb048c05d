package miniasyncio.bench;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.ArrayDeque;
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

    static void run(Sizes sizes, Report report) {
        int n = sizes.spawnTasks();
        report.section("spawn", n + " tasks created and run to their end, against bare continuations (interleaved runs)");
        Measure.Stats[] stats = Measure.interleaved(sizes.warmups(), sizes.iterations(), n,
                () -> scheduler(n),
                () -> raw(n));
        report.count("spawn.tasks", n, "tasks");
        report.stats("spawn.scheduler_ns_per_task", stats[0], "createTask, run, sleep(0), resume, finishTask", "ns");
        report.stats("spawn.raw_continuation_ns_per_task", stats[1], "floor: new Continuation, run, yield, resume", "ns");
        report.ratio("spawn.ratio_vs_raw_continuation", stats[0].median() / stats[1].median(),
                "scheduler / floor", Report.Target.atMost(2));
        // The Python bench spawns 100k tasks (20k with --quick): the same count here, for the
        // side by side in mini-asyncio/bench/compare.sh (a million live tasks cost more each, in G1's work).
        int peers = peerTasks(sizes);
        Measure.Stats atPeers = Measure.interleaved(sizes.warmups(), sizes.iterations(), peers,
                () -> scheduler(peers))[0];
        report.stats("spawn.scheduler_ns_per_task_at_python_size", atPeers,
                "createTask ... finishTask, " + peers + " tasks (the Python bench's count)", "ns");
    }

    /** The Python bench's spawn count for the same sizes (mini-asyncio/bench/python/bench.py). */
    static int peerTasks(Sizes sizes) {
        return Math.min(sizes.spawnTasks(), sizes == Sizes.QUICK ? 20_000 : 100_000);
    }
}
