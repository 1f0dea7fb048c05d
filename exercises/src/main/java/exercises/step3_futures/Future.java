package exercises.step3_futures;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Step;

/**
 * asyncio's {@code Future}: a result that is not there yet. It starts pending; exactly once it
 * becomes done, with a result ({@link #setResult}) or an exception ({@link #setException}), and
 * then calls every done-callback, in the order they were added.
 *
 * <p>This is the one waiting mechanism the rest of the track needs. A task waits for a future
 * with {@link Futures#await}; a finished task completes its own future ({@link TaskFuture}), so
 * waiting for a task is just waiting for a future; Event, Lock and Queue (steps 4 and 8) hand out
 * futures to their waiters and complete them to wake them.
 *
 * <p>asyncio runs done-callbacks through {@code call_soon}, on the next loop iteration. Here they
 * run at once, inside {@code setResult}: the callbacks the scheduler registers only put a task on
 * {@code ready}, so the order in which tasks run is the same.
 *
 * <p>Given, in {@link FutureBase}: {@link #cancel(String)}, {@link #cancelledError()} and
 * {@link #waitsOn(miniasyncio.trace.Waitable)}.
 */
public class Future<T> extends FutureBase<T> {

    // BEGIN SOLUTION MEMBERS
    private boolean done;
    private T result;
    private Throwable exception;
    private boolean cancelled; // by cancel(): a CancelledException given to setException is a failure
    private List<Consumer<? super Future<T>>> callbacks = new ArrayList<>();

    private void finish() {
        done = true;
        List<Consumer<? super Future<T>>> toCall = callbacks;
        callbacks = null; // a callback added from now on is called at once
        for (Consumer<? super Future<T>> callback : toCall) {
            callback.accept(this);
        }
    }

    private void requirePending(String method) {
        if (done) {
            throw new IllegalStateException(method + "() on a future that is already done (" + this
                    + "): a future completes exactly once");
        }
    }
    // END SOLUTION

    /** True once a result or an exception is set (a cancelled future is done too). */
    @Override
    public boolean isDone() {
        // BEGIN SOLUTION
        return done;
        // END SOLUTION
    }

    /**
     * The result; if the future holds an exception, throws it (a checked one wrapped in
     * {@link Step.TaskFailedException}).
     *
     * @throws IllegalStateException while the future is pending
     */
    public T result() {
        // BEGIN SOLUTION
        if (!done) {
            throw new IllegalStateException("result() of a pending future: wait for it first (Futures.await)");
        }
        if (exception != null) {
            throw new Step.Failed(exception).rethrow();
        }
        return result;
        // END SOLUTION
    }

    /**
     * The exception the future holds, or null if it has a result.
     *
     * @throws CancelledException if the future is cancelled ({@link #isCancelled()}), as asyncio's
     *     {@code exception()} raises {@code CancelledError}
     * @throws IllegalStateException while the future is pending
     */
    public Throwable exception() {
        // BEGIN SOLUTION
        if (!done) {
            throw new IllegalStateException("exception() of a pending future: wait for it first (Futures.await)");
        }
        if (isCancelled()) {
            throw new Step.Failed(exception).rethrow(); // asyncio: a cancelled future has no exception to give
        }
        return exception;
        // END SOLUTION
    }

    /**
     * Completes the future with {@code value} and calls the done-callbacks.
     *
     * @throws IllegalStateException if it is already done (asyncio's {@code InvalidStateError})
     */
    public void setResult(T value) {
        // BEGIN SOLUTION
        requirePending("setResult");
        result = value;
        finish();
        // END SOLUTION
    }

    /**
     * Completes the future with {@code error} and calls the done-callbacks.
     *
     * @throws IllegalStateException if it is already done
     * @throws NullPointerException if {@code error} is null
     */
    public void setException(Throwable error) {
        // BEGIN SOLUTION
        if (error == null) {
            throw new NullPointerException("setException(null): pass the exception the future should hold");
        }
        requirePending("setException");
        exception = error;
        finish();
        // END SOLUTION
    }

    /**
     * Calls {@code callback} with this future once it is done: later, when it completes, or at
     * once if it already is.
     */
    public void addDoneCallback(Consumer<? super Future<T>> callback) {
        // BEGIN SOLUTION
        if (done) {
            callback.accept(this);
        } else {
            callbacks.add(callback);
        }
        // END SOLUTION
    }

    /**
     * Cancels a pending future: it becomes done and cancelled, holding a {@link CancelledException}
     * made by the given {@link #cancelledError()}.
     *
     * @return false if it was already done (nothing changes), true if this call cancelled it
     */
    @Override
    public boolean cancel() {
        // BEGIN SOLUTION
        if (done) {
            return false;
        }
        cancelled = true;
        setException(cancelledError());
        return true;
        // END SOLUTION
    }

    /**
     * True if {@link #cancel()} cancelled the future (asyncio's {@code cancelled()}). A future given
     * a {@link CancelledException} by {@link #setException} has failed with it: it is done, not
     * cancelled, as in asyncio ({@code fut.set_exception(CancelledError())}).
     */
    public boolean isCancelled() {
        // BEGIN SOLUTION
        return cancelled;
        // END SOLUTION
    }
}
