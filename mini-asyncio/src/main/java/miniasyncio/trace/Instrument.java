package miniasyncio.trace;

import miniasyncio.Step;
import miniasyncio.Task;
import miniasyncio.around.LoopSettings;

/**
 * A listener for what the loop does, after trio's {@code Instrument}: tracing, pictures of a
 * run, debug warnings and statistics are all built on these hooks. Every method does nothing by
 * default; override the ones you need and add the instrument with
 * {@link LoopSettings#addInstrument(Instrument)}.
 *
 * <p>A scheduler with no instrument pays one null check per hook.
 */
public interface Instrument {

    /** {@code task} was created by {@code creator} (null for the main task). */
    default void taskSpawned(Task task, Task creator) {
    }

    /** {@code task} is about to run until its next yield. */
    default void beforeStep(Task task) {
    }

    /** {@code task} stopped running: {@code step} says whether it yielded a syscall, returned or failed. */
    default void afterStep(Task task, Step step) {
    }

    /** {@code task} ended; its {@code outcome} is in {@code results}. */
    default void taskExited(Task task, Step.Outcome outcome) {
    }

    /** Nothing was ready: the loop waited from {@code from} to {@code to} (clock nanoseconds). */
    default void idleWait(long from, long to) {
    }

    /**
     * The run is over and {@code task} has not finished (a deadlock, or main ended with tasks left):
     * the loop is about to close it (its {@code finally} blocks run). Its stack still says where it
     * waits; after this it is gone.
     */
    default void closingTask(Task task) {
    }
}
