package miniasyncio.bench;

import java.io.IOException;
import java.util.List;

/**
 * The same switch workload on JDK virtual threads with ONE carrier thread: N virtual threads each
 * call {@code Thread.yield()} K times. Virtual threads are built on the very same continuations,
 * plus a ForkJoinPool, thread state and locking, so this is the fair "what the JDK offers" peer.
 *
 * <p>The carrier count is fixed when the JVM starts ({@code -Djdk.virtualThreadScheduler.parallelism=1}),
 * so the bench runs this workload in a child JVM started with that option (unless this JVM
 * already has it), and runs the scheduler's switch workload and the bare continuation round
 * robin there too, interleaved with it: every figure of the ratios comes from the same JVM at
 * the same time.
 */
public final class VirtualThreadBench {

    static final String PARALLELISM = "jdk.virtualThreadScheduler.parallelism";

    private VirtualThreadBench() {
    }

    static void run(int tasks, int steps) {
        Runnable body = () -> {
            for (int k = 0; k < steps; k++) {
                Thread.yield();
            }
        };
        Thread[] threads = new Thread[tasks];
        for (int i = 0; i < tasks; i++) {
            threads[i] = Thread.ofVirtual().unstarted(body);
        }
        for (Thread t : threads) {
            t.start();
        }
        try {
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while joining the virtual threads", e);
        }
    }

    /**
     * Child JVM entry: TASKS STEPS WARMUPS ITERATIONS. Runs the virtual threads, the
     * scheduler's switch workload and the bare continuation round robin interleaved, in this one
     * JVM, and prints one {@link ChildJvm#line} for each, "median min max 0" (ns per step; the
     * 0 fills the extra figure, which this child has none of): the ratios then hold even on a
     * busy machine.
     */
    public static void main(String[] args) {
        int tasks = Integer.parseInt(args[0]);
        int steps = Integer.parseInt(args[1]);
        Measure.Stats[] s = measureHere(tasks, steps, Integer.parseInt(args[2]), Integer.parseInt(args[3]));
        for (Measure.Stats one : s) {
            System.out.println(ChildJvm.line(one, 0)); // nothing extra to report
        }
    }

    private static Measure.Stats[] measureHere(int tasks, int steps, int warmups, int iterations) {
        return Measure.interleaved(warmups, iterations, (long) tasks * steps,
                () -> run(tasks, steps),
                () -> SwitchBench.scheduler(tasks, steps, null),
                () -> SwitchBench.raw(tasks, steps));
    }

    /** [virtual threads, scheduler, bare continuation], measured interleaved in a JVM with one carrier (a child JVM unless this one has it). */
    static Measure.Stats[] measure(Sizes sizes) throws IOException, InterruptedException {
        int n = sizes.switchTasks();
        int k = sizes.switchSteps();
        if ("1".equals(System.getProperty(PARALLELISM))) {
            return measureHere(n, k, sizes.warmups(), sizes.iterations());
        }
        List<String> command = ChildJvm.command(List.of("-D" + PARALLELISM + "=1",
                        "-Djdk.virtualThreadScheduler.maxPoolSize=1"), VirtualThreadBench.class,
                String.valueOf(n), String.valueOf(k), String.valueOf(sizes.warmups()), String.valueOf(sizes.iterations()));
        List<String> lines = ChildJvm.output(command, "virtual-thread", 3);
        return new Measure.Stats[] {ChildJvm.parse(lines.get(0)).stats(), ChildJvm.parse(lines.get(1)).stats(),
                ChildJvm.parse(lines.get(2)).stats()};
    }

    static void run(Sizes sizes, Report report) throws IOException, InterruptedException {
        report.section("baseline-vthreads", sizes.switchTasks() + " virtual threads x " + sizes.switchSteps()
                + " Thread.yield() on one carrier, interleaved with the scheduler's switch workload"
                + " in a child JVM with -D" + PARALLELISM + "=1");
        Measure.Stats[] s = measure(sizes);
        report.stats("baseline_vthreads.ns_per_yield", s[0], "virtual thread Thread.yield()", "ns");
        report.stats("baseline_vthreads.scheduler_ns_per_step", s[1], "scheduler step, same JVM", "ns");
        report.stats("baseline_vthreads.raw_continuation_ns_per_round_trip", s[2], "bare continuation round trip, same JVM", "ns");
        report.ratio("baseline_vthreads.speedup_of_scheduler", s[0].median() / s[1].median(),
                "virtual thread / scheduler (speed-up)", Report.Target.atLeast(1.5));
        // The scheduler's step contains a bare round trip, so the speed-up can never exceed this:
        report.ratio("baseline_vthreads.vthread_over_raw_continuation", s[0].median() / s[2].median(),
                "virtual thread / bare continuation (ceiling)", null);
    }
}
