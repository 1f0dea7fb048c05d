package homework;

import java.util.List;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;

/** Hostile: every method of the homework is a no-op, so no stub is left for the rules to name. */
public class HomeworkScheduler extends Scheduler {

    public HomeworkScheduler() {
        super();
    }

    public HomeworkScheduler(Clock clock) {
        super(clock);
    }

    @Override
    protected void handleSyscall(Task task, Object syscall) {
    }

    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
    }

    @Override
    protected boolean hasWork() {
        return false;
    }

    @Override
    protected List<Task> pendingTasks() {
        return List.of();
    }

    @Override
    protected DeadlockException deadlock() {
        return null;
    }
}
