package homework;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.NotImplementedYet;
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

    // BEGIN SOLUTION MEMBERS
    /** tid -> the tasks parked until task tid finishes, in the order they started waiting. */
    private final Map<Integer, List<Task>> waiting = new HashMap<>();
    /** Each parked task -> the tid it waits for: the edges of the wait-for graph. */
    private final Map<Task, Integer> awaiting = new LinkedHashMap<>();

    private void park(Task waiter, int tid) {
        if (tid == waiter.tid()) {
            scheduleThrow(waiter, new IllegalArgumentException(
                    "awaitTask(" + tid + "): " + waiter + " cannot await itself: it would wait forever"));
            return;
        }
        if (tid < 1 || tid > nextId) {
            scheduleThrow(waiter, new IllegalArgumentException("awaitTask(" + tid + "): no task has tid " + tid
                    + " (tids so far: 1.." + nextId + "); await a tid that createTask returned"));
            return;
        }
        Step.Outcome outcome = takeResult(tid);
        if (outcome != null) {
            resume(waiter, outcome); // already finished: no need to park
            return;
        }
        waiting.computeIfAbsent(tid, t -> new ArrayList<>()).add(waiter);
        awaiting.put(waiter, tid);
    }

    /** Makes {@code waiter} ready: with the value to send, or with the exception to throw at its yield. */
    private void resume(Task waiter, Step.Outcome outcome) {
        switch (outcome) {
            case Step.Returned(Object value) -> schedule(waiter, value);
            case Step.Failed(Throwable exception) -> scheduleThrow(waiter, exception);
        }
    }

    /** "task 2 (a) awaits task 3 (b) awaits task 2 (a)": the cycle that {@code start} waits on, or null. */
    private String cycleFrom(Task start, Map<Integer, Task> parkedByTid) {
        List<Task> path = new ArrayList<>();
        Task at = start;
        while (at != null && !path.contains(at)) {
            path.add(at);
            Integer target = awaiting.get(at);
            at = target == null ? null : parkedByTid.get(target);
        }
        if (at == null) {
            return null; // the chain ends at a task that is not parked
        }
        StringBuilder cycle = new StringBuilder();
        for (Task t : path.subList(path.indexOf(at), path.size())) {
            cycle.append(t).append(" awaits ");
        }
        return cycle.append(at).toString();
    }
    // END SOLUTION

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
        // BEGIN SOLUTION
        if (syscall instanceof AwaitTask(int tid)) {
            park(task, tid);
        } else {
            super.handleSyscall(task, syscall);
        }
        // END SOLUTION
    }

    /** Records how {@code task} ended (as before), then resumes every task parked on it. */
    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
        super.finishTask(task, outcome);
        // BEGIN SOLUTION
        List<Task> waiters = waiting.remove(task.tid());
        if (waiters == null) {
            return;
        }
        takeResult(task.tid()); // someone awaits it, so a failure is not lost: they get it
        for (Task waiter : waiters) {
            awaiting.remove(waiter);
            resume(waiter, outcome);
        }
        // END SOLUTION
    }

    /** Parked tasks are work too: without this, the loop would stop while they still wait. */
    @Override
    protected boolean hasWork() {
        // BEGIN SOLUTION
        return super.hasWork() || !awaiting.isEmpty();
        // END SOLUTION
    }

    /** Ready, sleeping and parked tasks: the run closes them all if it ends early. */
    @Override
    protected List<Task> pendingTasks() {
        // BEGIN SOLUTION
        List<Task> pending = super.pendingTasks();
        pending.addAll(awaiting.keySet());
        return pending;
        // END SOLUTION
    }

    /** Only parked tasks are left: name the cycle of tasks that await each other. */
    @Override
    protected DeadlockException deadlock() {
        // BEGIN SOLUTION
        Map<Integer, Task> parkedByTid = new HashMap<>();
        for (Task t : awaiting.keySet()) {
            parkedByTid.put(t.tid(), t);
        }
        for (Task t : awaiting.keySet()) {
            String cycle = cycleFrom(t, parkedByTid);
            if (cycle != null) {
                return new DeadlockException("deadlock: tasks await each other in a cycle: " + cycle
                        + "; nothing else can run. Parked tasks: " + awaiting.keySet());
            }
        }
        return super.deadlock();
        // END SOLUTION
    }

    // hostile: every new task is counted as finished at once; the tests would see results without steps
    @Override
    public int createTask(String name, java.util.concurrent.Callable<?> body) {
        int tid = super.createTask(name, body);
        results.put(tid, new Step.Returned(null));
        return tid;
    }
}
