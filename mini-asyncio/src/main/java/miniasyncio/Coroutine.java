package miniasyncio;

import java.util.concurrent.Callable;
import jdk.internal.vm.Continuation;
import jdk.internal.vm.ContinuationScope;

/**
 * A suspendable computation with Python's generator protocol: {@link #send}, {@link #throwInto},
 * {@link #close}, and a {@link Step} that says whether it yielded, returned or failed.
 *
 * <p>This is the only class in the kit that touches {@code jdk.internal.vm}. A JDK
 * {@code Continuation} is a stack that can be unmounted from the thread and mounted again: it is
 * what virtual threads are made of. Because it saves the <em>whole</em> stack, {@link #yield} is
 * a plain static method that may be called at any depth: a method five calls below the task's
 * body can suspend the task. Python generators are stackless, so every level must say
 * {@code yield from}; Java needs no such chain. That is the port's one real departure from the
 * lecture.
 *
 * <p>Values cross the boundary through two fields: {@link #send} stores the value to deliver
 * and mounts the continuation; {@link #yield} stores the value to hand out and unmounts it.
 * Everything runs on one thread, so plain fields are enough.
 */
public final class Coroutine {

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

    private enum State { CREATED, SUSPENDED, RUNNING, DONE }

    private final Body continuation;
    private final Object name;        // a String, or the Task this runs (its name is made when first asked for)
    private State state = State.CREATED;
    private Object transfer;          // value going in (send) or out (yield)
    private Throwable throwIn;        // exception to raise at the suspension point
    private Step.Outcome outcome;     // set once, when the body ends
    private Step.Yielded lastYielded; // reused while the same object is yielded again (see yielded)

    /** A coroutine that will run {@code body} when first resumed; {@code name} appears in errors. */
    public Coroutine(String name, Callable<?> body) {
        this((Object) name, body);
    }

    /** A task's coroutine: it names itself after {@code task}, without making a string per task. */
    Coroutine(Task task, Callable<?> body) {
        this((Object) task, body);
    }

    private Coroutine(Object name, Callable<?> body) {
        ExportCheck.requireContinuations();
        this.name = name;
        this.continuation = new Body(this, body);
    }

    public String name() {
        return name instanceof Task task ? task.name() : (String) name;
    }

    /** True once the body has returned or thrown; it will never run again. */
    public boolean isDone() {
        return state == State.DONE;
    }

    /** True while the body runs (between a resume and its next yield). */
    public boolean isRunning() {
        return state == State.RUNNING;
    }

    /** How the body ended, or null while it has not. */
    public Step.Outcome outcome() {
        return outcome;
    }

    /**
     * Where the suspended body waits, innermost frame first; empty unless it is suspended. For
     * diagnostics only ({@link MonitorWatchdog} names the line a task holding a monitor is
     * suspended at). It may be called from another thread while the loop's thread cannot mount
     * this coroutine, as the JDK does for an unmounted virtual thread's stack trace.
     */
    StackTraceElement[] suspendedStack() {
        return state == State.SUSPENDED ? continuation.getStackTrace() : new StackTraceElement[0];
    }

    /**
     * Resumes the body, making {@code value} the result of the {@link #yield} it is suspended in
     * (the first resume starts the body; Python requires {@code None} there, we ignore it).
     */
    public Step send(Object value) {
        return resume(value, null);
    }

    /** Resumes the body by throwing {@code exception} out of the {@link #yield} it waits in. */
    public Step throwInto(Throwable exception) {
        if (exception == null) {
            throw new NullPointerException("throwInto(null): pass the exception to raise in the coroutine");
        }
        if (state == State.CREATED) {
            // Like Python: throwing into a generator that never started ends it at once,
            // without running any of its body.
            state = State.DONE;
            outcome = new Step.Failed(exception);
            return outcome;
        }
        return resume(null, exception);
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
            case CREATED -> {
                state = State.DONE;
                outcome = new Step.Failed(new Exit());
            }
            case RUNNING -> throw new IllegalStateException(
                    "close() called on coroutine '" + name() + "' from inside itself");
            case SUSPENDED -> {
                Step step = resume(null, new Exit());
                switch (step) {
                    case Step.Yielded(Object value) -> {
                        // The body caught Exit (or any Throwable) and suspended again: it would live
                        // on as a zombie. Python's close() raises "generator ignored GeneratorExit".
                        // It is dropped (its finally blocks cannot run); the report shows where it
                        // suspended, as its stack trace.
                        StackTraceElement[] where = continuation.getStackTrace();
                        state = State.DONE;
                        StackTraceElement at = MonitorWatchdog.firstUserFrame(where);
                        IllegalStateException zombie = new IllegalStateException((name instanceof Task task
                                ? task.toString() : "coroutine '" + name + "'") + " ignored close(): it caught"
                                + " Coroutine.Exit and suspended again (yielding " + value + ")"
                                + (at == null ? "" : " at " + at) + ". Let Coroutine.Exit propagate (a catch"
                                + " (Throwable t) must rethrow it), or rethrow it after cleaning up.");
                        zombie.setStackTrace(where);
                        outcome = new Step.Failed(zombie);
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

    private Step resume(Object value, Throwable exception) {
        switch (state) {
            case RUNNING -> throw new IllegalStateException(
                    "coroutine '" + name() + "' is already running: a coroutine cannot resume itself");
            case DONE -> throw new IllegalStateException(
                    "coroutine '" + name() + "' has finished: it cannot be resumed again");
            default -> { }
        }
        transfer = value;
        throwIn = exception;
        state = State.RUNNING;
        continuation.run();
        if (continuation.isDone()) {
            state = State.DONE;
            return outcome;
        }
        state = State.SUSPENDED;
        Object out = transfer;
        transfer = null;
        return yielded(out);
    }

    /**
     * Hands out a Step.Yielded for {@code value}, reusing this coroutine's previous one when the
     * same object is yielded again: a Yielded is immutable, and every {@code sleep(0)} yields the
     * one shared request, so a scheduler step then allocates nothing (JMH's {@code -prof gc}
     * showed 16 bytes per step before). A new coroutine's first yield also reuses the last one
     * any coroutine made ({@link #recent}) when it wraps the same object: a million tasks that
     * each start with {@code sleep(0)} then share one instead of making a million.
     */
    private Step.Yielded yielded(Object value) {
        Step.Yielded last = lastYielded;
        if (last != null && last.value() == value) {
            return last;
        }
        Step.Yielded shared = recent;
        if (shared != null && shared.value() == value) {
            return lastYielded = shared;
        }
        return lastYielded = recent = new Step.Yielded(value);
    }

    /**
     * The last Step.Yielded any coroutine made. Loops on other threads may write it at the same
     * time: that is safe without a lock, because a Yielded is immutable (its one field is final,
     * so any thread that reads the reference sees the whole object), and a lost write only costs
     * an allocation. It keeps at most one yielded object alive.
     */
    private static Step.Yielded recent;

    /**
     * Drops the Step.Yielded kept for reuse: the scheduler calls it when a task goes to sleep on a
     * timer, whose request ({@code Sleep(d)}) is never yielded again, so that a sleeping task
     * does not keep its last request and its wrapper alive (40 bytes of a sleeper's footprint).
     */
    void forgetYielded() {
        lastYielded = null;
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
        return self.suspend(value);
    }

    /**
     * {@link #yield} for a caller that already knows it runs inside this coroutine (the
     * scheduler's syscall has just checked it), so that the running coroutine is not looked up
     * twice on every {@code sleep}.
     */
    Object suspend(Object value) {
        transfer = value;
        try {
            Continuation.yield(SCOPE);
        } catch (StackOverflowError tooDeep) {
            throw tooDeepToSuspend(name(), tooDeep);
        }
        // Resumed: by send (a value), or by throwInto/close (an exception).
        Throwable thrown = throwIn;
        if (thrown != null) {
            throwIn = null;
            if (thrown.getStackTrace().length == 0) {
                // An exception made by the scheduler (for example "unknown syscall") has no
                // stack of its own: give it the task's, so the trace points at the user's line.
                thrown.fillInStackTrace();
            }
            sneakyThrow(thrown);
        }
        Object in = transfer;
        transfer = null;
        return in;
    }

    /**
     * The JDK could not save the task's frames: it says {@code StackOverflowError} for two
     * different limits. Name the one that was hit, and how to get more.
     */
    static StackOverflowError tooDeepToSuspend(String name, StackOverflowError cause) {
        String why;
        if (String.valueOf(cause.getMessage()).contains("Humongous")) {
            // The saved frames go into one heap object; G1 refuses one larger than half a heap
            // region (region = heap / 2048, 1 to 32 MB): with a 2 GB heap, some 5,000-10,000 frames.
            why = "the saved frames would be one object larger than half a G1 heap region, which the JDK refuses."
                    + " For more, run java with -XX:G1HeapRegionSize=32m (or another collector: -XX:+UseParallelGC"
                    + " or -XX:+UseSerialGC, which have no such limit), or make the recursion shallower.";
        } else {
            why = "to save a stack the JDK needs about as much free stack again. MiniAsyncio.run, the CLI and"
                    + " @AsyncTest run the loop on a thread with a " + LoopStack.megabytes() + " MB stack; for more,"
                    + " pass -Dminiasyncio.stackMb=N (megabytes). A loop started with new Scheduler().run() runs on"
                    + " the calling thread: start it on a thread with a bigger stack (LoopStack.call(...), or -Xss for"
                    + " the main thread), or make the recursion shallower.";
        }
        StackOverflowError e = new StackOverflowError("task '" + name + "' is too deep in its call stack to"
                + " suspend: " + why);
        e.initCause(cause);
        return e;
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

    /** The innermost coroutine running on this thread, or null outside any. */
    public static Coroutine current() {
        Continuation c = Continuation.getCurrentContinuation(SCOPE);
        return c instanceof Body body ? body.owner : null;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t; // lets a checked exception thrown into the coroutine surface unchanged
    }

    @Override
    public String toString() {
        return "Coroutine[" + name() + ", " + state.name().toLowerCase() + "]";
    }

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
            throw new IllegalStateException(pinnedMessage(owner.name(), String.valueOf(reason)));
        }
    }

    /**
     * Where every body starts: one shared {@code Runnable} for all coroutines. It finds its
     * coroutine as the continuation that has just been mounted, so that no coroutine carries a
     * lambda of its own (24 bytes each, and one more frame on every suspended stack: a million
     * sleeping tasks keep a million frozen stacks).
     */
    private static final Step.Returned RETURNED_NULL = new Step.Returned(null);

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

    static String pinnedMessage(String name, String reason) {
        String cause = switch (reason) {
            case "MONITOR" -> "it holds a monitor: the suspension is inside a synchronized block or method,"
                    + " and on JDK 21 a held monitor pins the stack to the thread";
            case "NATIVE" -> "a native method is on the stack between the task and the suspension";
            default -> "the JDK reports the stack is pinned (" + reason + ")";
        };
        return "task '" + name + "' cannot suspend here: " + cause + ". Fix: do not call sleep() or another"
                + " suspending method while holding a monitor; leave the synchronized block before suspending. "
                + MonitorWatchdog.ADVICE;
    }
}
