package exercises.step5_cancellation;

import exercises.step3_futures.AwaitFuture;
import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.TaskFuture;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import miniasyncio.Clock;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * Step 5: {@link #cancel(int)} delivers a {@link CancelledException} <em>at the point where the
 * task is suspended</em>, as asyncio's {@code task.cancel()} does. The exception unwinds the
 * task like any other: its {@code finally} blocks run, it may catch the exception to clean up
 * (and then must rethrow it), and whoever awaits the task gets the cancellation.
 *
 * <p>Where the task is decides how the exception reaches it:
 * <ul>
 *   <li>in {@code ready} (not started yet, or woken and not yet resumed): resumed with the
 *       exception instead of its value (a task that never started never runs its body);</li>
 *   <li>in {@code sleeping}: taken out of the heap (its timer no longer matters) and made ready;</li>
 *   <li>parked on a future: taken out of the waiting table and made ready, and that future is
 *       cancelled, as asyncio does (a task's future: that task is cancelled instead, and this one
 *       waits for its end, unless that task refuses);</li>
 *   <li>running (it cancelled itself, a callback during its step did, or a task it started eagerly
 *       did during that first step, which runs inside its creator's): nothing can interrupt a
 *       computing task on this single thread, so the request is remembered and delivered at its
 *       next yield; if it returns before yielding again, it ends as cancelled.</li>
 * </ul>
 *
 * <p>Never abandon a continuation: a task dropped from every queue while suspended would never
 * run its {@code finally} blocks. So cancel always <em>resumes</em> the task, by throwing into it.
 *
 * <p>Given, in {@link CancellableSchedulerBase}: {@link #cancelledError(Task)},
 * {@link #cancelAwaited}, {@link #cancel(int, String)}, {@link #callAt}, {@link #cancelTask(int)}
 * and {@link #current(String)}.
 */
public class CancellableScheduler extends CancellableSchedulerBase {

    public CancellableScheduler() {
        super();
    }

    public CancellableScheduler(Clock clock) {
        super(clock);
    }

    // BEGIN SOLUTION MEMBERS
    /** Tasks that were running when cancelled: they get the exception at their next yield. */
    private final Set<Task> cancelRequested = new HashSet<>();
    /** Parked tasks and the future each waits on (asyncio's {@code _fut_waiter}). */
    private final Map<Task, Future<?>> awaiting = new HashMap<>();
    /** tid -> cancellation requests not taken back (asyncio's {@code _num_cancels_requested}). */
    private final Map<Integer, Integer> requests = new HashMap<>();
    /**
     * Tasks taken out of {@code ready} by a cancel and rescheduled with the exception, not resumed
     * since, and what they were to be resumed with: asyncio's {@code _must_cancel}, a request that
     * {@link #uncancel} down to 0 still withdraws.
     */
    private final Map<Task, Wakeup> notResumed = new HashMap<>();

    /** What a ready task was to be resumed with: a value to send, or an exception to throw. */
    private record Wakeup(Object value, boolean isThrow) {
    }
    // END SOLUTION

    /**
     * Requests the cancellation of task {@code tid}.
     *
     * @return false if the task has already finished (nothing happens), true otherwise
     * @throws IllegalArgumentException if there is no task {@code tid}
     */
    @Override
    public boolean cancel(int tid) {
        // BEGIN SOLUTION
        TaskFuture<Object> future = futureOf(tid);
        if (future.isDone()) {
            return false;
        }
        Task task = future.task();
        requests.merge(tid, 1, Integer::sum);
        if (task.isRunning()) { // the current task, or the creator beneath an eager task's first step
            cancelRequested.add(task); // computing: it gets the exception at its next yield
            return true;
        }
        if (ready.contains(task)) { // not resumed yet: uncancel() down to 0 may still withdraw the request
            Throwable thrown = task.exceptionToThrow(); // read before scheduleThrow replaces them
            notResumed.putIfAbsent(task, new Wakeup(thrown != null ? thrown : task.valueToSend(), thrown != null));
        }
        Future<?> awaited = awaiting.remove(task);
        if (awaited instanceof TaskFuture<?> inner && !awaited.isDone() && cancelAwaited(task, inner)) {
            // It waits for another task: cancel that one (asyncio cancels what a task awaits);
            // this task stays parked and gets how the other one ends, normally its cancellation.
            awaiting.put(task, awaited);
            return true;
        }
        if (ready.remove(task) || sleeping.remove(task) || unpark(task)) {
            CancelledException cancelled = cancelledError(task);
            if (awaited != null) {
                cancelAwaited(task, awaited); // asyncio cancels the future the task waits on (done, it woke the task: false)
            }
            scheduleThrow(task, cancelled);
            return true;
        }
        throw new IllegalStateException(task + " is not finished, yet neither running, ready, sleeping nor"
                + " parked: the scheduler lost track of it");
        // END SOLUTION
    }

    /**
     * asyncio's {@code task.cancelling()}: how many cancellation requests task {@code tid} has had
     * (each {@link #cancel} that returned true) and not taken back with {@link #uncancel}.
     *
     * @throws IllegalArgumentException if there is no task {@code tid}
     */
    public int cancelling(int tid) {
        // BEGIN SOLUTION
        futureOf(tid); // an unknown tid: IllegalArgumentException
        return requests.getOrDefault(tid, 0);
        // END SOLUTION
    }

    /**
     * asyncio's {@code task.uncancel()}: takes one cancellation request back (never below 0) and
     * returns how many are left. When none is left, a request that has not reached the task yet
     * is withdrawn: a task that was running when cancelled will not get the exception at its next
     * yield, and one cancelled in {@code ready} and not resumed since is resumed as it was going
     * to be (asyncio's {@code _must_cancel = False}). A timeout or a task group that cancelled the task itself calls it once it has
     * handled that cancellation, so that what is left comes from elsewhere and goes on.
     *
     * @throws IllegalArgumentException if there is no task {@code tid}
     */
    public int uncancel(int tid) {
        // BEGIN SOLUTION
        Task task = futureOf(tid).task();
        int left = Math.max(0, requests.getOrDefault(tid, 0) - 1);
        requests.put(tid, left);
        if (left == 0) {
            cancelRequested.remove(task); // asyncio: _must_cancel = False
            Wakeup wakeup = notResumed.remove(task);
            if (wakeup != null && ready.remove(task)) {
                // Not resumed since the cancel: it is resumed as it was going to be.
                if (wakeup.isThrow()) {
                    scheduleThrow(task, (Throwable) wakeup.value());
                } else {
                    schedule(task, wakeup.value());
                }
            }
        }
        return left;
        // END SOLUTION
    }

    /** A task with a cancellation request gets the exception instead of its syscall. */
    @Override
    protected void handleSyscall(Task task, Object syscall) {
        // BEGIN SOLUTION
        notResumed.remove(task); // it was resumed: a request it got can no longer be withdrawn
        awaiting.remove(task); // it ran again: it no longer waits where it did
        if (cancelRequested.contains(task) && syscall instanceof AwaitFuture(TaskFuture<?> inner) && !inner.isDone()
                && cancelAwaited(task, inner)) {
            // Cancelled while running, and now it waits for another task: as when it is
            // cancelled while waiting, that task is cancelled and this one waits for its end
            // (if that task refuses, as a Gather with nothing left to cancel, it is cancelled below).
            cancelRequested.remove(task);
            awaiting.put(task, inner);
            super.handleSyscall(task, syscall);
            return;
        }
        if (cancelRequested.remove(task)) {
            if (syscall instanceof AwaitFuture(Future<?> future)) {
                cancelAwaited(task, future); // cancelled while running, it now waits on a future: cancel that too (asyncio)
            }
            scheduleThrow(task, cancelledError(task));
            return;
        }
        if (syscall instanceof AwaitFuture(Future<?> future) && !future.isDone()) {
            awaiting.put(task, future);
        }
        super.handleSyscall(task, syscall);
        // END SOLUTION
    }

    /**
     * As before, with two cases of cancellation. A task that cancelled itself and then returned
     * without yielding again ends as cancelled, not with its value (asyncio: a task cancelled
     * "right before the coroutine stops" is cancelled); one that failed keeps its failure. A task
     * that ended cancelled is not a failure nobody looked at, so it is not reported at the end of
     * the run (asyncio does not report cancelled tasks either).
     */
    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
        // BEGIN SOLUTION
        notResumed.remove(task);
        awaiting.remove(task);
        if (cancelRequested.remove(task) && outcome instanceof Step.Returned) {
            outcome = new Step.Failed(cancelledError(task)); // the request was never delivered: it ends cancelled
        }
        super.finishTask(task, outcome);
        if (outcome instanceof Step.Failed(CancelledException cancelled)) {
            markRetrieved(task.tid());
        }
        // END SOLUTION
    }

    /**
     * {@code asyncio.shield(future)}: a new future that completes as {@code future} does. A task
     * that awaits it and is cancelled gets its cancellation, but {@code future} (a task's, say)
     * is not cancelled with it: it goes on, and can still be awaited.
     */
    public static <T> Future<T> shield(Future<T> future) {
        // BEGIN SOLUTION
        Future<T> outer = new Future<>();
        future.addDoneCallback(done -> {
            if (done.isCancelled()) {
                outer.cancel(); // asyncio: a cancelled inner future cancels the outer one (if not done)
                return;
            }
            Throwable error = done.exception(); // reading it marks a task's failure as retrieved
            if (outer.isDone()) {
                return; // the outer one was cancelled (by hand, or with the task awaiting it)
            }
            if (error != null) {
                outer.setException(error);
            } else {
                outer.setResult(done.result());
            }
        });
        return outer;
        // END SOLUTION
    }
}
