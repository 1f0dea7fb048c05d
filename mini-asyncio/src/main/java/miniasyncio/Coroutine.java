package miniasyncio;

import java.util.concurrent.Callable;
import jdk.internal.vm.Continuation;
import jdk.internal.vm.ContinuationScope;
import miniasyncio.around.ExportCheck;

/**
 * A suspendable computation with Python's generator protocol: {@link #send}, {@link #throwInto},
 * {@link #close}, and a {@link Step} that says whether it yielded, returned or failed. Its state
 * is here, one field for each thing it knows.
 *
 * <p>This is the only class in the kit that touches {@code jdk.internal.vm}. A JDK
 * {@code Continuation} is a stack that can be unmounted from the thread and mounted again: it is
 * what virtual threads are made of. Because it saves the <em>whole</em> stack, {@link #yield} is
 * a plain static method that may be called at any depth: a method five calls below the task's
 * body can suspend the task. Python generators are stackless, so every level must say
 * {@code yield from}; Java needs no such chain. That is the port's one real departure from the
 * lecture.
 *
 * <p>A {@link Task} <em>is</em> a coroutine, as the lecture's task is its generator: one object
 * over the JDK continuation, not a task, a coroutine and a continuation (a million sleeping
 * tasks keep a million of each). The class is sealed: a task and a plain coroutine (a
 * generator's) are the only kinds. What can go wrong at a suspension is said in
 * {@link SuspendErrors}.
 */
public sealed class Coroutine permits Task {

    /** Every coroutine of the kit yields to this scope. Nested coroutines (a generator driven
     *  from inside a task) each yield to their own innermost mount, as in Python. */
    private static final ContinuationScope SCOPE = new ContinuationScope("mini-asyncio");

    /**
     * Thrown into a suspended coroutine by {@link #close()}: Python's {@code GeneratorExit}.
     * It unwinds the stack so every {@code finally} block runs. Let it propagate.
     *
     * <p>Why an {@link Error} and not a {@code RuntimeException}: the most common catch block a
     * student writes is {@code catch (Exception e)}, and it must not swallow a request to stop
     * (the task would log "error" and yield again, a zombie). Python made {@code GeneratorExit}
     * (and, since 3.8, {@code asyncio.CancelledError}) a {@code BaseException} for exactly this
     * reason: {@code except Exception} does not catch it. Java's precedent is
     * {@code ThreadDeath}, an {@code Error} for the same reason. A {@code catch (Throwable t)}
     * still catches it: such a block must rethrow it, and one that yields again instead is
     * reported by {@link #close()} as ignoring it.
     */
    public static final class Exit extends Error {
        Exit() {
            super("coroutine closed", null, false, false);
        }
    }

    static final byte CREATED = 0, SUSPENDED = 1, RUNNING = 2, DONE = 3;

    // ------------------------------------------------------------------ its state

    /** The JDK continuation that runs the body (null for a task made without a body, in tests of the heap). */
    private final Body continuation;
    /** CREATED, SUSPENDED, RUNNING or DONE. */
    byte state = CREATED;
    /** The name errors use; a task's stays null until asked for (see {@link Task#name()}). */
    String name;
    /** The value the next resume delivers to the suspended yield: the lecture's tuple's third element. */
    Object sendIn;
    /** The exception the next resume raises at the suspension point instead, or null. */
    Throwable throwIn;
    /** The step the body handed out at its last yield, until {@link #resume} takes it. */
    private Step.Yielded handedOut;
    /** How the body ended (null while it has not): its value or its exception, for good. */
    private Step.Outcome outcome;

    /** A coroutine that will run {@code body} when first resumed; {@code name} appears in errors. */
    public Coroutine(String name, Callable<?> body) {
        this.name = name;
        this.continuation = body == null ? null : newBody(this, body);
    }

    /** The export is checked before the continuation is made: without it, the error says what to add. */
    private static Body newBody(Coroutine owner, Callable<?> body) {
        ExportCheck.requireContinuations();
        return new Body(owner, body);
    }

    public String name() {
        return name;
    }

    /** True once the body has returned or thrown; it will never run again. */
    public boolean isDone() {
        return state == DONE;
    }

    /** True while the body runs (between a resume and its next yield). */
    public boolean isRunning() {
        return state == RUNNING;
    }

    /** How the body ended, or null while it has not. */
    public Step.Outcome outcome() {
        return outcome;
    }

    /**
     * Where the suspended body waits, innermost frame first; empty unless it is suspended. For
     * diagnostics (the monitor watchdog names the line a task holding a monitor is suspended at;
     * the step-through page shows it). It may be called from another thread while the loop's
     * thread cannot mount this coroutine, as the JDK does for an unmounted virtual thread's stack.
     */
    public StackTraceElement[] suspendedStack() {
        return state == SUSPENDED ? continuation.getStackTrace() : new StackTraceElement[0];
    }

    /** How errors name it: "task 3 (worker B)" for a task, else "coroutine 'g'". */
    String describe() {
        return "coroutine '" + name + "'";
    }

    // ------------------------------------------------------------------ the protocol

    /**
     * Resumes the body, making {@code value} the result of the {@link #yield} it is suspended in
     * (the first resume starts the body; Python requires {@code None} there, we ignore it).
     */
    public Step send(Object value) {
        sendIn = value;
        throwIn = null;
        return resume();
    }

    /** Resumes the body by throwing {@code exception} out of the {@link #yield} it waits in. */
    public Step throwInto(Throwable exception) {
        if (exception == null) {
            throw new NullPointerException("throwInto(null): pass the exception to raise in the coroutine");
        }
        sendIn = null;
        throwIn = exception;
        return resume();
    }

    /**
     * Resumes with what {@link #sendIn} and {@link #throwIn} hold: a value to send, or an
     * exception to raise (a scheduler leaves them in a task with {@code schedule} while it waits
     * in {@code ready}). Throwing into a body that never started ends it at once, without running
     * any of it (as in Python).
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
        continuation.run(); // until the body's next yield, or its end
        if (continuation.isDone()) {
            state = DONE;
            return outcome; // the body's entry (START) left it
        }
        state = SUSPENDED;
        Step.Yielded out = handedOut;
        handedOut = null;
        return out;
    }

    /** Ends it with {@code ended}, for good. */
    private Step.Outcome end(Step.Outcome ended) {
        state = DONE;
        sendIn = null;
        throwIn = null;
        outcome = ended;
        return ended;
    }

    /**
     * Ends the coroutine now: Python's {@code g.close()}. If it is suspended, {@link Exit} is
     * thrown at the suspension point so its {@code finally} blocks run. A continuation that is
     * simply dropped while suspended would never run them: never abandon one, close it. Closing
     * a finished or never-started coroutine does nothing (the body never ran, so there is
     * nothing to unwind).
     *
     * <p>As in Python, an exception the body raises while it unwinds (a {@code finally} block
     * that throws) is not lost: {@code close()} throws it (a checked one wrapped in
     * {@link Step.TaskFailedException}), and it stays the coroutine's {@link #outcome()}. A body
     * that lets {@link Exit} out, or returns, has closed normally.
     *
     * @throws IllegalStateException when the body caught {@link Exit} and suspended again: the
     *         coroutine is then dropped, done, with that exception as its outcome (a scheduler
     *         closing its tasks makes a suspension there suspend, so that this always ends)
     */
    public void close() {
        switch (state) {
            case DONE -> { }
            case CREATED -> end(new Step.Failed(new Exit()));
            case RUNNING -> throw new IllegalStateException(
                    "close() called on coroutine '" + name() + "' from inside itself");
            default -> {
                Step step = throwInto(new Exit());
                switch (step) {
                    case Step.Yielded yielded -> {
                        // The body caught Exit (or any Throwable) and suspended again: it would live
                        // on as a zombie. Python's close() raises "generator ignored GeneratorExit".
                        // It is dropped (its finally blocks cannot run).
                        IllegalStateException zombie = SuspendErrors.ignoredClose(describe(), yielded.value,
                                continuation.getStackTrace());
                        end(new Step.Failed(zombie));
                        throw zombie;
                    }
                    case Step.Failed(Throwable raised) when !(raised instanceof Exit) -> {
                        throw ((Step.Failed) step).rethrow(); // Python: close() raises what the body raised
                    }
                    default -> { } // Exit came out, or the body returned: closed as asked
                }
            }
        }
    }

    /**
     * Suspends the innermost running coroutine, handing {@code value} out to whoever resumed it,
     * and returns the value it is next resumed with (or throws what is thrown into it).
     *
     * @throws IllegalStateException when no coroutine is running on this thread, or when the
     *         JDK cannot unmount the stack (see {@link Body#onPinned}).
     */
    public static Object yield(Object value) {
        Coroutine self = current();
        if (self == null) {
            throw new IllegalStateException(
                    "Coroutine.yield() called outside a coroutine: only code running inside a task or generator can suspend");
        }
        return suspend(self, Step.Yielded.of(value));
    }

    /**
     * Suspends {@code self}, which the caller knows is the innermost coroutine or task running,
     * handing {@code out} to whoever resumed it; returns the value it is next resumed with, or
     * throws what is thrown in. A syscall ({@link Scheduler#syscall}, {@link MiniAsyncio#sleep})
     * calls it directly, so that a frozen stack holds this one frame above the caller and the JDK's own.
     */
    static Object suspend(Coroutine self, Step.Yielded out) {
        self.handedOut = out;
        try {
            Continuation.yield(SCOPE);
        } catch (StackOverflowError tooDeep) {
            throw SuspendErrors.tooDeep(self.name(), tooDeep);
        }
        // Resumed: by send (a value), or by throwInto/close (an exception).
        Throwable thrown = self.throwIn;
        if (thrown != null) {
            self.throwIn = null;
            if (thrown.getStackTrace().length == 0) {
                // An exception made by the scheduler (for example "unknown syscall") has no
                // stack of its own: give it the task's, so the trace points at the user's line.
                thrown.fillInStackTrace();
            }
            sneakyThrow(thrown);
        }
        Object in = self.sendIn;
        self.sendIn = null;
        return in;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t; // lets a checked exception thrown into the coroutine surface unchanged
    }

    /**
     * The innermost coroutine running on this thread (a task, inside one), or null outside any:
     * asyncio's {@code current_task()}, one level down (and the name {@code Scheduler.current()} uses).
     */
    public static Coroutine current() {
        Continuation c = Continuation.getCurrentContinuation(SCOPE);
        return c instanceof Body body ? body.owner : null;
    }

    private static boolean warm;

    /**
     * Runs one empty coroutine, once per JVM. The first continuation a JVM mounts pays for
     * loading and linking the JDK's continuation support (tens of milliseconds). A scheduler
     * calls this when it is made, so that the cost is not charged to its first task's first step
     * (the lecture's transcript starts at t=0.00).
     */
    public static void warmUp() {
        if (!warm) {
            warm = true;
            Coroutine empty = new Coroutine("warm-up", () -> Coroutine.yield(null));
            empty.send(null);
            empty.close();
        }
    }

    @Override
    public String toString() {
        return "Coroutine[" + name() + ", " + stateName() + "]";
    }

    final String stateName() {
        return switch (state) {
            case CREATED -> "created";
            case SUSPENDED -> "suspended";
            case RUNNING -> "running";
            default -> "done";
        };
    }

    // ------------------------------------------------------------------ the continuation under it

    /** The continuation itself: runs the body once (see {@link #START}) and records how it ended. */
    private static final class Body extends Continuation {
        private final Coroutine owner;
        private Callable<?> body; // dropped when it starts, so that a running task does not keep it twice

        Body(Coroutine owner, Callable<?> body) {
            super(SCOPE, START);
            this.owner = owner;
            this.body = body;
        }

        /**
         * The JDK could not unmount the stack. On JDK 21 the usual cause is a suspension inside
         * {@code synchronized} (a held monitor pins the stack to the thread); on every JDK, a
         * native frame in between. The JDK's own message is just "Pinned: MONITOR".
         */
        @Override
        protected void onPinned(Continuation.Pinned reason) {
            throw new IllegalStateException(SuspendErrors.pinned(owner.name(), String.valueOf(reason)));
        }
    }

    private static final Step.Returned RETURNED_NULL = new Step.Returned(null);

    /**
     * Where every body starts: one shared {@code Runnable} for all coroutines. It finds its
     * coroutine as the continuation that has just been mounted, so that no coroutine carries a
     * lambda of its own (24 bytes each, and one more frame on every suspended stack: a million
     * sleeping tasks keep a million frozen stacks).
     */
    private static final Runnable START = new Runnable() {
        @Override
        public void run() {
            Body self = (Body) Continuation.getCurrentContinuation(SCOPE);
            Callable<?> body = self.body;
            self.body = null;
            Coroutine owner = self.owner;
            try {
                // The call comes first and the Step after: written the other way round, the
                // interpreter allocates the Step before the call and a suspended body keeps it
                // on its stack (16 bytes per sleeping task).
                Object value = body.call();
                // Most tasks return nothing: they share one immutable Returned(null).
                owner.outcome = value == null ? RETURNED_NULL : new Step.Returned(value);
            } catch (Throwable t) {
                owner.outcome = new Step.Failed(t);
            }
        }
    };

    // ------------------------------------------------- the bare continuation, for the bench

    /*
     * The bench command compares the scheduler with its physical limit: a bare JDK continuation
     * with nothing around it. All jdk.internal.vm use stays in this class, so the bench reaches a
     * bare continuation through these three methods and an opaque handle. They add nothing a
     * Continuation does not do itself (the cast and the static call vanish once the JIT inlines
     * them), so a loop over them measures Continuation.run/yield and nothing else. Students do not
     * need them; the Coroutine above is the kit's API.
     */

    private static final ContinuationScope RAW_SCOPE = new ContinuationScope("mini-asyncio-raw");

    /** A bare continuation that will run {@code body}; pass the handle to {@link #rawRun}. For the bench only. */
    public static Object rawContinuation(Runnable body) {
        ExportCheck.requireContinuations();
        return new Continuation(RAW_SCOPE, body);
    }

    /** Mounts the bare continuation until its next {@link #rawYield} or its end; true once it has ended. */
    public static boolean rawRun(Object handle) {
        Continuation c = (Continuation) handle;
        c.run();
        return c.isDone();
    }

    /** Unmounts the bare continuation running on this thread (called from inside a {@link #rawContinuation} body). */
    public static void rawYield() {
        Continuation.yield(RAW_SCOPE);
    }
}
