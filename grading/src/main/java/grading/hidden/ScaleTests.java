package grading.hidden;

import static homework.Homework.awaitTask;
import static homework.Homework.gather;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Scale. Work is measured twice. In scheduler steps (exact, so the first test can be strict): a
 * task that finishes should cost a constant number of steps, so an implementation that wakes every
 * waiter whenever any task finishes needs n*n steps and runs out of its budget. And in CPU time
 * (the second test): an implementation that takes the right steps but scans every waiting task
 * at each finish does n*n work between the steps, where no step count can see it.
 */
public class ScaleTests {

    public static final List<String> ORDER = List.of("tenThousand", "timeLinearInWaitingTasks");

    static final int N = 10_000;

    @Graded(name = "gather of 10,000 tasks completes, with steps linear in the number of tasks", points = 6)
    public void tenThousand() {
        // 1. 10,000 tasks with 100 distinct wake times: results in order, about 3 steps per task.
        // Each body returns a token of the test's own: a list the submission made up cannot hold them.
        Fixture f = Fixture.withBudget(4 * N + 100);
        List<Token> made = tokens("task");
        List<Callable<Token>> bodies = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            int n = i;
            bodies.add(() -> {
                sleep((n % 100) * 0.001);
                return made.get(n);
            });
        }
        Check.equal(f.run(() -> gather(bodies)), made, "gather's results");
        // 2. 10,000 tasks each awaiting a child of its own: 10,000 waiters parked at once.
        Fixture g = Fixture.withBudget(6 * N + 100);
        List<Token> children = tokens("child");
        List<Callable<Object>> parents = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            int n = i;
            parents.add(() -> {
                int child = createTask(() -> {
                    sleep((N - n) * 1e-6);
                    return children.get(n);
                });
                return awaitTask(child);
            });
        }
        Check.equal(g.run(() -> gather(parents)), children, "gather's results with waiting parents");
        Check.atMost(g.steps(), 6L * N, "scheduler steps for 10,000 parents each awaiting a child");
        EndMarker.reached();
    }

    /** N fresh tokens, "the value returned by {@code what} i". */
    private static List<Token> tokens(String what) {
        List<Token> made = new ArrayList<>(N);
        for (int i = 0; i < N; i++) {
            made.add(new Token(what + " " + i));
        }
        return made;
    }

    // ------------------------------------------------------------------ time linear in the waiting tasks

    /**
     * How the CPU time is judged, and why so. The machine that grades is shared and noisy, so an
     * absolute limit ("under 50 ms") would fail slow machines and pass quadratic code on fast ones.
     * So the same workload runs on the submission AND on the grader's own copy of the reference
     * bookkeeping ({@link ReferenceScheduler}), in this JVM: FINISHING tasks finish, each awaited,
     * once with no other task waiting ("small") and once with WAITING tasks waiting at once
     * ("big"), and only that window is timed ({@link #parkedRun}). A linear solution's window
     * hardly changes (the reference's grows 1 to 2 times); a scan of every parked task at each
     * finish adds FINISHING x WAITING checks to it, however tight the scan: a window that grows
     * with the bystanders is the very thing the statement forbids, not a side effect of caches,
     * as a ratio between two sizes of the whole run was (where the reference itself grew 15 to 31
     * times for 8 times the tasks, and a tight scan could hide in that spread). The submission
     * fails when its window grows more than MAX_FACTOR times as much as the reference's did here
     * AND its big run is more than MARGIN_NANOS above what the reference's growth would give; or
     * when that excess alone is more than GROSS_FACTOR times the reference's whole big run.
     * <ul>
     *   <li>CPU time of this thread, not wall time: preemption by other processes and the garbage
     *       collector (the serial collector, in a thread of its own) do not count.</li>
     *   <li>A warm-up at both sizes first, then rounds, each of two small runs of the submission and
     *       two of the reference, interleaved, then a big run of each, keeping each one's fastest:
     *       noise only ever adds time. Both sides get as many runs of each size: a side sampled
     *       more often finds a lower minimum (on a loaded machine a run whose caches another
     *       process emptied costs more CPU time too), and the comparison would lean against the
     *       other. A reference ratio from six big runs against a submission's from one once cost
     *       the reference itself its points in two of ten runs at a load of 4.</li>
     *   <li>Once STOP_NANOS of CPU time is spent on the submission, the rounds stop (after the
     *       first), for both sides: a slow
     *       quadratic submission still fails well inside the 20 s of CPU time this test is given
     *       (the grader's limits count the child JVM's CPU time, not the wall clock's: a test that
     *       waits for a core on a busy machine is not stopped for it).</li>
     *   <li>A submission that is plainly linear after the first round stops there too: its
     *       excess over the reference's growth at most CLEAR_FACTOR times the reference's big run
     *       (a quarter of what fails it), and its ratio within MAX_FACTOR of the reference's.
     *       Every other submission (a scan among them) gets all the rounds, as before. It saves
     *       most correct solutions two of the test's five big runs of each side.</li>
     * </ul>
     */
    /** Tasks that finish in the timed window, each awaited by a task of its own. */
    static final int FINISHING = 4_000;
    /** Tasks waiting at once during the big run's window: the statement's 32,000. */
    static final int WAITING = 32_000;
    static final double MAX_FACTOR = 2.0;
    /**
     * The reference's growth itself varies (a ratio of 15 to 31 across JVMs on a quiet machine),
     * so a ratio within MAX_FACTOR of a high one can still hide a scan: a tight scan of every
     * parked task spends 2 to 5 s above linear growth where the reference's whole big run takes
     * 0.2 to 0.5 s, and a correct solution at most a few tenths of its own.
     */
    static final double GROSS_FACTOR = 4.0;
    /** At most this many times the reference's big run above linear growth, after one round: plainly linear. */
    static final double CLEAR_FACTOR = 1.0;
    static final long MARGIN_NANOS = 30_000_000L;
    static final int ROUNDS = 3;
    static final long STOP_NANOS = 1_000_000_000L;

    @Graded(name = "the time per task does not grow with the number of waiting tasks (32,000 waiting at once)",
            points = 4, seconds = 20)
    public void timeLinearInWaitingTasks() {
        Growth growth = measureGrowth();
        if (!growth.linear()) {
            throw new AssertionError(String.format(Locale.ROOT, "%,d tasks finishing, each awaited, took %.0f ms of"
                    + " CPU time while %,d other tasks waited at once, %.1f times as much as with none waiting (%.1f ms);"
                    + " the grader's own bookkeeping, measured alongside, took %.1f times as much. Something does work"
                    + " proportional to all the waiting tasks at each step, finish or awaitTask (a scan of every parked"
                    + " task, say): find a task's waiters by its tid, in a map.",
                    FINISHING, growth.big() / 1e6, WAITING, growth.ratio(), growth.small() / 1e6,
                    growth.referenceRatio()));
        }
        EndMarker.reached();
    }

    /** The fastest small and big runs measured, in CPU nanoseconds, and in how many rounds (public for grading/cost/LinearTime.java). */
    public record Growth(long small, long big, long referenceSmall, long referenceBig, int rounds) {
        public double ratio() {
            return (double) big / Math.max(1, small);
        }

        public double referenceRatio() {
            return (double) referenceBig / Math.max(1, referenceSmall);
        }

        /** The submission's big run beyond what the reference's growth would make of its small run. */
        public double excessNanos() {
            return big - referenceRatio() * small;
        }

        public boolean linear() {
            return linear(GROSS_FACTOR);
        }

        /** Linear with room to spare: what a single round may settle (see the class's comment on CLEAR_FACTOR). */
        public boolean clearlyLinear() {
            return linear(CLEAR_FACTOR);
        }

        private boolean linear(double grossFactor) {
            if (excessNanos() > grossFactor * referenceBig) {
                return false; // more time above linear growth than the reference's whole big run: a scan, however its ratio came out
            }
            return ratio() <= MAX_FACTOR * referenceRatio() || excessNanos() <= MARGIN_NANOS;
        }
    }

    public static Growth measureGrowth() {
        long[] sub = {Long.MAX_VALUE, Long.MAX_VALUE};
        long[] ref = {Long.MAX_VALUE, Long.MAX_VALUE};
        // warm-up, with fewer bystanders: the same code runs, and a slow scan costs an eighth of a measured run;
        // its first run (no bystanders) is also where a submission that gets the workload wrong fails, before any measuring
        long spent = parkedRun(0, false) + parkedRun(WAITING / 8, false);
        parkedRun(0, true);
        parkedRun(WAITING / 8, true);
        int round = 0;
        for (; round < ROUNDS; round++) {
            if (round > 0 && spent >= STOP_NANOS) {
                break; // both stop together: each side's fastest is of as many runs as the other's
            }
            for (int i = 0; i < 2; i++) { // small runs are cheap: two of each, for a steady minimum
                long s = parkedRun(0, false);
                sub[0] = Math.min(sub[0], s);
                spent += s;
                ref[0] = Math.min(ref[0], parkedRun(0, true));
            }
            ref[1] = Math.min(ref[1], parkedRun(WAITING, true));
            long b = parkedRun(WAITING, false);
            sub[1] = Math.min(sub[1], b);
            spent += b;
            if (round == 0 && new Growth(sub[0], sub[1], ref[0], ref[1], 1).clearlyLinear()) {
                round++;
                break;
            }
        }
        return new Growth(sub[0], sub[1], ref[0], ref[1], round);
    }

    /**
     * CPU time of FINISHING tasks finishing, each awaited by a task of its own, while
     * {@code bystanders} other tasks wait at once (parked on a task that finishes later). Only
     * that window is timed: the bystanders are made and parked before it, and released after it.
     * A solution that finds a task's waiters by its tid spends the same time in the window
     * whatever the number of bystanders; one that scans every parked task at each finish (or at
     * each awaitTask) spends FINISHING x bystanders more. The finishing tasks wake in a scrambled
     * order, so the waiter to resume is never always first (or last) among the waiting tasks.
     * Each waiter checks that it got its own task's token, no earlier than that task woke: a
     * submission whose awaitTask does not wait fails here, fast as it is.
     */
    static long parkedRun(int bystanders, boolean reference) {
        int n = FINISHING;
        int budget = 4 * (n + bystanders) + 20;
        Fixture f = reference ? Fixture.on(new ReferenceScheduler(), budget) : Fixture.withBudget(budget);
        int[] resumed = new int[1];
        int[] wrong = new int[1];
        long[] window = new long[2];
        f.run(() -> {
            int later = createTask(() -> {
                sleep(10.0); // after the window: then the bystanders resume, all at once
                return null;
            });
            for (int i = 0; i < bystanders; i++) {
                createTask(() -> reference ? ReferenceScheduler.await(later) : awaitTask(later));
            }
            sleep(1.0); // every bystander has parked by now
            window[0] = cpuNanos();
            int[] sleepers = new int[n];
            Object[] tokens = new Object[n];
            double[] wakeAt = new double[n];
            for (int i = 0; i < n; i++) {
                int wakeOrder = (int) ((i * 7919L) % n); // 7919 is a prime, so this is a permutation of 0..n-1
                double delay = (wakeOrder + 1) * 1e-6;
                Object token = new Object();
                tokens[i] = token;
                wakeAt[i] = now() + delay;
                sleepers[i] = createTask(() -> {
                    sleep(delay);
                    return token;
                });
            }
            for (int i = 0; i < n; i++) {
                int sleeper = sleepers[i];
                Object token = tokens[i];
                double at = wakeAt[i];
                createTask(() -> {
                    Object got = reference ? ReferenceScheduler.await(sleeper) : awaitTask(sleeper);
                    if (got != token || now() < at) {
                        wrong[0]++;
                    }
                    if (++resumed[0] == n) {
                        window[1] = cpuNanos(); // the last of them: the window ends
                    }
                    return null;
                });
            }
            return null;
        });
        Check.equal(resumed[0], n, "waiting tasks resumed, of " + n + " each awaiting a sleeping task");
        Check.equal(wrong[0], 0, "waiting tasks (of " + n + ") whose awaitTask returned before its task finished, or"
                + " returned something else than that task's result");
        return window[1] - window[0];
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
