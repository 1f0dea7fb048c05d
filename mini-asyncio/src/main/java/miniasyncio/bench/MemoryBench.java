package miniasyncio.bench;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import miniasyncio.Clock;
import miniasyncio.Coroutine;
import miniasyncio.Scheduler;

/**
 * Memory: N tasks all asleep at once. The heap in use after a full GC, minus what was in use
 * before they were made, divided by N: everything a sleeping task keeps alive (its Task,
 * Coroutine, continuation, frozen stack and its slot in the heap of timers). Against a bare
 * continuation parked in its first yield.
 */
final class MemoryBench {

    private MemoryBench() {
    }

    /** Bytes per task, and the total heap in use while all N sleep. */
    record Footprint(double bytesPerTask, long heapInUse) {
    }

    static Footprint scheduler(int tasks) {
        Footprint[] result = new Footprint[1];
        new Scheduler(Clock.virtual()).run(() -> {
            long before = Measure.usedHeapAfterGc();
            for (int i = 0; i < tasks; i++) {
                createTask(() -> {
                    sleep(10);
                    return null;
                });
            }
            sleep(1); // every task runs once and goes to sleep before the clock reaches 1 s
            long during = Measure.usedHeapAfterGc();
            result[0] = new Footprint((during - before) / (double) tasks, during);
            return null;
        });
        return result[0];
    }

    static Footprint raw(int tasks) {
        long before = Measure.usedHeapAfterGc();
        Object[] parked = new Object[tasks];
        for (int i = 0; i < tasks; i++) {
            parked[i] = Coroutine.rawContinuation(Coroutine::rawYield);
            Coroutine.rawRun(parked[i]);
        }
        long during = Measure.usedHeapAfterGc();
        for (Object continuation : parked) {
            Coroutine.rawRun(continuation); // let each one end, never abandon a parked continuation
        }
        // The array of references is part of the bare setup, as the heap of timers is part of the scheduler's.
        return new Footprint((during - before) / (double) tasks, during);
    }

    static void run(Sizes sizes, Report report) {
        int n = sizes.memoryTasks();
        report.section("memory", n + " tasks all asleep at once: heap retained per task after a full GC");
        Footprint raw = raw(n);
        Footprint tasks = scheduler(n);
        report.count("memory.tasks", n, "sleeping tasks");
        report.judged("memory.scheduler_bytes_per_sleeping_task", tasks.bytesPerTask(), "scheduler, per sleeping task",
                "bytes", Report.Target.atMost(450));
        report.value("memory.raw_continuation_bytes_per_parked", raw.bytesPerTask(), "bare parked continuation", "bytes");
        report.ratio("memory.ratio_vs_raw_continuation", tasks.bytesPerTask() / raw.bytesPerTask(),
                "scheduler / bare continuation", null);
        report.judged("memory.heap_in_use_mib_with_all_asleep", tasks.heapInUse() / 1048576.0,
                "heap in use, all " + n + " asleep", "MiB", n >= 1_000_000 ? Report.Target.atMost(450) : null);
    }
}
