package miniasyncio.bench;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.io.IOException;
import java.util.List;
import miniasyncio.Clock;
import miniasyncio.Coroutine;
import miniasyncio.Scheduler;

/**
 * Memory: N tasks all asleep at once. The heap in use after a full GC, minus what was in use
 * before they were made, divided by N: everything a sleeping task keeps alive (its Task,
 * Coroutine, continuation, frozen stack and its slot in the heap of timers). Against two floors:
 * a bare continuation parked in its first instruction, and the honest one, a bare continuation
 * whose own lambda parks through a helper call, which keeps the one frame of its own code that
 * every task's body keeps ({@link #framed}).
 */
final class MemoryBench {

    private MemoryBench() {
    }

    /** Bytes per task, and the total heap in use while all N sleep. */
    record Footprint(double bytesPerTask, long heapInUse) {
    }

    static Footprint scheduler(int tasks) {
        return scheduler(tasks, 0);
    }

    /** As above; then, with all asleep, waits {@code holdSeconds} of real time (for {@code jmap}). */
    static Footprint scheduler(int tasks, int holdSeconds) {
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
            hold(tasks + " tasks asleep", holdSeconds); // blocks the loop on purpose: nothing may change meanwhile
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

    /**
     * The honest floor: bare continuations whose body is a lambda of its own that yields through
     * one helper call, as a task's body yields through {@code sleep}. The bare floor above parks
     * in its first instruction (its one body, {@code Coroutine::rawYield}, is all its code), so
     * the JIT folds it into the JDK's entry and its frozen stack keeps no frame of a body. A
     * program's tasks are many lambdas, which reach the body through one call site that the JIT
     * cannot fold: each keeps one frame of its own code. So here: {@link #FRAMED_BODIES}, four
     * lambdas of four classes, handed out in turn; each parks through {@link #park} and returns.
     */
    static Footprint framed(int tasks) {
        return framed(tasks, 0);
    }

    /** As above; then, with all parked, waits {@code holdSeconds} (for {@code jmap}). */
    static Footprint framed(int tasks, int holdSeconds) {
        long before = Measure.usedHeapAfterGc();
        Object[] parked = new Object[tasks];
        for (int i = 0; i < tasks; i++) {
            parked[i] = Coroutine.rawContinuation(FRAMED_BODIES[i % FRAMED_BODIES.length]);
            Coroutine.rawRun(parked[i]);
        }
        long during = Measure.usedHeapAfterGc();
        hold(tasks + " framed continuations parked", holdSeconds);
        for (Object continuation : parked) {
            Coroutine.rawRun(continuation);
        }
        return new Footprint((during - before) / (double) tasks, during);
    }

    /** Keeps what is made alive {@code seconds} of real time, after saying how to look at it. */
    private static void hold(String what, int seconds) {
        if (seconds <= 0) {
            return;
        }
        System.out.printf("%s for %d s: jmap -histo:live %d%n", what, seconds, ProcessHandle.current().pid());
        System.out.flush();
        try {
            Thread.sleep(seconds * 1000L);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The helper a body yields through, as a task's body calls {@code sleep}. */
    private static void park() {
        Coroutine.rawYield();
    }

    private static final Runnable[] FRAMED_BODIES = {
        () -> park(),
        () -> park(),
        () -> park(),
        () -> park(),
    };

    /**
     * Measured in a child JVM of its own, warmed up on this workload only (as
     * {@code AllocationGuardTest} counts bytes). How big a suspended task's frozen stack is
     * depends on how its frames were compiled, and in the bench's own JVM that depended on which
     * workloads had run before: 412 bytes per task alone, 490 after {@code switch}, whose
     * {@code sleep(0)} loop had compiled the sleep path for another caller (the bare
     * continuation moved the same way, 236 to 285). Warm-up rounds first, as every other workload
     * has; then the median of three measured rounds.
     */
    static void run(Sizes sizes, Report report) throws IOException, InterruptedException {
        int n = sizes.memoryTasks();
        report.section("memory", n + " tasks all asleep at once: heap retained per task after a full GC"
                + " (in a child JVM, after warm-up rounds; the median of 3)");
        List<String> command = ChildJvm.command(List.of(), MemoryBench.class, String.valueOf(n),
                String.valueOf(Math.min(2, sizes.warmups())));
        String figures = ChildJvm.output(command, "memory", 1).get(0);
        String[] f = figures.trim().split(" ");
        if (f.length != 6) {
            throw new IOException("the memory child JVM printed no figures: " + figures);
        }
        Footprint raw = new Footprint(Double.parseDouble(f[0]), Long.parseLong(f[1]));
        Footprint tasks = new Footprint(Double.parseDouble(f[2]), Long.parseLong(f[3]));
        Footprint framed = new Footprint(Double.parseDouble(f[4]), Long.parseLong(f[5]));
        report.count("memory.tasks", n, "sleeping tasks");
        report.value("memory.scheduler_bytes_per_sleeping_task", tasks.bytesPerTask(), "scheduler, per sleeping task",
                "bytes");
        report.value("memory.framed_continuation_bytes_per_parked", framed.bytesPerTask(),
                "floor: bare continuation, its lambda parked through a helper", "bytes");
        report.ratio("memory.ratio_vs_framed_continuation", tasks.bytesPerTask() / framed.bytesPerTask(),
                "scheduler / that floor", Report.Target.atMost(1.15));
        report.value("memory.raw_continuation_bytes_per_parked", raw.bytesPerTask(),
                "bare continuation parked in its first instruction", "bytes");
        report.ratio("memory.ratio_vs_raw_continuation", tasks.bytesPerTask() / raw.bytesPerTask(),
                "scheduler / bare continuation", null);
        report.judged("memory.heap_in_use_mib_with_all_asleep", tasks.heapInUse() / 1048576.0,
                "heap in use, all " + n + " asleep", "MiB", n >= 1_000_000 ? Report.Target.atMost(450) : null);
    }

    /**
     * Child JVM entry: TASKS WARMUPS [HOLD_SECONDS]. Warm-up rounds of the three, then three
     * measured rounds; prints "raw-bytes-per-task raw-heap scheduler-bytes-per-task scheduler-heap
     * framed-bytes-per-task framed-heap" (the median rounds). With HOLD_SECONDS, one more round of
     * the honest floor and one of the tasks then keep theirs parked that long each, after printing
     * the {@code jmap} command that shows what each of them keeps (the kit's performance notes).
     */
    public static void main(String[] args) {
        Args parsed = parse(args);
        if (parsed == null) {
            System.err.println(USAGE);
            System.exit(2); // as the bench's own usage errors
            return;
        }
        int n = parsed.tasks();
        for (int i = 0; i < parsed.warmups(); i++) {
            raw(n);
            framed(n);
            scheduler(n);
        }
        Footprint[] raws = new Footprint[3];
        Footprint[] frameds = new Footprint[3];
        Footprint[] schedulers = new Footprint[3];
        for (int i = 0; i < 3; i++) {
            raws[i] = raw(n);
            frameds[i] = framed(n);
            schedulers[i] = scheduler(n);
        }
        Footprint raw = median(raws);
        Footprint framed = median(frameds);
        Footprint tasks = median(schedulers);
        System.out.println(raw.bytesPerTask() + " " + raw.heapInUse() + " " + tasks.bytesPerTask() + " " + tasks.heapInUse()
                + " " + framed.bytesPerTask() + " " + framed.heapInUse());
        if (parsed.holdSeconds() > 0) {
            framed(n, parsed.holdSeconds());
            scheduler(n, parsed.holdSeconds());
        }
    }

    static final String USAGE = "usage: MemoryBench TASKS WARMUPS [HOLD_SECONDS] (each a whole number >= 0, TASKS >= 1)";

    /** The child's arguments. */
    record Args(int tasks, int warmups, int holdSeconds) {
    }

    /**
     * TASKS WARMUPS [HOLD_SECONDS], or null when they are not that: someone may start this by
     * hand for {@code jmap}, and a typo should say so, not be read as no hold.
     */
    static Args parse(String... args) {
        if (args.length < 2 || args.length > 3) {
            return null;
        }
        try {
            Args parsed = new Args(Integer.parseInt(args[0]), Integer.parseInt(args[1]),
                    args.length > 2 ? Integer.parseInt(args[2]) : 0);
            return parsed.tasks() >= 1 && parsed.warmups() >= 0 && parsed.holdSeconds() >= 0 ? parsed : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The round with the median bytes per task. */
    private static Footprint median(Footprint[] rounds) {
        Footprint[] sorted = rounds.clone();
        java.util.Arrays.sort(sorted, java.util.Comparator.comparingDouble(Footprint::bytesPerTask));
        return sorted[sorted.length / 2];
    }
}
