package miniasyncio.bench;

import static miniasyncio.MiniAsyncio.createTask;

import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.Coroutine;
import miniasyncio.Scheduler;

/**
 * Spawn: create N tasks that return at once and run them all to the end. Against the bare
 * minimum: create N continuations, then run each once (its body returns, so it is done).
 */
final class SpawnBench {

    private static final Callable<Object> EMPTY = () -> null;
    private static final Runnable EMPTY_RAW = () -> { };

    private SpawnBench() {
    }

    static void scheduler(int tasks) {
        new Scheduler(Clock.virtual()).run(() -> {
            for (int i = 0; i < tasks; i++) {
                createTask(EMPTY); // what a student writes: MiniAsyncio.createTask
            }
            return null;
        });
    }

    static void raw(int tasks) {
        ArrayDeque<Object> ready = new ArrayDeque<>(); // not presized: the scheduler's ready queue is not either
        for (int i = 0; i < tasks; i++) {
            ready.addLast(Coroutine.rawContinuation(EMPTY_RAW));
        }
        Object continuation;
        while ((continuation = ready.pollFirst()) != null) {
            Coroutine.rawRun(continuation);
        }
    }

    static void run(Sizes sizes, Report report) {
        int n = sizes.spawnTasks();
        report.section("spawn", n + " tasks created and run to their end, against bare continuations (interleaved runs)");
        Measure.Stats[] stats = Measure.interleaved(sizes.warmups(), sizes.iterations(), n,
                () -> scheduler(n),
                () -> raw(n));
        report.count("spawn.tasks", n, "tasks");
        report.stats("spawn.scheduler_ns_per_task", stats[0], "createTask + first run + finishTask", "ns");
        report.stats("spawn.raw_continuation_ns_per_task", stats[1], "new Continuation + first run", "ns");
        report.ratio("spawn.ratio_vs_raw_continuation", stats[0].median() / stats[1].median(),
                "scheduler / raw continuation", Report.Target.atMost(1.5));
    }
}
