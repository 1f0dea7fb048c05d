package homework;

import java.util.List;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;

/** Hostile: every hook throws the silent stub of {@link Homework}. */
public class HomeworkScheduler extends Scheduler {

    public HomeworkScheduler() {
        super();
    }

    public HomeworkScheduler(Clock clock) {
        super(clock);
    }

    @Override
    protected void handleSyscall(Task task, Object syscall) {
        throw new Homework.Silent();
    }

    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
        super.finishTask(task, outcome);
        throw new Homework.Silent();
    }

    @Override
    protected boolean hasWork() {
        return super.hasWork();
    }

    @Override
    protected List<Task> pendingTasks() {
        throw new Homework.Silent();
    }

    @Override
    protected DeadlockException deadlock() {
        throw new Homework.Silent();
    }
}
