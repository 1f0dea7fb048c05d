package homework;

// Hostile: no homework written, and nothing left that throws: every body returns null, an empty
// list or calls super.

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * The lecture's {@code Scheduler} with one more syscall, {@link AwaitTask}: the homework.
 *
 * <p>The lecture edits {@code _handle_syscall} and {@code _finish_task}; here they are overridden:
 * <ul>
 *   <li>{@link #handleSyscall}: a task that yields {@code AwaitTask(tid)} is parked in a waiting
 *       map, {@code tid -> tasks waiting for it}. If task {@code tid} has already finished, the
 *       waiter is made ready at once with its result.</li>
 *   <li>{@link #finishTask}: when a task finishes, every task parked on it is made ready again,
 *       with the result as the value to send, or with the task's exception to throw.</li>
 *   <li>{@link #hasWork}, {@link #pendingTasks}, {@link #deadlock}: parked tasks are still work,
 *       and if only parked tasks are left, nothing can ever wake them: a deadlock, reported with
 *       the cycle of tasks that await each other.</li>
 * </ul>
 * No polling: a parked task is not stepped until the task it waits for has finished.
 */
public class HomeworkScheduler extends Scheduler {

    

    /** A scheduler on the clock that {@link miniasyncio.around.LoopPolicy} says (monotonic unless set otherwise). */
    public HomeworkScheduler() {
        super();
    }

    public HomeworkScheduler(Clock clock) {
        super(clock);
    }

    /** Parks a task that yields {@link AwaitTask}; everything else goes to the lecture's scheduler. */
    @Override
    protected void handleSyscall(Task task, Object syscall) {
super.handleSyscall(task, syscall);
    }

    /** Records how {@code task} ended (as before), then resumes every task parked on it. */
    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
        super.finishTask(task, outcome);

    }

    /** Parked tasks are work too: without this, the loop would stop while they still wait. */
    @Override
    protected boolean hasWork() { return super.hasWork();
    }

    /** Ready, sleeping and parked tasks: the run closes them all if it ends early. */
    @Override
    protected List<Task> pendingTasks() { return super.pendingTasks();
    }

    /** Only parked tasks are left: name the cycle of tasks that await each other, and no other task. */
    @Override
    protected DeadlockException deadlock() { return super.deadlock();
    }
}
