package miniasyncio.jmh;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import miniasyncio.Clock;
import miniasyncio.Coroutine;
import miniasyncio.Scheduler;
import miniasyncio.trace.Instrument;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import static miniasyncio.MiniAsyncio.sleep;

/**
 * The step cost, the rigorous way: forked JVMs, JMH's warm-up, and with {@code -prof gc} the
 * bytes allocated per step. Each invocation runs a whole workload of {@value #TASKS} tasks x
 * {@value #STEPS} steps (a step cannot be taken alone from outside a running scheduler), so
 * each figure is per step. The bench command's {@code switch} and {@code spawn} are the same
 * workloads.
 *
 * <pre>
 *   mvn -B -q -Pjmh -pl mini-asyncio/jmh -am package -DskipTests
 *   java -jar mini-asyncio/jmh/target/benchmarks.jar -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED")
public class StepBenchmark {

    static final int TASKS = 100;
    static final int STEPS = 1000;
    static final int SPAWNED = 10_000;

    private static final Instrument NO_OP = new Instrument() { };

    /** N tasks x K sleep(0) on the scheduler: one op is one step. */
    @Benchmark
    @OperationsPerInvocation(TASKS * STEPS)
    public void schedulerStep() {
        switchWorkload(null);
    }

    /** The same with a do-nothing instrument installed: what the hooks cost. */
    @Benchmark
    @OperationsPerInvocation(TASKS * STEPS)
    public void schedulerStepNoOpInstrument() {
        switchWorkload(NO_OP);
    }

    /** The same round robin over bare continuations: the physical limit of a step. */
    @Benchmark
    @OperationsPerInvocation(TASKS * STEPS)
    public void rawContinuationRoundTrip() {
        ArrayDeque<Object> ready = new ArrayDeque<>(TASKS);
        Runnable body = () -> {
            for (int k = 0; k < STEPS; k++) {
                Coroutine.rawYield();
            }
        };
        for (int i = 0; i < TASKS; i++) {
            ready.addLast(Coroutine.rawContinuation(body));
        }
        Object c;
        while ((c = ready.pollFirst()) != null) {
            if (!Coroutine.rawRun(c)) {
                ready.addLast(c);
            }
        }
    }

    /** createTask + first run + finishTask, per task. */
    @Benchmark
    @OperationsPerInvocation(SPAWNED)
    public void schedulerSpawn() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.run(() -> {
            for (int i = 0; i < SPAWNED; i++) {
                scheduler.createTask(() -> null);
            }
            return null;
        });
    }

    /** new Continuation + first run, per continuation. */
    @Benchmark
    @OperationsPerInvocation(SPAWNED)
    public void rawContinuationSpawn() {
        Runnable empty = () -> { };
        for (int i = 0; i < SPAWNED; i++) {
            Coroutine.rawRun(Coroutine.rawContinuation(empty));
        }
    }

    private static void switchWorkload(Instrument instrument) {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        if (instrument != null) {
            scheduler.settings().addInstrument(instrument);
        }
        scheduler.run(() -> {
            for (int i = 0; i < TASKS; i++) {
                scheduler.createTask("switcher", () -> {
                    for (int k = 0; k < STEPS; k++) {
                        sleep(0);
                    }
                    return null;
                });
            }
            return null;
        });
    }
}
