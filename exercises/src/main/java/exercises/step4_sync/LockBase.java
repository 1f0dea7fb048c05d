package exercises.step4_sync;

import miniasyncio.trace.Waitable;

/**
 * Given: the part of {@link Lock} the kit writes, what the step-through page asks of it when it
 * cannot name the holder, so that {@code Lock.java} holds only what you write (the holder,
 * {@link Waitable#holder()}, is yours). A release may change this file; yours is never touched.
 * Only {@link Lock} extends it: the rest of the kit names {@code Lock}.
 */
public abstract class LockBase implements Waitable {

    LockBase() {
    }

    /** Yours, in {@link Lock}. */
    public abstract boolean isLocked();

    /** For the step-through page, when it cannot name the holder: "locked" or "free". It only reads. */
    @Override
    public String waitingBecause() {
        return isLocked() ? "locked" : "free";
    }
}
