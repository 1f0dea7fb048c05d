package miniasyncio;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A regression guard for the scheduler's cost that cannot flake: it counts the bytes the loop's
 * thread <em>allocates</em> per step, per timer op and per task, not the time they take. Time on
 * a shared machine moves by 2x from run to run; allocated bytes do not, once the JIT has compiled
 * the hot path (so we warm up first and keep the smallest of a few runs).
 *
 * <p>The figures are taken in a JVM of their own (a child process): in the JVM of the whole test
 * suite, what the JIT has seen in earlier tests (instruments, debug mode, subclasses) decides
 * which objects it can keep off the heap, and a task's figure moved by 20% with the order of the
 * tests. A fresh JVM, warmed up on this workload only, gives the same bytes every time.
 *
 * <p>Each figure is a difference between two runs that differ only in how much work they do
 * (twice the steps, twice the tasks), so the fixed cost of a run (the scheduler, main, the maps'
 * first tables) cancels out. When a change makes a figure grow past its committed value (plus
 * {@link #TOLERANCE}), the test fails and says which one: either remove the new allocation, or,
 * if it is worth its bytes, raise the constant below and say why in the commit.
 */
class AllocationGuardTest {

    /** Committed figures, in bytes (measured on JDK 25, G1, compressed oops). */
    static final long STEP_BYTES = 0;
    static final long TIMER_OP_BYTES = 0;
    static final long TASK_BYTES = 426;

    /** Room for JIT and TLAB noise: a real regression (one more object per op) is at least 16 bytes. */
    static final long TOLERANCE = 12;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Bytes the current thread allocates while running {@code work}. */
    static long allocatedBy(Runnable work) {
        long id = Thread.currentThread().threadId();
        long before = THREADS.getThreadAllocatedBytes(id);
        work.run();
        return THREADS.getThreadAllocatedBytes(id) - before;
    }

    /**
     * Bytes per unit of work: (allocated at 2n - allocated at n) / n, the smallest of several runs
     * after a warm-up. {@code run} is given a size and runs a whole scheduler with it.
     */
    static double perUnit(int n, IntUnaryOperator unitsOf, java.util.function.IntConsumer run) {
        for (int i = 0; i < 30; i++) { // warm-up: the hot path compiled, as in any real run
            run.accept(n);
            run.accept(2 * n);
        }
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 7; i++) {
            long small = allocatedBy(() -> run.accept(n));
            long big = allocatedBy(() -> run.accept(2 * n));
            best = Math.min(best, (big - small) / (double) (unitsOf.applyAsInt(2 * n) - unitsOf.applyAsInt(n)));
        }
        return best;
    }

    static void guard(String figure, String constant, double measured, long committed) {
        assertThat(measured)
                .as("%s allocates %.1f bytes, more than the committed %d (+%d tolerance). Find the new allocation"
                        + " (e.g. with -XX:+UnlockDiagnosticVMOptions or a profiler's allocation view), or if it is"
                        + " worth it, raise %s in AllocationGuardTest and say why in the commit.",
                        figure, measured, committed, TOLERANCE, constant)
                .isLessThanOrEqualTo(committed + TOLERANCE);
    }

    /** 10 tasks, each {@code steps} times sleep(0): a step with no timer, the lecture's switch. */
    static void switches(int steps) {
        new Scheduler(Clock.virtual()).run(() -> {
            for (int t = 0; t < 10; t++) {
                createTask(() -> {
                    for (int k = 0; k < steps; k++) {
                        sleep(0);
                    }
                    return null;
                });
            }
            return null;
        });
    }

    /**
     * 100 tasks, each {@code sleeps} timers: set, wake, resume. The durations go round 1,000
     * whole milliseconds (as the bench's random sleeps do), so a cache of the last few durations
     * would not be enough: {@code Sleep.of} must keep each one.
     */
    static void timers(int sleeps) {
        new Scheduler(Clock.virtual()).run(() -> {
            for (int t = 0; t < 100; t++) {
                int first = t;
                createTask(() -> {
                    for (int k = 0; k < sleeps; k++) {
                        sleep(((first + 37 * k) % 1000 + 1) / 1000.0);
                    }
                    return null;
                });
            }
            return null;
        });
    }

    /** {@code n} tasks that each sleep once and return: spawn, one park, finish and result. */
    static void spawns(int n) {
        new Scheduler(Clock.virtual()).run(() -> {
            for (int t = 0; t < n; t++) {
                createTask(() -> {
                    sleep(0.001);
                    return null;
                });
            }
            return null;
        });
    }

    /** Measures the three figures in this JVM and prints them, one "name bytes" per line. */
    public static void main(String[] args) {
        System.out.printf(java.util.Locale.ROOT, "step %.2f%n", perUnit(200, n -> 10 * n, AllocationGuardTest::switches));
        System.out.printf(java.util.Locale.ROOT, "timer %.2f%n", perUnit(50, n -> 100 * n, AllocationGuardTest::timers));
        System.out.printf(java.util.Locale.ROOT, "task %.2f%n", perUnit(2000, n -> n, AllocationGuardTest::spawns));
    }

    private static java.util.Map<String, Double> measured;

    /** The figures from a fresh JVM with this one's class path and module flags (once per test class). */
    static synchronized java.util.Map<String, Double> measured() throws Exception {
        if (measured != null) {
            return measured;
        }
        java.util.List<String> command = new java.util.ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        java.util.List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (int i = 0; i < flags.size(); i++) {
            String flag = flags.get(i);
            if (flag.startsWith("--add-") || flag.startsWith("--enable-")) {
                command.add(flag);
                if (!flag.contains("=") && i + 1 < flags.size()) {
                    command.add(flags.get(++i)); // "--add-exports X" given as two words
                }
            }
        }
        // -Xbatch: each method is compiled before it runs on, so the warm-up leaves the same code
        // (escape analysis included) however busy the machine is; on a loaded machine the compiler
        // threads fell behind and a task read 497 bytes instead of 425 once.
        command.addAll(java.util.List.of("-Xmx256m", "-Xbatch", "-cp", System.getProperty("java.class.path"),
                AllocationGuardTest.class.getName()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(child.waitFor()).as("the measuring JVM failed:%n%s", out).isZero();
        java.util.Map<String, Double> figures = new java.util.HashMap<>();
        for (String line : out.split("\\R")) {
            String[] words = line.trim().split(" ");
            if (words.length == 2 && words[1].matches("-?[0-9.]+")) {
                figures.put(words[0], Double.parseDouble(words[1]));
            }
        }
        assertThat(figures).as("the measuring JVM printed:%n%s", out).containsKeys("step", "timer", "task");
        measured = figures;
        return figures;
    }

    @Test
    void aStepAllocatesNoMoreThanCommitted() throws Exception {
        guard("a step (sleep(0))", "STEP_BYTES", measured().get("step"), STEP_BYTES);
    }

    @Test
    void aTimerOpAllocatesNoMoreThanCommitted() throws Exception {
        guard("a timer op (sleep(d) set, woken, resumed)", "TIMER_OP_BYTES", measured().get("timer"), TIMER_OP_BYTES);
    }

    @Test
    void aTaskAllocatesNoMoreThanCommitted() throws Exception {
        guard("a task (created, parked once, finished)", "TASK_BYTES", measured().get("task"), TASK_BYTES);
    }
}
