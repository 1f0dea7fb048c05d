package exercises.step4_sync;

import miniasyncio.trace.Waitable;

/**
 * Given: the part of {@link Event} the kit writes, what the step-through page asks of it, so that
 * {@code Event.java} holds only what you write. A release may change this file; yours is never
 * touched. Only {@link Event} extends it: the rest of the kit names {@code Event}.
 */
public abstract class EventBase implements Waitable {

    EventBase() {
    }

    /** Yours, in {@link Event}. */
    public abstract boolean isSet();

    /** For the step-through page (a {@link Waitable}): a task parked on the event waits for {@code set()}. */
    @Override
    public String waitingBecause() {
        return isSet() ? "set" : "not set: await() waits for set()";
    }
}
