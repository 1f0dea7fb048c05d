package grading.hidden;

import homework.HomeworkScheduler;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.Instrument;
import miniasyncio.Scheduler;
import miniasyncio.Task;

/**
 * One run of the submission's {@code HomeworkScheduler} on the virtual clock (exact and instant),
 * with a step counter. The counter is also a budget: a submission that polls, or does
 * quadratic work, runs out of steps and fails at once instead of spinning until the timeout.
 */
final class Fixture implements Instrument {

    static final int DEFAULT_BUDGET = 100_000;

    final Scheduler scheduler;
    private final int budget;
    private int total;
    private final Map<Integer, Integer> perTask = new HashMap<>();

    private Fixture(int budget) {
        this.scheduler = new HomeworkScheduler(Clock.virtual());
        this.budget = budget;
        scheduler.addInstrument(this);
    }

    static Fixture create() {
        return new Fixture(DEFAULT_BUDGET);
    }

    static Fixture withBudget(int steps) {
        return new Fixture(steps);
    }

    <T> T run(Callable<T> main) {
        return scheduler.run("main", main);
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
