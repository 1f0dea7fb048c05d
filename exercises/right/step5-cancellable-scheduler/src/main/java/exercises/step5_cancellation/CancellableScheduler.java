package exercises.step5_cancellation;

import exercises.step3_futures.AwaitFuture;
import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.FutureScheduler;
import exercises.step3_futures.TaskFuture;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import miniasyncio.Clock;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Scheduler;
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
 *   <li>parked on a future: taken out of the waiting table and made ready;</li>
 *   <li>running (it cancelled itself, or a callback during its step did): nothing can interrupt a
 *       computing task on this single thread, so the request is remembered and delivered at its
 *       next yield; if it returns before yielding again, it ends as cancelled.</li>
 * </ul>
 *
 * <p>Never abandon a continuation: a task dropped from every queue while suspended would never
 * run its {@code finally} blocks. So cancel always <em>resumes</em> the task, by throwing into it.
 */
public class CancellableScheduler extends FutureScheduler {

    public CancellableScheduler() {
        super();
    }

    public CancellableScheduler(Clock clock) {
        super(clock);
    }

    /**
     * Tasks asked to cancel while they were running (they cancelled themselves, or a callback
     * during their step did): they get the exception at their next yield, or end cancelled.
     */
    private final Set<Task> cancelAtNextYield = new HashSet<>();

    /** The future each parked task waits on (a task's, or a plain one). */
    private final Map<Task, Future<?>> waitsFor = new HashMap<>();

    /** How many cancel requests each task has had, minus the ones taken back. */
    private final Map<Task, Integer> pendingRequests = new HashMap<>();

    /** Ready tasks rescheduled with a cancellation, not resumed since: how they were to be resumed. */
    private final Map<Task, Runnable> undoCancel = new HashMap<>();

    /** Given: the messages of {@link #cancel(int, String)} not delivered yet. */
    private final Map<Task, String> cancelMessages = new HashMap<>();
    /** Given: the message of the {@link #cancel(int, String)} being made, for every task it reaches. */
    private String messageInFlight;

    /**
     * Given: the {@link CancelledException} to resume a cancelled task with. Its message is the one
     * given to {@link #cancel(int, String)} (asyncio's {@code task.cancel(msg)}), also for a task
     * cancelled through the task that awaits it; otherwise it names the task.
     */
    protected final CancelledException cancelledError(Task task) {
        String message = cancelMessages.remove(task);
        if (message == null) {
            message = messageInFlight;
        }
        CancelledException e = new CancelledException(message != null ? message : task + " was cancelled");
        e.setStackTrace(new StackTraceElement[0]); // it gets the task's stack where it is thrown
        return e;
    }

    /**
     * Given: asyncio's {@code task.cancel(msg)}. As {@link #cancel(int)}, and the
     * {@link CancelledException} the task gets says {@code message}; so does the one of a task it
     * awaits, cancelled through it. It works as long as {@code cancel} resumes tasks with
     * {@link #cancelledError}.
     */
    @Override
    public final boolean cancel(int tid, String message) {
        Task task = futureOf(tid).task();
        String outer = messageInFlight;
        messageInFlight = message;
        if (message != null && task.isRunning()) {
            cancelMessages.put(task, message); // it gets the exception at its next yield, made then
        }
        try {
            boolean accepted = cancel(tid);
            if (!accepted) {
                cancelMessages.remove(task);
            }
            return accepted;
        } finally {
            messageInFlight = outer;
        }
    }

    /**
     * Given: cancels {@code awaited}, what {@code task} awaits (or is about to), for {@code task}'s
     * cancellation, with that cancellation's message if {@link #cancel(int, String)} gave one
     * (asyncio's {@code _fut_waiter.cancel(msg)}): a plain future holds it, a task gets it. A task
     * that accepts takes the request over, message included; returns what {@code awaited.cancel}
     * returned.
     */
    protected final boolean cancelAwaited(Task task, Future<?> awaited) {
        String message = messageInFlight != null ? messageInFlight : cancelMessages.get(task);
        boolean accepted = awaited.cancel(message); // null: a cancel without a message
        if (accepted && awaited instanceof TaskFuture<?>) {
            cancelMessages.remove(task); // passed on: this task will not be thrown it itself
        }
        return accepted;
    }

    private CancelledException cancellation(Task task) {
        return cancelledError(task); // given: it carries the message of cancel(tid, message)
    }

    /**
     * Requests the cancellation of task {@code tid}.
     *
     * @return false if the task has already finished (nothing happens), true otherwise
     * @throws IllegalArgumentException if there is no task {@code tid}
     */
    @Override
    public boolean cancel(int tid) {
        TaskFuture<Object> future = futureOf(tid); // an unknown tid: IllegalArgumentException
        if (future.isDone()) {
            return false;
        }
        Task task = future.task();
        pendingRequests.merge(task, 1, Integer::sum);
        Future<?> awaited = waitsFor.get(task);
        if (task.isRunning()) {
            cancelAtNextYield.add(task);
        } else if (awaited instanceof TaskFuture<?> other && !other.isDone() && cancelAwaited(task, other)) {
            // asyncio cancels what the task waits for; the task waits on for it (refused: cancelled below)
        } else if (ready.contains(task)) {
            if (!undoCancel.containsKey(task)) {
                Throwable thrown = task.exceptionToThrow(); // what it was woken with, before scheduleThrow below
                Object value = task.valueToSend();
                undoCancel.put(task, thrown != null ? () -> scheduleThrow(task, thrown) : () -> schedule(task, value));
            }
            ready.remove(task);
            scheduleThrow(task, cancellation(task));
        } else if (sleeping.remove(task) || unpark(task)) {
            CancelledException cancelled = cancellation(task);
            if (awaited != null) {
                cancelAwaited(task, awaited); // a plain future it waits on is cancelled with it, as in asyncio
            }
            scheduleThrow(task, cancelled); // resumed where it is suspended
        } else {
            cancelAtNextYield.add(task); // nowhere we know of: deliver it at its next yield
        }
        return true;
    }

    /** The cancel requests of task {@code tid} not taken back. */
    public int cancelling(int tid) {
        return pendingRequests.getOrDefault(futureOf(tid).task(), 0);
    }

    /** Takes one request back; at none left, one not delivered yet is dropped. */
    public int uncancel(int tid) {
        Task task = futureOf(tid).task();
        int count = pendingRequests.getOrDefault(task, 0);
        if (count > 0) {
            count--;
            pendingRequests.put(task, count);
        }
        if (count == 0) {
            cancelAtNextYield.remove(task);
            Runnable undo = undoCancel.remove(task);
            if (undo != null && ready.remove(task)) {
                undo.run(); // not resumed since: as if it had never been cancelled
            }
        }
        return count;
    }

    /** A task with a cancellation request gets the exception instead of its syscall. */
    @Override
    protected void handleSyscall(Task task, Object syscall) {
        waitsFor.remove(task);
        undoCancel.remove(task);
        Future<?> waitedOn = syscall instanceof AwaitFuture a && !a.future().isDone() ? a.future() : null;
        if (waitedOn != null) {
            waitsFor.put(task, waitedOn);
            if (waitedOn instanceof TaskFuture<?> other && cancelAtNextYield.contains(task) && cancelAwaited(task, other)) {
                cancelAtNextYield.remove(task);
                super.handleSyscall(task, syscall); // it parks: the task it waits for is cancelled instead
                return;
            }
        }
        if (cancelAtNextYield.remove(task)) {
            if (waitedOn != null) {
                waitsFor.remove(task);
                cancelAwaited(task, waitedOn); // what it was about to wait for is cancelled with it
            }
            scheduleThrow(task, cancellation(task)); // instead of doing what it yielded
            return;
        }
        super.handleSyscall(task, syscall);
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
        waitsFor.remove(task);
        undoCancel.remove(task);
        boolean requested = cancelAtNextYield.remove(task);
        Step.Outcome ended = outcome;
        if (requested && outcome instanceof Step.Returned) {
            ended = new Step.Failed(cancellation(task));
        }
        super.finishTask(task, ended);
        if (ended instanceof Step.Failed failed && failed.exception() instanceof CancelledException) {
            markRetrieved(task.tid()); // a cancelled task is not a lost failure
        }
    }

    /** The running CancellableScheduler; {@code caller} names the method for the error outside one. */
    public static CancellableScheduler current(String caller) {
        if (Scheduler.current() instanceof CancellableScheduler scheduler) {
            return scheduler;
        }
        throw new IllegalStateException(caller + "() needs a running CancellableScheduler (or a subclass):"
                + " start the program with new CancellableScheduler().run(main)");
    }

    /**
     * Given: asyncio's {@code loop.call_at(when, callback)}, as a task. {@code action} runs in a new
     * task named {@code name} when the clock ({@code clock().nanoTime()}) reaches {@code wakeAtNanos},
     * or at its first turn if that time has passed. The task goes to {@code sleeping} now, as
     * asyncio's timer handle goes to its heap on the call: at the same instant it runs before a
     * task that went to sleep after this call. Cancelling its future calls it off (it never runs).
     */
    public final TaskFuture<Object> callAt(String name, long wakeAtNanos, Runnable action) {
        int tid = createTask(name, () -> {
            action.run();
            return null;
        });
        long left = wakeAtNanos - clock().nanoTime();
        if (left > 0) {
            sleepTask(ready.pollLast(), left); // createTask appended it to ready: from there to sleeping
        }
        return futureOf(tid);
    }

    /** A future that follows {@code future}; cancelling its waiter cancels it, and leaves {@code future} alone. */
    public static <T> Future<T> shield(Future<T> future) {
        Future<T> copy = new Future<>();
        future.addDoneCallback(done -> {
            if (copy.isDone()) {
                if (!done.isCancelled()) {
                    done.exception(); // cancelled with its waiter; the outcome is looked at all the same
                }
            } else if (done.isCancelled()) {
                copy.cancel();
            } else if (done.exception() == null) {
                copy.setResult(done.result());
            } else {
                copy.setException(done.exception());
            }
        });
        return copy;
    }

    /** {@code task.cancel()} for the running scheduler, by tid. */
    public static boolean cancelTask(int tid) {
        return current("cancelTask").cancel(tid);
    }

    /** {@code task.cancel(msg)} for the running scheduler, by tid. */
    public static boolean cancelTask(int tid, String message) {
        return current("cancelTask").cancel(tid, message);
    }
}
