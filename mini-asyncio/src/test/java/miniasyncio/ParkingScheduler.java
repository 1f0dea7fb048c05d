package miniasyncio;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * A subclass as the exercises write them: a {@link Park} syscall parks a task in a table of its
 * own, and {@link #cancel} stops any wait the way step 5 does: {@code ready.remove(task) ||
 * sleeping.remove(task) || unpark(task)}, then throws into the task. It does not know which kind
 * of wait a task is in.
 */
class ParkingScheduler extends Scheduler {

    /** Parks the task that yields it until someone cancels it. */
    record Park() {
    }

    private final Set<Task> parked = new LinkedHashSet<>();

    ParkingScheduler() {
        super(Clock.virtual());
    }

    ParkingScheduler(Clock clock) {
        super(clock);
    }

    static void park() {
        Scheduler.syscall("park", new Park());
    }

    /** Cancels task {@code tid} wherever it waits: it gets a CancellationException at its suspension. */
    boolean cancel(int tid) {
        Task task = pendingTasks().stream().filter(t -> t.tid() == tid).findFirst().orElse(null);
        if (task == null) {
            return false;
        }
        if (ready.remove(task) || sleeping.remove(task) || unpark(task)) {
            scheduleThrow(task, new CancellationException(task + " was cancelled"));
            return true;
        }
        throw new IllegalStateException(task + " is not finished, yet neither ready, sleeping nor parked");
    }

    @Override
    protected void handleSyscall(Task task, Object syscall) {
        if (syscall instanceof Park) {
            parked.add(task);
        } else {
            super.handleSyscall(task, syscall);
        }
    }

    @Override
    protected boolean unpark(Task task) {
        return parked.remove(task) || super.unpark(task);
    }

    @Override
    protected boolean hasWork() {
        return super.hasWork() || !parked.isEmpty();
    }

    @Override
    protected List<Task> pendingTasks() {
        List<Task> pending = super.pendingTasks();
        pending.addAll(parked);
        return pending;
    }

    @Override
    protected DeadlockException deadlock() {
        return new DeadlockException("deadlock: parked for good: " + parked);
    }
}
