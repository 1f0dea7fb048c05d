package miniasyncio.trace;

import miniasyncio.Task;

/**
 * Something tasks park on: a lock, a queue, an event (the exercises' {@code Lock}, {@code Queue},
 * {@code Event}). The loop never calls it; the step-through page does, to say what a parked task
 * awaits in the lecture's words ("awaits Lock #1 (held by task 3 (B))", "awaits Queue #1 (empty:
 * get waits for an item)") and to draw a cycle of waits through locks as it draws one of tasks
 * awaiting each other. A waiter's future names its {@code Waitable} with a public
 * {@code waitsOn()} method (the exercises' {@code Future.waitsOn}).
 *
 * <p>Both methods only read; what they return is shown as it is, so they must not change anything.
 */
public interface Waitable {

    /** Why a task waits on it now, in a few words ("empty: get waits for an item", "not set"), or null. */
    default String waitingBecause() {
        return null;
    }

    /**
     * The task that holds it (a lock's holder), whose move ends the wait, or null. A task that waits
     * on it waits for that task: a ring of such waits is a deadlock, and the page names it.
     */
    default Task holder() {
        return null;
    }
}
