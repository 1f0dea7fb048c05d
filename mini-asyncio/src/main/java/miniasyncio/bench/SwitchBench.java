package miniasyncio.bench;

import java.util.ArrayDeque;
import miniasyncio.Clock;
import miniasyncio.Coroutine;
import miniasyncio.Scheduler;
import miniasyncio.trace.Instrument;

import static miniasyncio.MiniAsyncio.sleep;

/**
 * The headline figure: what one task switch costs. N tasks each call {@code sleep(0)} K times, so
 * every step is "resume a task, it yields, put it at the back of ready". The physical limit is
 * the same round robin over bare continuations with no scheduler at all.
 */
final class SwitchBench {

    private SwitchBench() {
    }

    /** N tasks x K {@code sleep(0)} on the kit's scheduler, with {@code instrument} installed (or none). */
    static void scheduler(int tasks, int steps, Instrument instrument) {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        if (instrument != null) {
            scheduler.settings().addInstrument(instrument);
        }
        scheduler.run(() -> {
            for (int i = 0; i < tasks; i++) {
                scheduler.createTask("switcher", () -> {
                    for (int k = 0; k < steps; k++) {
                        sleep(0);
                    }
                    return null;
                });
            }
            return null;
        });
    }

    /** The same round robin over bare continuations: a deque, run, yield, and nothing else. */
    static void raw(int tasks, int steps) {
        ArrayDeque<Object> ready = new ArrayDeque<>(); // not presized: the scheduler's ready queue is not either
        Runnable body = () -> {
            for (int k = 0; k < steps; k++) {
                Coroutine.rawYield();
            }
        };
        for (int i = 0; i < tasks; i++) {
            ready.addLast(Coroutine.rawContinuation(body));
        }
        Object continuation;
        while ((continuation = ready.pollFirst()) != null) {
            if (!Coroutine.rawRun(continuation)) {
                ready.addLast(continuation);
            }
        }
    }

    static void run(Sizes sizes, Report report) {
        int n = sizes.switchTasks();
        int k = sizes.switchSteps();
        report.section("switch", n + " tasks x " + k + " sleep(0), against bare continuations (interleaved runs)");
        Measure.Stats[] stats = Measure.interleaved(sizes.warmups(), sizes.iterations(), (long) n * k,
                () -> scheduler(n, k, null),
                () -> raw(n, k));
        report.count("switch.tasks", n, "tasks");
        report.count("switch.steps_per_task", k, "sleep(0) per task");
        report.stats("switch.scheduler_ns_per_step", stats[0], "scheduler step (sleep(0))", "ns");
        report.stats("switch.raw_continuation_ns_per_round_trip", stats[1], "raw Continuation run/yield round trip", "ns");
        report.ratio("switch.ratio_vs_raw_continuation", stats[0].median() / stats[1].median(),
                "scheduler / raw continuation", Report.Target.atMost(1.5));
    }

    /** The switch workload with a do-nothing instrument and with none: what the hooks cost. */
    static void runInstrumented(Sizes sizes, Report report) {
        int n = sizes.switchTasks();
        int k = sizes.switchSteps();
        Instrument noOp = new Instrument() { };
        report.section("instrumented", n + " tasks x " + k + " sleep(0), with a no-op instrument and with none (interleaved runs)");
        Measure.Stats[] stats = Measure.interleaved(sizes.warmups(), sizes.iterations(), (long) n * k,
                () -> scheduler(n, k, null),
                () -> scheduler(n, k, noOp));
        report.stats("instrumented.none_ns_per_step", stats[0], "no instrument", "ns");
        report.stats("instrumented.noop_ns_per_step", stats[1], "a no-op instrument", "ns");
        double overhead = (stats[1].median() / stats[0].median() - 1) * 100;
        report.value("instrumented.noop_overhead_percent", overhead, "no-op instrument overhead", "%");
        // With no instrument each hook is one field load and a branch never taken. The no-op
        // instrument does that same check and then calls an empty method, so its overhead bounds
        // what the empty hooks cost: under 2% means "no instrument" is as good as free.
        report.ratio("instrumented.noop_over_none", stats[1].median() / stats[0].median(),
                "no-op instrument / none", Report.Target.atMost(1.02));
    }
}
