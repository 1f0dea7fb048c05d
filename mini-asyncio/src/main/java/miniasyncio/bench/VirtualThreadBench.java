package miniasyncio.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The same switch workload on JDK virtual threads with ONE carrier thread: N virtual threads each
 * call {@code Thread.yield()} K times. Virtual threads are built on the very same continuations,
 * plus a ForkJoinPool, thread state and locking, so this is the fair "what the JDK offers" peer.
 *
 * <p>The carrier count is fixed when the JVM starts ({@code -Djdk.virtualThreadScheduler.parallelism=1}),
 * so the bench runs this workload in a child JVM started with that option, unless this JVM
 * already has it.
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

    /** Child JVM entry: TASKS STEPS WARMUPS ITERATIONS; prints "median min max" in ns per step. */
    public static void main(String[] args) {
        int tasks = Integer.parseInt(args[0]);
        int steps = Integer.parseInt(args[1]);
        Measure.Stats s = Measure.interleaved(Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                (long) tasks * steps, () -> run(tasks, steps))[0];
        System.out.println(s.median() + " " + s.min() + " " + s.max());
    }

    /** Measures in this JVM if it already has one carrier, else in a child JVM that does. */
    static Measure.Stats measure(Sizes sizes) throws IOException, InterruptedException {
        int n = sizes.switchTasks();
        int k = sizes.switchSteps();
        if ("1".equals(System.getProperty(PARALLELISM))) {
            return Measure.interleaved(sizes.warmups(), sizes.iterations(), (long) n * k, () -> run(n, k))[0];
        }
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = new ArrayList<>(List.of(java,
                "-D" + PARALLELISM + "=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1",
                "-cp", System.getProperty("java.class.path"), VirtualThreadBench.class.getName(),
                String.valueOf(n), String.valueOf(k),
                String.valueOf(sizes.warmups()), String.valueOf(sizes.iterations())));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
            }
        }
        int exit = child.waitFor();
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        String[] parts = last.trim().split(" ");
        if (exit != 0 || parts.length != 3) {
            throw new IOException("the virtual-thread child JVM failed (exit " + exit + "): " + String.join("\n", lines));
        }
        return new Measure.Stats(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), Double.parseDouble(parts[2]));
    }

    static void run(Sizes sizes, Report report, Measure.Stats schedulerStep) throws IOException, InterruptedException {
        report.section("baseline-vthreads", sizes.switchTasks() + " virtual threads x " + sizes.switchSteps()
                + " Thread.yield() on one carrier (child JVM with -D" + PARALLELISM + "=1)");
        Measure.Stats vt = measure(sizes);
        report.stats("baseline_vthreads.ns_per_yield", vt, "virtual thread Thread.yield()", "ns");
        report.stats("baseline_vthreads.scheduler_ns_per_step", schedulerStep, "scheduler step (from switch)", "ns");
        report.ratio("baseline_vthreads.speedup_of_scheduler", vt.median() / schedulerStep.median(),
                "virtual thread / scheduler (speed-up)", Report.Target.atLeast(1.5));
    }
}
