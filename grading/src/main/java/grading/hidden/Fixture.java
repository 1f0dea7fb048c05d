package grading.hidden;

import grading.child.Guarded;
import homework.HomeworkScheduler;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.Coroutine;
import miniasyncio.DeadlockException;
import miniasyncio.trace.Instrument;
import miniasyncio.NotImplementedYet;
import miniasyncio.Scheduler;
import miniasyncio.Task;

/**
 * One run of the submission's {@code HomeworkScheduler} on the virtual clock (exact and instant),
 * with a step counter. The counter is also a budget: a submission that polls, or does
 * quadratic work, runs out of steps and fails at once instead of spinning until the timeout.
 *
 * <p>The main task's body is wrapped so that the fixture knows whether it ran to its end. Checks
 * often sit inside that body; a scheduler that stops resuming main, or records a result for it,
 * would otherwise let a test pass whose checks never ran.
 */
final class Fixture implements Instrument {

    static final int DEFAULT_BUDGET = 100_000;

    final Scheduler scheduler;
    private final int budget;
    private int total;
    private final Map<Integer, Integer> perTask = new HashMap<>();
    private boolean mainFinished;
    /** Told of every step before it is taken, when set: {@link ScenarioRun} logs them. */
    java.util.function.Consumer<Task> onStep;
    private Throwable mainFailure;

    private Fixture(Scheduler scheduler, int budget) {
        this.scheduler = scheduler;
        this.budget = budget;
        scheduler.settings().addInstrument(this);
    }

    static Fixture create() {
        return withBudget(DEFAULT_BUDGET);
    }

    static Fixture withBudget(int steps) {
        return new Fixture(new HomeworkScheduler(Clock.virtual()), steps);
    }

    /** A fixture on another scheduler: for the grader's own tests of this class. */
    static Fixture on(Scheduler scheduler) {
        return new Fixture(scheduler, DEFAULT_BUDGET);
    }

    static Fixture on(Scheduler scheduler, int budget) {
        return new Fixture(scheduler, budget);
    }

    /**
     * Runs {@code main} as the main task. The run must return and main must have run to its end;
     * if main failed (a check inside it, say), that failure is what the student reads, even when
     * the run then ended in another way.
     */
    <T> T run(Callable<T> main) {
        T result;
        try {
            result = scheduler.run("main", watched(main));
        } catch (Fixture.StepBudgetExceeded | NotImplementedYet e) {
            throw e;
        } catch (Throwable e) {
            throw unchecked(mainFailureOr(e));
        }
        requireMainFinished();
        return result;
    }

    /**
     * Runs {@code main} where the run itself should end with an exception (a deadlock, say), and
     * returns that exception. {@code what} says what the run is, for the message when it returns.
     */
    Throwable runExpectingFailure(Callable<?> main, String what) {
        Object result;
        try {
            result = scheduler.run("main", watched(main));
        } catch (Fixture.StepBudgetExceeded | NotImplementedYet e) {
            throw e;
        } catch (Throwable e) {
            if (mainFailure instanceof AssertionError || mainFailure instanceof NotImplementedYet) {
                throw unchecked(mainFailure); // a check inside main failed: that is the reason
            }
            return e;
        }
        throw new AssertionError(what + ": expected run() to end with an exception, but it returned " + Guarded.value(result));
    }

    /**
     * Runs {@code main} and returns what the run threw, or null when it returned: for a test that
     * judges either ending ({@link ScenarioRun}). Only a stub not written yet is rethrown.
     */
    Throwable runCatching(Callable<?> main) {
        try {
            scheduler.run("main", watched(main));
            return null;
        } catch (NotImplementedYet e) {
            throw e;
        } catch (Throwable e) {
            return e;
        }
    }

    /** Whether the main task's body returned (set only by the body itself, at its last line). */
    boolean mainFinished() {
        return mainFinished;
    }

    void requireMainFinished() {
        Check.isTrue(mainFinished, "run() returned, but the main task never ran to its end: after one of its"
                + " awaitTask calls it was not resumed (or its result was recorded before it returned)");
    }

    private <T> Callable<T> watched(Callable<T> main) {
        return () -> {
            T result;
            try {
                result = main.call();
            } catch (Throwable t) {
                if (!(t instanceof Coroutine.Exit)) { // Exit: main was closed when the run ended early
                    mainFailure = t;
                }
                throw t;
            }
            mainFinished = true;
            return result;
        };
    }

    /**
     * What to throw when a run that should have returned threw {@code e}: main's own failure if
     * it failed (a check inside it, or the submission's exception in it), else {@code e}, with a
     * deadlock explained.
     */
    private Throwable mainFailureOr(Throwable e) {
        if (mainFailure != null) {
            return mainFailure;
        }
        if (e instanceof DeadlockException) {
            return new AssertionError("the run ended in a deadlock, yet every task awaited here finishes:"
                    + " a waiting task was never resumed. The scheduler said: " + Check.message(e));
        }
        return e;
    }

    /** Rethrows {@code t} as it is (the student reads its class and message); a checked one is wrapped. */
    private static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error error) {
            throw error;
        }
        throw new AssertionError("the run failed with " + Check.describe(t), t);
    }

    /** Steps taken by all tasks so far. */
    int steps() {
        return total;
    }

    /** Times task {@code tid} was resumed (its first start counts as one). */
    int stepsOf(int tid) {
        return perTask.getOrDefault(tid, 0);
    }

    @Override
    public void beforeStep(Task task) {
        perTask.merge(task.tid(), 1, Integer::sum);
        if (onStep != null) {
            onStep.accept(task);
        }
        if (++total > budget) {
            throw new StepBudgetExceeded("the scheduler took more than " + budget + " steps (task steps):"
                    + " tasks are resumed when nothing they wait for has happened (polling), or the work"
                    + " grows faster than the number of tasks");
        }
    }

    /**
     * Thrown out of the loop (never into a task) when the step budget runs out. An
     * AssertionError, so its message alone is the reason the student reads.
     */
    static final class StepBudgetExceeded extends AssertionError {
        StepBudgetExceeded(String message) {
            super(message);
        }
    }
}
