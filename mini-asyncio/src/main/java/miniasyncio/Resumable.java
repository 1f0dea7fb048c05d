package miniasyncio;

import java.util.concurrent.Callable;
import miniasyncio.around.MonitorWatchdog;

/**
 * Python's generator protocol, the state and the rules of it: {@code send}, {@code throwInto},
 * {@code close}, and a {@link Step} that says whether the body yielded, returned or failed. The
 * public face is {@link Coroutine}; a {@link Task} is one too, so that a task costs one object
 * (and the JDK continuation under it) instead of a task, a coroutine and the continuation.
 *
 * <p>Nothing here is public: a task's protocol is the scheduler's, and students resume a task
 * only with {@code schedule} or {@code scheduleThrow}. The continuation itself is behind the
 * handful of static methods of {@link Coroutine} ({@code mount}, {@code suspend} and the like),
 * so that {@code jdk.internal.vm} stays in that one class.
 *
 * <p>Values cross the boundary through two fields: {@link #transfer} carries the value to send
 * (set by {@link #send}, or by the scheduler's {@code schedule} while the task waits in
 * {@code ready}: the lecture's tuple's third element) and, the other way, the value yielded.
 * {@link #throwIn} carries an exception to raise at the suspension point. One thread, plain fields.
 */
abstract class Resumable {

    static final byte CREATED = 0, SUSPENDED = 1, RUNNING = 2, DONE = 3;

    /** The JDK continuation that runs the body (null for a task made without a body, in tests of the heap). */
    final Object continuation;
    byte state = CREATED;
    /**
     * In: the value the next resume delivers. Out: the value the body yielded, until it is read.
     * Once the body has ended: its {@link Step.Outcome}, for good (one field for all three, since
     * they are never needed at the same time: 8 bytes less per task).
     */
    Object transfer;
    /** In: the exception the next resume raises at the suspension point. */
    Throwable throwIn;

    Resumable(Callable<?> body) {
        this.continuation = body == null ? null : Coroutine.newContinuation(this, body);
    }

    /** The name errors use. */
    abstract String name();

    /** How errors name it: "task 3 (worker B)" or "coroutine 'g'". */
    abstract String describe();

    final boolean done() {
        return state == DONE;
    }

    /** How the body ended, or null while it has not. */
    final Step.Outcome outcome() {
        return state == DONE ? (Step.Outcome) transfer : null;
    }

    /**
     * The value the next resume delivers, or the exception it raises ({@link #exceptionToThrow}): what a task in
     * {@code ready} will be sent. Public for the step-through page (package trace), which shows it.
     */
    public final Object valueToSend() {
        return transfer;
    }

    /** The exception the next resume raises at the suspension point, or null. Public as {@link #valueToSend}. */
    public final Throwable exceptionToThrow() {
        return throwIn;
    }

    /** Ends it with {@code outcome}. */
    final Step.Outcome end(Step.Outcome outcome) {
        state = DONE;
        throwIn = null;
        transfer = outcome;
        return outcome;
    }

    /** Resumes with {@code value}; the first resume starts the body (the value is then ignored, as Python requires None). */
    final Step send(Object value) {
        transfer = value;
        throwIn = null;
        return resume();
    }

    /** Resumes by throwing {@code exception} out of the yield the body waits in. */
    final Step throwInto(Throwable exception) {
        if (exception == null) {
            throw new NullPointerException("throwInto(null): pass the exception to raise in the coroutine");
        }
        transfer = null;
        throwIn = exception;
        return resume();
    }

    /**
     * Resumes with what {@link #transfer} and {@link #throwIn} hold: a value to send, or an
     * exception to raise. Throwing into a body that never started ends it at once, without
     * running any of it (as in Python).
     */
    final Step resume() {
        switch (state) {
            case RUNNING -> throw new IllegalStateException(
                    "coroutine '" + name() + "' is already running: a coroutine cannot resume itself");
            case DONE -> throw new IllegalStateException(
                    "coroutine '" + name() + "' has finished: it cannot be resumed again");
            case CREATED -> {
                if (throwIn != null) {
                    return end(new Step.Failed(throwIn));
                }
            }
            default -> { }
        }
        state = RUNNING;
        if (Coroutine.mount(continuation)) {
            state = DONE; // the body's entry left its outcome in transfer
            return (Step.Outcome) transfer;
        }
        state = SUSPENDED;
        Object out = transfer;
        transfer = null;
        return Coroutine.yielded(out);
    }

    /**
     * Ends it now: Python's {@code g.close()}. If suspended, {@link Coroutine.Exit} is thrown at
     * the suspension point so its {@code finally} blocks run. See {@link Coroutine#close()}.
     */
    final void close() {
        switch (state) {
            case DONE -> { }
            case CREATED -> end(new Step.Failed(new Coroutine.Exit()));
            case RUNNING -> throw new IllegalStateException(
                    "close() called on coroutine '" + name() + "' from inside itself");
            default -> {
                Step step = throwInto(new Coroutine.Exit());
                switch (step) {
                    case Step.Yielded(Object value) -> {
                        // The body caught Exit (or any Throwable) and suspended again: it would live
                        // on as a zombie. Python's close() raises "generator ignored GeneratorExit".
                        // It is dropped (its finally blocks cannot run); the report shows where it
                        // suspended, as its stack trace.
                        StackTraceElement[] where = Coroutine.stackOf(continuation);
                        StackTraceElement at = MonitorWatchdog.firstUserFrame(where);
                        IllegalStateException zombie = new IllegalStateException(describe() + " ignored close():"
                                + " it caught Coroutine.Exit and suspended again (yielding " + value + ")"
                                + (at == null ? "" : " at " + at) + ". Let Coroutine.Exit propagate (a catch"
                                + " (Throwable t) must rethrow it), or rethrow it after cleaning up.");
                        zombie.setStackTrace(where);
                        end(new Step.Failed(zombie));
                        throw zombie;
                    }
                    case Step.Failed(Throwable raised) when !(raised instanceof Coroutine.Exit) -> {
                        throw ((Step.Failed) step).rethrow(); // Python: close() raises what the body raised
                    }
                    default -> { } // Exit came out, or the body returned: closed as asked
                }
            }
        }
    }

    /**
     * Where the suspended body waits, innermost frame first; empty unless it is suspended. Public for the
     * diagnostics around the loop and tracing (other packages): the monitor watchdog, the step-through page.
     */
    public final StackTraceElement[] suspendedStack() {
        return state == SUSPENDED ? Coroutine.stackOf(continuation) : new StackTraceElement[0];
    }

    final String stateName() {
        return switch (state) {
            case CREATED -> "created";
            case SUSPENDED -> "suspended";
            case RUNNING -> "running";
            default -> "done";
        };
    }
}
