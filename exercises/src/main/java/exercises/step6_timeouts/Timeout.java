package exercises.step6_timeouts;

import exercises.OptionalExercise;
import exercises.Unchecked;
import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.concurrent.Callable;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * Optional exercise of step 6 (the statement's "Optional: the Timeout object"): asyncio's
 * {@code Timeout}, the object that {@code asyncio.timeout(delay)} and {@code asyncio.timeout_at(when)}
 * return. {@link Timeouts#timeout(double, Callable)} is a scope; this is the same scope as an object
 * that can be asked when it ends ({@link #when()}), moved ({@link #reschedule}) and asked whether it
 * expired ({@link #expired()}), during the body and after it.
 *
 * <pre>
 *   Timeout cm = Timeouts.timeout(10);        // async with asyncio.timeout(10) as cm:
 *   cm.enter(() -> { ... cm.reschedule(cm.when() + 5); ... });
 *   if (cm.expired()) ...
 * </pre>
 *
 * <p>Given, in {@link TimeoutBase}: the states, {@link #when()}, {@link #expired()},
 * {@link #toString()} (asyncio's repr) and {@code deadlineNanos}. To write: {@link #enter(Callable)}
 * and {@link #reschedule}, which keep {@code state} and {@code when} up to date.
 */
public final class Timeout extends TimeoutBase {

    /** asyncio's {@code Timeout(when)}: see {@link Timeouts#timeoutAt} and {@link Timeouts#timeout(double)}. */
    Timeout(double when) {
        super(when);
    }

    // BEGIN SOLUTION MEMBERS
    private CancellableScheduler loop;
    private int task;
    private int cancellingOnEntry;
    private TaskFuture<Object> timer; // null: no timer (no deadline, or it has fired)

    /** The timer's action: cancels the task, and the scope is expiring. */
    private void onTimeout() {
        timer = null;
        state = State.EXPIRING;
        loop.cancel(task);
    }
    // END SOLUTION

    /**
     * Optional exercise. {@code async with cm:}: runs {@code body} in the current task under this
     * deadline, as {@link Timeouts#timeout(double, Callable)} does, and keeps the state: active
     * while the body runs, expiring once the timer fires, then expired (after a timeout) or finished.
     *
     * @throws IllegalStateException "Timeout has already been entered" when entered a second time;
     *     "Timeout should be used inside a task" outside a running {@code CancellableScheduler}
     */
    @OptionalExercise
    public <T> T enter(Callable<T> body) {
        // BEGIN SOLUTION
        if (state != State.CREATED) {
            throw new IllegalStateException("Timeout has already been entered");
        }
        if (!(miniasyncio.Scheduler.current() instanceof CancellableScheduler running) || running.currentTask() == null) {
            throw new IllegalStateException("Timeout should be used inside a task");
        }
        loop = running;
        task = loop.currentTask().tid();
        cancellingOnEntry = loop.cancelling(task); // an outer scope's request, or one from elsewhere
        state = State.ENTERED;
        reschedule(when);
        boolean handled = false; // uncancel() called for our request
        try {
            return Unchecked.call(body);
        } catch (CancelledException e) {
            if (state == State.EXPIRING) {
                state = State.EXPIRED;
                handled = true;
                if (loop.uncancel(task) <= cancellingOnEntry) {
                    throw new TimeoutException("timeout: the block did not finish by " + when, e);
                }
            }
            throw e; // from elsewhere, or an outer scope's request is left too: it goes on
        } finally {
            if (timer != null) {
                timer.cancel();
                timer = null;
            }
            if (state == State.EXPIRING && !handled) {
                state = State.EXPIRED;
                loop.uncancel(task); // the body swallowed our cancellation, or threw something else
            } else if (state == State.ENTERED) {
                state = State.EXITED;
            }
        }
        // END SOLUTION
    }

    /** As {@link #enter(Callable)}, for a body that returns nothing. */
    public void enter(Runnable body) {
        enter(() -> {
            body.run();
            return null;
        });
    }

    /**
     * Optional exercise. Moves the deadline of an active scope to {@code when} (the loop's
     * seconds; {@code Double.POSITIVE_INFINITY}: none): the old timer is called off, and a new one
     * set, which fires at its first turn if {@code when} has passed.
     *
     * @throws IllegalStateException "Timeout has not been entered" before {@link #enter}; "Cannot
     *     change state of finished Timeout" (or of an expiring or expired one) once it fired or ended
     */
    @OptionalExercise
    public void reschedule(double when) {
        // BEGIN SOLUTION
        if (state != State.ENTERED) {
            throw new IllegalStateException(state == State.CREATED ? "Timeout has not been entered"
                    : "Cannot change state of " + state.word + " Timeout");
        }
        long at = deadlineNanos(when);
        this.when = when;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        if (when != Double.POSITIVE_INFINITY) {
            timer = loop.callAt("timeout timer", at, this::onTimeout);
        }
        // END SOLUTION
    }
}
