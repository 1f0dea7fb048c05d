package miniasyncio;

import java.util.concurrent.Callable;
import jdk.internal.vm.Continuation;
import jdk.internal.vm.ContinuationScope;
import miniasyncio.around.ExportCheck;
import miniasyncio.around.LoopStack;
import miniasyncio.around.MonitorWatchdog;

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
 * <p>The protocol's state (the value crossing the boundary, the state, the outcome) is a
 * {@link Resumable}: a coroutine made here has its own; a {@link Task} is one itself, and its
 * {@link Task#coroutine()} is a view of it, so that a task is one object over its continuation.
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

    /** Where the protocol's state is: this coroutine's own, or the task it is the view of. */
    private final Resumable target;

    /** A coroutine that will run {@code body} when first resumed; {@code name} appears in errors. */
    public Coroutine(String name, Callable<?> body) {
        this.target = new Own(this, name, body);
    }

    /** A task's coroutine: a view of the task, which carries the coroutine's state itself. */
    Coroutine(Task task) {
        this.target = task;
    }

    public String name() {
        return target.name();
    }

    /** True once the body has returned or thrown; it will never run again. */
    public boolean isDone() {
        return target.done();
    }

    /** True while the body runs (between a resume and its next yield). */
    public boolean isRunning() {
        return target.state == Resumable.RUNNING;
    }

    /** How the body ended, or null while it has not. */
    public Step.Outcome outcome() {
        return target.outcome();
    }

    /**
     * Where the suspended body waits, innermost frame first; empty unless it is suspended. For
     * diagnostics only ({@link MonitorWatchdog} names the line a task holding a monitor is
     * suspended at). It may be called from another thread while the loop's thread cannot mount
     * this coroutine, as the JDK does for an unmounted virtual thread's stack trace.
     */
    StackTraceElement[] suspendedStack() {
        return target.suspendedStack();
    }

    /**
     * Resumes the body, making {@code value} the result of the {@link #yield} it is suspended in
     * (the first resume starts the body; Python requires {@code None} there, we ignore it).
     */
    public Step send(Object value) {
        return target.send(value);
    }

    /** Resumes the body by throwing {@code exception} out of the {@link #yield} it waits in. */
    public Step throwInto(Throwable exception) {
        return target.throwInto(exception);
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
        target.close();
    }

    /**
     * Hands out a Step.Yielded for {@code value}, without making one when it can: a Yielded is
     * immutable, so the last one made ({@link #recent}) is handed out again for the same object,
     * every {@code sleep(0)} yields the one shared request, whose Yielded is made once, and a
     * {@code sleep(d)} whose Sleep {@link Sleep#of} shared gets that Sleep's one Yielded. A
     * scheduler step then allocates nothing (JMH's {@code -prof gc} showed 16 bytes per step
     * before), and a million tasks that each start with {@code sleep(0)} share one Yielded.
     */
    static Step.Yielded yielded(Object value) {
        if (value == MiniAsyncio.ZERO) {
            return YIELDED_ZERO;
        }
        Step.Yielded shared = recent;
        if (shared != null && shared.value() == value) {
            return shared;
        }
        if (value instanceof Sleep sleep) { // Sleep.of keeps one Sleep per duration: keep its one Yielded beside it
            int slot = Sleep.slotOf(sleep);
            if (slot >= 0) {
                Step.Yielded kept = SLEEPS[slot];
                if (kept == null || kept.value() != value) { // not made yet (or lost to a race on another thread)
                    kept = SLEEPS[slot] = new Step.Yielded(value);
                }
                return recent = kept;
            }
        }
        return recent = new Step.Yielded(value);
    }

    /** The Step.Yielded of each Sleep that {@link Sleep#of} keeps, in the same slot. */
    private static final Step.Yielded[] SLEEPS = new Step.Yielded[Sleep.SLOTS];

    private static final Step.Yielded YIELDED_ZERO = new Step.Yielded(MiniAsyncio.ZERO);

    /**
     * The last Step.Yielded made. Loops on other threads may write it at the same time: that is
     * safe without a lock, because a Yielded is immutable (its one field is final, so any thread
     * that reads the reference sees the whole object), and a lost write only costs an
     * allocation. It keeps at most one yielded object alive.
     */
    private static Step.Yielded recent;

    /**
     * Suspends the innermost running coroutine, handing {@code value} out to whoever resumed it,
     * and returns the value it is next resumed with (or throws what is thrown into it).
     *
     * @throws IllegalStateException when no coroutine is running on this thread, or when the
     *         JDK cannot unmount the stack (see {@link Body#onPinned}).
     */
    public static Object yield(Object value) {
        Resumable self = running();
        if (self == null) {
            throw new IllegalStateException(
                    "Coroutine.yield() called outside a coroutine: only code running inside a task or generator can suspend");
        }
        return suspend(self, value);
    }

    // ------------------------------------ the continuation under a coroutine (for Resumable)

    /** A continuation that will run {@code body} for {@code owner}. */
    static Object newContinuation(Resumable owner, Callable<?> body) {
        ExportCheck.requireContinuations();
        return new Body(owner, body);
    }

    /** Mounts it until its next yield or its end; true once it has ended. */
    static boolean mount(Object continuation) {
        Body body = (Body) continuation;
        body.run();
        return body.isDone();
    }

    /**
     * Suspends {@code self}, which the caller knows is the innermost coroutine or task running,
     * handing {@code value} out; returns the value it is next resumed with, or throws what is
     * thrown in. Here, not in {@link Resumable}, so that a frozen stack holds this one frame above
     * the caller ({@code sleep}) and the JDK's own.
     */
    static Object suspend(Resumable self, Object value) {
        self.transfer = value;
        try {
            Continuation.yield(SCOPE);
        } catch (StackOverflowError tooDeep) {
            throw tooDeepToSuspend(self.name(), tooDeep);
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
        Object in = self.transfer;
        self.transfer = null;
        return in;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t; // lets a checked exception thrown into the coroutine surface unchanged
    }

    /** The frames of an unmounted continuation, innermost first. */
    static StackTraceElement[] stackOf(Object continuation) {
        return ((Body) continuation).getStackTrace();
    }

    /** The innermost coroutine or task running on this thread, or null outside any. */
    static Resumable running() {
        Continuation c = Continuation.getCurrentContinuation(SCOPE);
        return c instanceof Body body ? body.owner : null;
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

    /** The innermost coroutine running on this thread (a task's: a view of it), or null outside any. */
    public static Coroutine current() {
        Resumable running = running();
        return running == null ? null : running instanceof Own own ? own.face : new Coroutine((Task) running);
    }

    /** Two views of one task's coroutine are the same coroutine. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Coroutine that && that.target == target;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(target);
    }

    @Override
    public String toString() {
        return "Coroutine[" + name() + ", " + target.stateName() + "]";
    }

    /** The state of a coroutine made with {@code new Coroutine(name, body)} (a generator's, say). */
    private static final class Own extends Resumable {
        private final Coroutine face;
        private final String name;

        Own(Coroutine face, String name, Callable<?> body) {
            super(body);
            this.face = face;
            this.name = name;
        }

        @Override
        String name() {
            return name;
        }

        @Override
        String describe() {
            return "coroutine '" + name + "'";
        }
    }

    /** The continuation itself: runs the body once (see {@link #START}) and records how it ended. */
    private static final class Body extends Continuation {
        private final Resumable owner; // the coroutine's state: a Task, or a Coroutine's own
        private Callable<?> body; // dropped when it starts, so that a running task does not keep it twice

        Body(Resumable owner, Callable<?> body) {
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
            Resumable owner = self.owner;
            try {
                // The call comes first and the Step after: written the other way round, the
                // interpreter allocates the Step before the call and a suspended body keeps it
                // on its stack (16 bytes per sleeping task).
                Object value = body.call();
                // Most tasks return nothing: they share one immutable Returned(null).
                owner.transfer = value == null ? RETURNED_NULL : new Step.Returned(value); // its outcome
            } catch (Throwable t) {
                owner.transfer = new Step.Failed(t);
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
