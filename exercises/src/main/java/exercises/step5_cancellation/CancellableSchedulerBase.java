package exercises.step5_cancellation;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.FutureScheduler;
import exercises.step3_futures.TaskFuture;
import java.util.HashMap;
import java.util.Map;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.Task;

/**
 * Given: the part of {@link CancellableScheduler} the kit writes (the cancel message, asyncio's
 * {@code call_at}, and the functions that cancel by tid), so that {@code CancellableScheduler.java}
 * holds only what you write. A release may change this file; yours is never touched. Only
 * {@link CancellableScheduler} extends it: the rest of the kit names {@code CancellableScheduler}.
 *
 * <p>It builds on your {@code cancel(int)}, which resumes a cancelled task with
 * {@link #cancelledError(Task)} and cancels what it awaits with {@link #cancelAwaited}.
 */
public abstract class CancellableSchedulerBase extends FutureScheduler {

    /** The messages of {@link #cancel(int, String)} not delivered yet. */
    private final Map<Task, String> cancelMessages = new HashMap<>();
    /** The message of the {@link #cancel(int, String)} being made, for every task it reaches. */
    private String messageInFlight;

    CancellableSchedulerBase() {
        super();
    }

    CancellableSchedulerBase(Clock clock) {
        super(clock);
    }

    /**
     * The {@link CancelledException} to resume a cancelled task with. Its message is the one given
     * to {@link #cancel(int, String)} (asyncio's {@code task.cancel(msg)}), also for a task
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
     * asyncio's {@code task.cancel(msg)}. As {@link #cancel(int)}, and the
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
     * Cancels {@code awaited}, what {@code task} awaits (or is about to), for {@code task}'s
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

    /**
     * asyncio's {@code loop.call_at(when, callback)}, as a task. {@code action} runs in a new task
     * named {@code name} when the clock ({@code clock().nanoTime()}) reaches {@code wakeAtNanos}, or
     * at its first turn if that time has passed. The task goes to {@code sleeping} now, as asyncio's
     * timer handle goes to its heap on the call: at the same instant it runs before a task that went
     * to sleep after this call. Cancelling its future calls it off (it never runs).
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

    /** The running CancellableScheduler; {@code caller} names the method for the error outside one. */
    public static CancellableScheduler current(String caller) {
        if (Scheduler.current() instanceof CancellableScheduler scheduler) {
            return scheduler;
        }
        throw new IllegalStateException(caller + "() needs a running CancellableScheduler (or a subclass):"
                + " start the program with new CancellableScheduler().run(main)");
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
