package grading.hidden;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * The reference's bookkeeping of awaitTask (a map from tid to its waiters), the grader's own copy:
 * {@link ScaleTests} runs the same workload on it and on the submission, in the same JVM, and
 * compares how the two times grow. It is one of the hidden classes: the submission cannot see it.
 */
final class ReferenceScheduler extends Scheduler {

    /** Its own syscall, so that nothing of the submission's (not even its AwaitTask) is used. */
    record Await(int tid) {
    }

    private final Map<Integer, List<Task>> waiting = new HashMap<>(); // never holds an empty list

    ReferenceScheduler() {
        super(Clock.virtual());
    }

    static Object await(int tid) {
        return Scheduler.syscall("awaitTask", new Await(tid));
    }

    @Override
    protected void handleSyscall(Task task, Object syscall) {
        if (!(syscall instanceof Await(int tid))) {
            super.handleSyscall(task, syscall);
            return;
        }
        Step.Outcome outcome = takeResult(tid);
        if (outcome != null) {
            resume(task, outcome);
            return;
        }
        waiting.computeIfAbsent(tid, t -> new ArrayList<>()).add(task);
    }

    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
        super.finishTask(task, outcome);
        List<Task> waiters = waiting.remove(task.tid());
        if (waiters != null) {
            takeResult(task.tid());
            for (Task waiter : waiters) {
                resume(waiter, outcome);
            }
        }
    }

    @Override
    protected boolean hasWork() {
        return super.hasWork() || !waiting.isEmpty();
    }

    private void resume(Task waiter, Step.Outcome outcome) {
        switch (outcome) {
            case Step.Returned(Object value) -> schedule(waiter, value);
            case Step.Failed(Throwable exception) -> scheduleThrow(waiter, exception);
        }
    }
}
