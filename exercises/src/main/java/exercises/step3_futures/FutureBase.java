package exercises.step3_futures;

import miniasyncio.trace.Waitable;

/**
 * Given: the part of {@link Future} the kit writes, so that {@code Future.java} holds only what you
 * write. A release may change this file; yours is never touched. Only {@link Future} extends it:
 * the rest of the kit names {@code Future}, never this class.
 *
 * <p>It builds on two methods of yours, {@link #isDone()} and {@link #cancel()}.
 */
public abstract class FutureBase<T> {

    private Waitable waitsOn; // for the step-through page only: what a task awaiting this future waits on
    private String cancelMessage; // the message of cancel(String), or null

    FutureBase() {
    }

    /** Yours, in {@link Future}. */
    public abstract boolean isDone();

    /** Yours, in {@link Future}. */
    public abstract boolean cancel();

    /**
     * Says that this future is a waiter's on {@code what} (the Lock or Queue that parks its tasks on
     * it), so that the step-through page shows a task awaiting it as "awaits Lock #1 (held by task 3)"
     * rather than "awaits Future #2". Changes nothing else; returns this future.
     */
    @SuppressWarnings("unchecked")
    public final Future<T> waitsOn(Waitable what) {
        waitsOn = what;
        // Future is the one subclass. Through Object, so that this file compiles beside a Future.java
        // written before Future extended it (the cast is checked when it runs, not by javac).
        return (Future<T>) (Object) this;
    }

    /** What {@link #waitsOn(Waitable)} named, or null. */
    public final Waitable waitsOn() {
        return waitsOn;
    }

    /**
     * asyncio's {@code future.cancel(msg)}. As {@link #cancel()}, and the {@link CancelledException}
     * the future holds says {@code message}: whoever awaits the future reads why it was cancelled.
     * It works when {@code cancel()} makes its exception with {@link #cancelledError()}. A done
     * future refuses it and keeps its state, message included.
     */
    public boolean cancel(String message) {
        if (isDone()) {
            return false;
        }
        cancelMessage = message;
        return cancel();
    }

    /**
     * The {@link CancelledException} a cancelled future holds, saying the message of
     * {@link #cancel(String)} if there was one (asyncio's {@code _make_cancelled_error()}).
     */
    protected final CancelledException cancelledError() {
        return new CancelledException(cancelMessage != null ? cancelMessage : "future cancelled");
    }
}
