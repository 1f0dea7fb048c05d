package homework;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.trace.Instrument;
import miniasyncio.around.LoopPolicy;
import miniasyncio.Task;
import miniasyncio.testing.LoopsAtTheLimit;
import org.opentest4j.AssertionFailedError;

/**
 * How every visible test runs your scheduler: the way the grader does. On the virtual clock
 * (time jumps from timer to timer, so the tests are exact and instant), with a step budget and a
 * wall-clock limit, so that a mistake fails in seconds with a reason instead of hanging:
 * <ul>
 *   <li>a task resumed again and again while what it waits for has not happened (polling:
 *       {@code while (resultOf(tid) == null) sleep(0)}) runs out of {@link #STEP_BUDGET} steps;</li>
 *   <li>a step that never yields (a loop with no {@code sleep}) or a blocking call runs into
 *       {@link #WALL_CLOCK_LIMIT}.</li>
 * </ul>
 */
final class VisibleRun implements Instrument {

    /** The grader's budget: the visible tests need a few dozen steps each. */
    static final int STEP_BUDGET = 100_000;
    static final Duration WALL_CLOCK_LIMIT = Duration.ofSeconds(5);

    private int steps;

    private VisibleRun() {
    }

    /** A fresh step budget, to add to a scheduler as an instrument. */
    static VisibleRun budget() {
        return new VisibleRun();
    }

    /**
     * Runs {@code main} as task 1 of a new {@link HomeworkScheduler} on the virtual clock, with the
     * budget and any {@code more} instruments (a test's own counters).
     */
    static <T> T run(Callable<T> main, Instrument... more) {
        return limited(() -> {
            HomeworkScheduler scheduler = new HomeworkScheduler(Clock.virtual());
            scheduler.settings().addInstrument(budget());
            for (Instrument instrument : more) {
                scheduler.settings().addInstrument(instrument);
            }
            return scheduler.run(main);
        });
    }

    /**
     * Runs {@code code} that makes its own scheduler ({@code Homework.run}): every scheduler it
     * makes gets the virtual clock and the budget, as {@code run Example --virtual-time} does.
     */
    static <T> T runMakingItsOwn(Callable<T> code) {
        return limited(() -> {
            LoopPolicy.setClock(Clock::virtual);
            LoopPolicy.onNewScheduler(scheduler -> scheduler.settings().addInstrument(budget()));
            try {
                return code.call();
            } finally {
                LoopPolicy.reset();
            }
        });
    }

    private static <T> T limited(Callable<T> code) {
        return limited(WALL_CLOCK_LIMIT, code);
    }

    /**
     * Runs {@code code} within {@code limit}. Every scheduler made meanwhile is followed
     * ({@link LoopsAtTheLimit}), so that a test stopped by the limit says where its loop was: the
     * task whose step never yielded, the line it was on, and the loop thread's stack, sampled at
     * the limit (before JUnit interrupts the thread), beside the test thread's.
     */
    static <T> T limited(Duration limit, Callable<T> code) {
        String reason = "the test took more than " + limit.toMillis() + " ms of real time on the virtual clock:"
                + " a step that never yields (a loop with no sleep) or a blocking call (Thread.sleep, I/O) holds the loop";
        LoopsAtTheLimit loops = new LoopsAtTheLimit();
        LoopPolicy.onNewScheduler(loops::follow);
        LoopsAtTheLimit.Sample[] atTheLimit = {null};
        try {
            return assertTimeoutPreemptively(limit, code::call, () -> {
                atTheLimit[0] = loops.sample(); // called at the limit only, while the loop still runs
                return reason;
            });
        } catch (AssertionFailedError timedOut) {
            if (atTheLimit[0] == null || !atTheLimit[0].found()) {
                throw timedOut; // the test's own assertion, or no loop was running at the limit
            }
            throw atTheLimit[0].failure(reason, timedOut);
        } finally {
            LoopPolicy.reset();
        }
    }

    @Override
    public void beforeStep(Task task) {
        if (++steps > STEP_BUDGET) {
            throw new StepBudgetExceeded("the scheduler took more than " + STEP_BUDGET + " steps (task steps):"
                    + " tasks are resumed when nothing they wait for has happened (polling), or the work"
                    + " grows faster than the number of tasks. awaitTask must park the waiting task and"
                    + " resume it only when the awaited task has finished (no polling)");
        }
    }

    /** Thrown out of the loop (never into a task): its message alone is the reason. */
    static final class StepBudgetExceeded extends AssertionError {
        StepBudgetExceeded(String message) {
            super(message);
        }
    }
}
