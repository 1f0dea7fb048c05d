package exercises.step6_timeouts;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn; // a task of your own, if you need one

import exercises.Unchecked;
import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.concurrent.Callable;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * Step 6: timeouts are cancellation plus a timer. A timer task (step 5's given
 * {@link CancellableScheduler#callAt}) cancels the work at the deadline; the code that waits
 * turns that cancellation into a {@link TimeoutException}. If the work finishes first, the
 * timer is cancelled instead (so it does not keep the run alive, nor fire later).
 *
 * <p>Given, in {@link TimeoutsBase} and called as these ({@code Timeouts.timeoutAt}):
 * {@code waitFor} of a body, {@code timeout(seconds)} and {@code timeoutAt(when)} (the optional
 * exercise's {@link Timeout}), and {@code requireDuration}, which your methods start with.
 */
public final class Timeouts extends TimeoutsBase {

    private Timeouts() {
    }

    /**
     * {@code asyncio.wait_for(task, timeout=seconds)}: the task's result if it finishes in time.
     * Otherwise the task is cancelled, its cancellation is waited for (its {@code finally} blocks
     * run first, so this may take longer than {@code seconds}), and a {@link TimeoutException} is
     * thrown. The deadline is fixed on entering. If the caller itself is cancelled while it waits,
     * the cancellation goes to the task (step 5), and the caller waits until the task has unwound,
     * then gets how it ended: normally its {@link CancelledException}, or the value of a task that
     * caught it and returned (asyncio 3.12+). A negative {@code seconds} is as 0; an infinite one
     * (asyncio's {@code None}) sets no deadline.
     *
     * @throws IllegalArgumentException for a NaN {@code seconds}
     */
    public static <T> T waitFor(TaskFuture<T> task, double seconds) {
        requireDuration("waitFor", seconds);
        if (seconds == Double.POSITIVE_INFINITY) {
            return await(task); // asyncio's timeout=None: no deadline, no timer
        }
        // BEGIN SOLUTION
        if (seconds <= 0) {
            // asyncio: no time at all; a task not done yet is cancelled (one not started never
            // starts), its cancellation is waited for, and then it is a timeout.
            if (task.isDone()) {
                return task.result();
            }
            task.cancel();
            try {
                return await(task); // the task may catch the cancellation and return
            } catch (CancelledException e) {
                if (!task.isDone()) {
                    throw e; // we were cancelled ourselves while waiting
                }
                throw new TimeoutException("waitFor: " + task.task() + " did not finish within 0 s", e);
            }
        }
        // The deadline is fixed on entering, as in timeout(), and the timer sleeps from now on.
        CancellableScheduler loop = CancellableScheduler.current("waitFor");
        boolean[] expired = {false};
        TaskFuture<Object> timer = loop.callAt("waitFor timer", deadline(loop, seconds), () -> {
            expired[0] = true;
            task.cancel();
        });
        try {
            return await(task); // after a timeout: returns when the task has finished unwinding
        } catch (CancelledException e) {
            if (!expired[0]) {
                // We were cancelled ourselves: cancel the work too, and (as asyncio's wait_for)
                // wait until it has unwound, so its cleanup is over when our cancellation goes on.
                task.cancel();
                awaitUnwound(task);
                throw e;
            }
            throw new TimeoutException("waitFor: " + task.task() + " did not finish within " + seconds + " s", e);
        } finally {
            timer.cancel(); // does nothing if it has fired already
        }
        // END SOLUTION
    }

    // BEGIN SOLUTION MEMBERS
    /** The clock's time {@code seconds} from now, in nanoseconds (the end of time for a huge one, now for one below 0). */
    private static long deadline(CancellableScheduler loop, double seconds) {
        long now = loop.clock().nanoTime();
        if (seconds <= 0) {
            return now; // already passed: the timer fires at its first turn
        }
        return seconds * 1e9 >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + Math.round(seconds * 1e9);
    }

    /** Waits until {@code task} has finished, however it ends; a second cancellation of the waiter stops the wait. */
    private static void awaitUnwound(TaskFuture<?> task) {
        try {
            await(task);
        } catch (RuntimeException | Error outcome) {
            // the task's own ending (most likely its cancellation): the caller's cancellation goes on
        }
    }
    // END SOLUTION

    /**
     * {@code async with asyncio.timeout(seconds):} runs {@code body} in the <em>current</em> task.
     * When the time is up, the current task is cancelled (wherever in {@code body} it waits), and
     * the cancellation that comes out of {@code body} is turned into a {@link TimeoutException}.
     * A cancellation from elsewhere passes through unchanged. A negative {@code seconds} is a
     * deadline already passed; an infinite one (asyncio's {@code timeout(None)}) sets none.
     *
     * @return what {@code body} returned, if it finished in time
     * @throws IllegalArgumentException for a NaN {@code seconds}
     */
    public static <T> T timeout(double seconds, Callable<T> body) {
        requireDuration("timeout", seconds);
        if (seconds == Double.POSITIVE_INFINITY) {
            return Unchecked.call(body); // asyncio's timeout(None): no deadline, no timer
        }
        // BEGIN SOLUTION
        CancellableScheduler loop = CancellableScheduler.current("timeout");
        int me = loop.currentTask().tid();
        // The requests the task had on entering: an outer scope's, or one from elsewhere. Only
        // when ours is the last one left is the cancellation ours to turn into a timeout.
        int cancellingOnEntry = loop.cancelling(me);
        // The deadline is fixed now, on entering, and the timer sleeps from now on (callAt): one
        // that runs late (the loop was busy) still fires at the deadline, one already due fires
        // at its first turn, before the body resumes from any wait (timeout(0) around sleep(0) is
        // a timeout), and at the same instant as a sleep the body starts later, it fires first.
        boolean[] expired = {false};
        TaskFuture<Object> timer = loop.callAt("timeout timer", deadline(loop, seconds), () -> {
            expired[0] = true;
            loop.cancel(me);
        });
        boolean handled = false; // uncancel() called for our request
        try {
            return Unchecked.call(body);
        } catch (CancelledException e) {
            if (expired[0]) {
                handled = true;
                if (loop.uncancel(me) <= cancellingOnEntry) {
                    throw new TimeoutException("timeout: the block did not finish within " + seconds + " s", e);
                }
            }
            throw e; // from elsewhere, or an outer scope's request is left too: it goes on
        } finally {
            timer.cancel(); // does nothing if it has fired already
            if (expired[0] && !handled) {
                loop.uncancel(me); // the body swallowed our cancellation, or threw something else
            }
        }
        // END SOLUTION
    }

    /** As {@link #timeout(double, Callable)}, for a body that returns nothing. */
    public static void timeout(double seconds, Runnable body) {
        timeout(seconds, () -> {
            body.run();
            return null;
        });
    }
}
