package homework;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * A correct solution written in another style than the reference: queues of waiters keyed by
 * tid, the wait-for graph kept by tid, and a deadlock message in other words
 * ("alpha#24 -> beta#25 -> back to alpha#24"). It must score full marks: the hidden tests check
 * behaviour, not one way of writing it.
 */
public class HomeworkScheduler extends Scheduler {

    private final Map<Integer, ArrayDeque<Task>> waitersOf = new HashMap<>();
    private final Map<Integer, Task> parked = new HashMap<>();
    private final Map<Integer, Integer> waitsFor = new HashMap<>();

    public HomeworkScheduler() {
        super();
    }

    public HomeworkScheduler(Clock clock) {
        super(clock);
    }

    @Override
    protected void handleSyscall(Task task, Object syscall) {
        if (!(syscall instanceof AwaitTask request)) {
            super.handleSyscall(task, syscall);
            return;
        }
        int tid = request.tid();
        if (tid == task.tid() || tid <= 0 || tid > nextId) {
            scheduleThrow(task, new IllegalArgumentException(tid == task.tid()
                    ? "a task cannot await itself (tid " + tid + ")"
                    : "there is no task with tid " + tid));
            return;
        }
        Step.Outcome done = takeResult(tid);
        if (done != null) {
            deliver(task, done);
            return;
        }
        waitersOf.computeIfAbsent(tid, k -> new ArrayDeque<>()).addLast(task);
        parked.put(task.tid(), task);
        waitsFor.put(task.tid(), tid);
    }

    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
        super.finishTask(task, outcome);
        ArrayDeque<Task> queue = waitersOf.remove(task.tid());
        if (queue == null) {
            return;
        }
        takeResult(task.tid());
        while (!queue.isEmpty()) {
            Task waiter = queue.pollFirst();
            parked.remove(waiter.tid());
            waitsFor.remove(waiter.tid());
            deliver(waiter, outcome);
        }
    }

    private void deliver(Task waiter, Step.Outcome outcome) {
        if (outcome instanceof Step.Failed failed) {
            scheduleThrow(waiter, failed.exception());
        } else {
            schedule(waiter, ((Step.Returned) outcome).value());
        }
    }

    @Override
    protected boolean hasWork() {
        return super.hasWork() || !parked.isEmpty();
    }

    @Override
    protected List<Task> pendingTasks() {
        List<Task> all = new ArrayList<>(super.pendingTasks());
        all.addAll(parked.values());
        return all;
    }

    @Override
    protected DeadlockException deadlock() {
        for (int start : waitsFor.keySet()) {
            LinkedHashSet<Integer> seen = new LinkedHashSet<>();
            Integer at = start;
            while (at != null && parked.containsKey(at) && seen.add(at)) {
                at = waitsFor.get(at);
            }
            if (at != null && seen.contains(at)) {
                StringJoiner cycle = new StringJoiner(" -> ");
                boolean inCycle = false;
                for (int tid : seen) {
                    inCycle |= tid == at;
                    if (inCycle) {
                        cycle.add(parked.get(tid).name() + "#" + tid);
                    }
                }
                return new DeadlockException("Deadlock! Cycle: " + cycle + " -> back to "
                        + parked.get(at).name() + "#" + at);
            }
        }
        return super.deadlock();
    }
}
