package miniasyncio.bench;

import static miniasyncio.MiniAsyncio.sleep;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import miniasyncio.Clock;
import miniasyncio.Scheduler;

/**
 * Timers: N tasks each sleep K random durations (1 ms to 1 s) on the virtual clock, so no time
 * is spent waiting and only the CPU cost of a timer op is measured (set the timer, wake it, run
 * the task). With N tasks asleep at once the heap holds N entries, so one op costs O(log N)
 * comparisons: from 1k to 1M sleepers, log2 N goes from 10 to 20. The lecture's list would
 * instead scan all N sleepers on every step: O(N) per op. Each size is measured next to its
 * floor ({@link TimerFloor}), so the growth that any heap of cold stacks has is told apart from
 * the growth that is the kit's.
 */
final class TimerBench {

    private TimerBench() {
    }

    static void scheduler(int tasks, int steps, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.run(() -> {
            for (int i = 0; i < tasks; i++) {
                scheduler.createTask("sleeper", () -> {
                    for (int k = 0; k < steps; k++) {
                        sleep(random.nextInt(1, 1001) / 1000.0);
                    }
                    return null;
                });
            }
            return null;
        });
    }

    /**
     * Measured at {@code counts} sleepers (the sizes' own, or bench --sleepers), in a child JVM with
     * a fixed young generation: see {@link ChildJvm} for why.
     */
    static void run(Sizes sizes, int[] counts, Report report) throws IOException, InterruptedException {
        long ops = sizes.timerOps();
        report.section("timers", "N tasks x K random sleeps (1 ms..1 s) on the virtual clock, K = max(2, " + ops
                + " / N): about " + ops + " timer ops at each N (more where K is held at 2), against the floor"
                + " (bare continuations in a heap of primitive keys, the same sleeps) at the same N (interleaved"
                + " runs, in a child JVM with " + String.join(" ", ChildJvm.HEAP) + ")");
        int bodies = 2 * counts.length;
        List<String> lines = ChildJvm.run(TimerBench.class, sizes, bodies, join(counts));
        Measure.Stats[] stats = new Measure.Stats[bodies];
        double[] collectionsPerRun = new double[bodies];
        for (int b = 0; b < bodies; b++) {
            ChildJvm.Line parsed = ChildJvm.parse(lines.get(b));
            stats[b] = parsed.stats();
            collectionsPerRun[b] = parsed.extra();
        }
        for (int i = 0; i < counts.length; i++) {
            String at = label(counts[i]);
            Measure.Stats kit = stats[2 * i];
            Measure.Stats floor = stats[2 * i + 1];
            report.stats("timers.ns_per_op_at_" + at, kit,
                    "per timer op, " + counts[i] + " sleepers (K=" + sizes.timerSteps(counts[i]) + ")", "ns");
            report.stats("timers.floor_ns_per_op_at_" + at, floor, "  floor, same sleepers", "ns");
            report.ratio("timers.ratio_vs_floor_at_" + at, kit.median() / floor.median(), "  kit / floor",
                    Report.Target.atMost(1.5));
            // Why these count: a collection during a run moves the live tasks and their frozen
            // stacks to the old generation, after which a stack can no longer be frozen into the
            // chunk it has (the JDK makes a new one) and stores into the heap's arrays pay G1's
            // card marking. A run that never collects keeps all of it young: the same ops, cheaper.
            report.value("timers.collections_per_run_at_" + at, collectionsPerRun[2 * i], "  GCs per run: kit", "");
            report.value("timers.floor_collections_per_run_at_" + at, collectionsPerRun[2 * i + 1],
                    "  GCs per run: floor", "");
            if (i > 0) {
                report.ratio("timers.floor_growth_" + label(counts[0]) + "_to_" + at,
                        floor.median() / stats[1].median(), "  floor's own growth since " + label(counts[0]), null);
            }
        }
        if (counts.length == 1) {
            return; // one size: no growth to speak of
        }
        int last = counts.length - 1;
        double growth = stats[2 * last].median() / stats[0].median();
        double logGrowth = Math.log(counts[last]) / Math.log(counts[0]);
        report.value("timers.log_n_growth_" + label(counts[0]) + "_to_" + label(counts[last]), logGrowth,
                "log N grows by (for comparison)", "x");
        report.ratio("timers.growth_" + label(counts[0]) + "_to_" + label(counts[last]), growth,
                "kit's per-op cost at " + label(counts[last]) + " / at " + label(counts[0]), null);
    }

    /**
     * Child JVM entry: SIZES (full, quick or smoke) and the numbers of sleepers (comma-separated:
     * the sizes' own, or those of bench --sleepers). Measures kit and floor at each number,
     * interleaved, and prints one line per body, [kit 1k, floor 1k, kit 10k, floor 10k...]:
     * "median min max collections-per-run" (nanoseconds per op).
     */
    public static void main(String[] args) {
        Sizes sizes = ChildJvm.sizes(args[0]);
        int[] counts = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
        // kit and floor at each size, side by side: [kit 1k, floor 1k, kit 10k, floor 10k, ...]
        Runnable[] bodies = new Runnable[2 * counts.length];
        long[] ops = new long[2 * counts.length];
        long[] collections = new long[2 * counts.length]; // young and full GCs during each body's runs
        for (int i = 0; i < counts.length; i++) {
            int n = counts[i];
            int k = sizes.timerSteps(n);
            bodies[2 * i] = ChildJvm.counted(collections, 2 * i, () -> scheduler(n, k, 42));
            bodies[2 * i + 1] = ChildJvm.counted(collections, 2 * i + 1, () -> TimerFloor.run(n, k, 42));
            ops[2 * i] = ops[2 * i + 1] = (long) n * k;
        }
        // Fewer rounds here: the 1M run makes a million continuations each time.
        Measure.Stats[] stats = Measure.interleaved(sizes.timerWarmups(), sizes.timerIterations(), ops, bodies);
        int runs = sizes.timerWarmups() + sizes.timerIterations();
        for (int b = 0; b < bodies.length; b++) {
            System.out.println(ChildJvm.line(stats[b], collections[b] / (double) runs));
        }
    }

    private static String join(int[] counts) {
        return Arrays.stream(counts).mapToObj(String::valueOf).collect(Collectors.joining(","));
    }

    /** 1000 -> "1k", 1000000 -> "1m". */
    static String label(int n) {
        if (n >= 1_000_000 && n % 1_000_000 == 0) {
            return n / 1_000_000 + "m";
        }
        if (n >= 1_000 && n % 1_000 == 0) {
            return n / 1_000 + "k";
        }
        return String.valueOf(n);
    }
}
