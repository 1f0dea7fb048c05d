package exercises;

import miniasyncio.trace.Instrument;
import miniasyncio.around.LoopPolicy;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.testing.LoopsAtTheLimit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * A step budget for every scheduler an exercise test makes, so that no test can hang.
 *
 * <p>On the virtual clock, time moves only when no task is ready. A task that polls
 * ({@code while (!f.isDone()) sleep(0)}) keeps {@code ready} non-empty forever: time never
 * moves, the awaited timer never fires, and the test would spin with no output. The budget
 * counts the steps taken since the clock last moved; past {@link #LIMIT} it stops the loop with
 * an error that says what happened. No correct solution of the track comes near the limit.
 *
 * <p>Registered for every test by JUnit's extension autodetection
 * ({@code src/test/resources/junit-platform.properties}); it hooks into every new scheduler
 * through the kit's {@link LoopPolicy}, whatever clock and subclass the test uses.
 *
 * <p>A step that never yields runs into the test's wall-clock limit instead (JUnit's timeout,
 * {@code junit-platform.properties}), which reports only the test's thread: waiting for the loop's
 * thread, when the test runs its loop through {@code MiniAsyncio.run}. So every scheduler is also
 * followed ({@link LoopsAtTheLimit}), and a timed-out test fails with where its loop was: the task
 * whose step never yielded, the line it was on, and the loop thread's stack.
 */
public final class StepBudget implements BeforeEachCallback, AfterEachCallback, TestExecutionExceptionHandler {

    /** Steps allowed without the clock moving (the grader's budget for a whole homework test). */
    public static final int LIMIT = 100_000;

    /** The running test's loops (JUnit makes one StepBudget for the whole run, and runs one test at a time). */
    private volatile LoopsAtTheLimit loops = new LoopsAtTheLimit();

    @Override
    public void beforeEach(ExtensionContext context) {
        LoopPolicy.reset();
        LoopsAtTheLimit followed = new LoopsAtTheLimit();
        loops = followed;
        LoopPolicy.onNewScheduler(scheduler -> {
            scheduler.settings().addInstrument(new Counter(scheduler, LIMIT));
            followed.follow(scheduler);
        });
    }

    /** JUnit's timeout ("m() timed out after 10 seconds"): the same failure, saying where the loop was. */
    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        if (thrown instanceof TimeoutException) {
            LoopsAtTheLimit.Sample sample = loops.sample();
            if (sample.found()) {
                throw sample.failure(thrown.getMessage(), thrown);
            }
        }
        throw thrown;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        LoopPolicy.reset();
    }

    /** Counts the steps since the scheduler's clock last moved. */
    static final class Counter implements Instrument {
        private final Scheduler scheduler;
        private final int limit;
        private long lastTime = -1;
        private int steps;

        Counter(Scheduler scheduler, int limit) {
            this.scheduler = scheduler;
            this.limit = limit;
        }

        @Override
        public void beforeStep(Task task) {
            long now = scheduler.clock().nanoTime();
            if (now != lastTime) {
                lastTime = now;
                steps = 0;
            }
            if (++steps > limit) {
                throw new PollingError(limit, task, scheduler.now());
            }
        }
    }

    /**
     * Thrown out of the loop (never into a task) when the budget runs out. An
     * {@link AssertionError}, so that the test fails with this message as its reason.
     */
    public static final class PollingError extends AssertionError {
        PollingError(int limit, Task task, double now) {
            super("the tasks were resumed " + limit + " times without virtual time moving (at t="
                    + String.format(java.util.Locale.ROOT, "%.2f", now) + ", last " + task
                    + "): a task polls (sleep(0) in a loop) instead of waiting; park it on a Future"
                    + " (Futures.await) until what it waits for happens");
        }
    }
}
