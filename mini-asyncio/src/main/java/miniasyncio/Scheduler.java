package miniasyncio;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The lecture's {@code mini_asyncio.Scheduler}, name for name in camelCase. One difference:
 * {@code sleeping} is a heap by (wake time, sequence number), as asyncio's {@code _scheduled}
 * ({@link TimerHeap}): O(log n) per timer, and equal wake times stay first in, first out.
 *
 * <p>Subclasses add syscalls as the lecture's homework edits {@code _handle_syscall} and
 * {@code _finish_task}: override {@link #handleSyscall} and {@link #finishTask}, call {@code super}
 * for the rest, and make a parked task ready with {@link #schedule} / {@link #scheduleThrow}. The
 * loop itself is {@code final}: a tool that counts steps (a test, the grader) sees every step.
 *
 * <p>All of it runs on the thread that called {@link #run}. What grew around the loop has a file
 * of its own, joined to it at one named point: {@link ToThreadWorkers}, {@link VirtualTimeStall},
 * {@link DebugMode}, {@link Ending}, {@link UnretrievedFailures}, {@link StuckAction} (for
 * {@link MonitorWatchdog}) and the {@link Instrument} hooks.
 */
public class Scheduler {

    /** The lecture's {@code _current}: a thread slot, since a loop and all its tasks run on one thread. */
    private static final ThreadLocal<Scheduler> CURRENT = new ThreadLocal<>();

    /** Tasks that can run now, each carrying the value it will be sent. */
    protected final ArrayDeque<Task> ready = new ArrayDeque<>();
    /** Tasks waiting for a timer: a binary heap by (wake time, sequence number). */
    protected final TimerHeap sleeping = new TimerHeap();
    /** How each finished task ended, by tid: a map kept as an array indexed by tid ({@link TaskResults}). */
    protected final Map<Integer, Step.Outcome> results = new TaskResults();
    /** The last tid handed out; the first task gets 1, as in the lecture. */
    protected int nextId = 0;

    private final Clock clock;
    private Task current; // the task being stepped (or closed), else null
    private boolean started;
    private Instrument instrument; // null when none: one check per hook on the hot path
    private final ToThreadWorkers workers = new ToThreadWorkers(this);
    private final VirtualTimeStall stall;
    private final DebugMode debug = new DebugMode(this);
    private final Ending ending = new Ending();
    private final UnretrievedFailures unretrieved = new UnretrievedFailures();
    final StuckAction stuck = new StuckAction();

    /** A scheduler on the clock that {@link LoopPolicy} says (monotonic unless set otherwise). */
    public Scheduler() {
        this(LoopPolicy.newClock());
    }

    public Scheduler(Clock clock) {
        ExportCheck.requireContinuations();
        Coroutine.warmUp();
        this.clock = clock;
        this.stall = new VirtualTimeStall(this, workers, clock instanceof VirtualClock);
        LoopPolicy.apply(this);
    }

    // ------------------------------------------------------------------ the lecture's methods

    /** The lecture's {@code _new_tid}. */
    protected final int newTid() {
        return ++nextId;
    }

    /**
     * The lecture's {@code create_task}: a new task, ready to start; returns its tid and does not
     * suspend the caller. A null {@code name} means "task N", made only when asked for.
     */
    public int createTask(String name, Callable<?> body) {
        int tid = newTid();
        Task task = new Task(tid, name, body, current);
        task.context = ContextVar.snapshot(current); // a copy of the creator's, as asyncio copies the context
        if (debug.isOn()) {
            task.createdAt = new Throwable("task created here"); // reports show where it was created
        }
        ready.addLast(task);
        if (instrument != null) {
            instrument.taskSpawned(task, current);
        }
        return tid;
    }

    public int createTask(Callable<?> body) {
        return createTask(null, body);
    }

    /**
     * The lecture's {@code run}: {@code main} as a task, then the loop until <em>all</em> tasks have
     * finished (or, see {@link Ending}, main). Returns main's result or rethrows its exception (a
     * checked one in a {@link Step.TaskFailedException}); other failures nobody retrieved are
     * printed, never lost. If the loop fails (a deadlock), the tasks left are closed.
     */
    @SuppressWarnings("unchecked")
    public final <T> T run(String name, Callable<T> main) {
        if (CURRENT.get() != null) {
            throw new IllegalStateException("run() called while a scheduler is already running on this thread:"
                    + " inside a task, start more tasks with createTask() instead");
        }
        if (started) {
            throw new IllegalStateException("this Scheduler has already run: make a new one for each run()");
        }
        started = true;
        CURRENT.set(this);
        MonitorWatchdog.watch(this); // reports a task blocked on a monitor that a suspended task holds
        try {
            int mainTid = createTask(name, main);
            ending.mainIs(mainTid);
            while (hasWork() && !ending.reached(results)) {
                workers.handBack(); // toThread calls that came back: their tasks go to ready
                wakeSleeping();
                if (ready.isEmpty()) {
                    idleWaitOrDeadlock();
                    continue;
                }
                stall.check(); // on the virtual clock, a task polling sleep(0) must not freeze time for good
                stepOne();
            }
            if (ending.withMain()) {
                closeAll(); // main has finished: the tasks left are closed, as asyncio.run cancels them
            }
            Step.Outcome outcome = takeResult(mainTid);
            unretrieved.report(System.err, results);
            return (T) outcome.get();
        } catch (Throwable failure) {
            try {
                closeAll();
            } catch (Throwable whileClosing) {
                failure.addSuppressed(whileClosing); // must not hide the failure that stopped the loop
            }
            unretrieved.report(System.err, results); // no way out of run() loses an exception
            throw failure;
        } finally {
            workers.shutdown();
            MonitorWatchdog.unwatch();
            CURRENT.remove();
        }
    }

    public final <T> T run(Callable<T> main) {
        return run("main", main);
    }

    /** The lecture's {@code _has_work}: is anything left that may still run? */
    protected boolean hasWork() {
        return !ready.isEmpty() || !sleeping.isEmpty() || workers.busy();
    }

    /** The lecture's {@code _wake_sleeping}: every task whose timer is due goes to {@code ready}. */
    protected final void wakeSleeping() {
        if (sleeping.isEmpty()) {
            return;
        }
        long now = clock.nanoTime();
        while (!sleeping.isEmpty() && sleeping.firstWakeAt() <= now) {
            ready.addLast(sleeping.poll()); // resumed with null: sleep() returns nothing
        }
    }

    /**
     * The lecture's {@code _idle_wait_or_deadlock}: nothing is ready, so block until the nearest
     * timer, or a worker's result if one runs. No polling (on the virtual clock, time jumps). If
     * nothing can ever make a task ready, that is a deadlock.
     */
    protected void idleWaitOrDeadlock() {
        Task next = sleeping.peek();
        if (workers.busy()) {
            workers.waitForOne(next, clock);
            return;
        }
        if (next == null) {
            throw deadlock();
        }
        long from = clock.nanoTime();
        idleWaited(from, Math.max(from, next.wakeAt));
        clock.sleepUntil(next.wakeAt);
    }

    /** The lecture's {@code _step_one}: resume the first ready task until it yields a syscall or ends. */
    protected final void stepOne() {
        Task task = ready.pollFirst();
        current = task;
        if (instrument != null) {
            instrument.beforeStep(task); // it may still read what the task is about to be sent
        }
        Step step;
        try {
            step = task.resume(); // task.send(value): the value (or exception) schedule() left in the task
        } finally {
            current = null;
        }
        if (instrument != null) {
            instrument.afterStep(task, step);
        }
        switch (step) {
            case Step.Yielded(Object syscall) -> handleSyscall(task, syscall);
            case Step.Outcome outcome -> finishTask(task, outcome);
        }
    }

    /** The lecture's {@code _finish_task}. A failure stays unretrieved until {@link #takeResult}. */
    protected void finishTask(Task task, Step.Outcome outcome) {
        results.put(task.tid, outcome);
        if (outcome instanceof Step.Failed) {
            unretrieved.add(task);
        }
        if (instrument != null) {
            instrument.taskExited(task, outcome);
        }
    }

    /** The lecture's {@code _handle_syscall}; an unknown syscall is thrown into the task, at its line. */
    protected void handleSyscall(Task task, Object syscall) {
        switch (syscall) {
            case Sleep sleep -> sleepTask(task, sleep.nanos());
            case ToThread toThread -> workers.start(task, toThread.call());
            case null, default -> scheduleThrow(task, unknownSyscall(syscall));
        }
    }

    // ------------------------------------------------------------ helpers for subclasses

    /** Makes {@code task} ready, to be resumed with {@code value}: {@code ready.append((tid, task, value))}. */
    protected final void schedule(Task task, Object value) {
        task.transfer = value;
        task.throwIn = null;
        ready.addLast(task);
    }

    /** Makes {@code task} ready, to be resumed by throwing {@code exception} at its yield. */
    protected final void scheduleThrow(Task task, Throwable exception) {
        task.transfer = null;
        task.throwIn = exception;
        ready.addLast(task);
    }

    /** Puts {@code task} to sleep for {@code nanos}; 0 means "back of the ready queue", no timer. */
    protected final void sleepTask(Task task, long nanos) {
        if (nanos == 0) {
            schedule(task, null);
            return;
        }
        long now = clock.nanoTime();
        task.wakeAt = nanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos;
        sleeping.add(task);
    }

    /**
     * Takes a parked task (neither ready nor sleeping) out of its wait, so that nothing wakes it:
     * with {@code ready.remove} and {@code sleeping.remove}, the one way to cancel any wait. The
     * core parks a task in {@code toThread} (its worker runs on; its result is dropped);
     * subclasses take theirs out and otherwise return {@code super.unpark(task)}.
     */
    protected boolean unpark(Task task) {
        return workers.forget(task);
    }

    /** How task {@code tid} ended, marking a failure as retrieved (not reported as lost); null while it runs. */
    protected final Step.Outcome takeResult(int tid) {
        unretrieved.remove(tid);
        return results.get(tid);
    }

    /** Tasks that have not finished: ready, sleeping, in {@code toThread}; subclasses add the ones they park. */
    protected List<Task> pendingTasks() {
        List<Task> pending = new ArrayList<>(ready);
        pending.addAll(sleeping);
        pending.addAll(workers.tasks());
        return pending;
    }

    /** "Tasks wait but nothing can wake them" (never while a worker runs); subclasses say who waits for what. */
    protected DeadlockException deadlock() {
        return new DeadlockException("deadlock: no task is ready or sleeping, but tasks still wait: " + pendingTasks());
    }

    /** An error naming the syscall, with no stack yet: it gets the task's stack when thrown there. */
    protected final RuntimeException unknownSyscall(Object syscall) {
        String what = syscall == null ? "null" : syscall + " (" + syscall.getClass().getName() + ")";
        IllegalArgumentException e = new IllegalArgumentException("unknown syscall: " + what + ". "
                + getClass().getSimpleName() + " does not handle it: yield a syscall the scheduler knows"
                + " (Sleep), or add one by overriding handleSyscall in a subclass");
        e.setStackTrace(new StackTraceElement[0]);
        return e;
    }

    /**
     * Closes every unfinished task, so that its {@code finally} blocks run. The task is current
     * meanwhile, so that a suspension there suspends and {@link Coroutine#close} reports it as
     * ignoring close() (as "outside a task" it could be caught, again and again, for ever).
     */
    protected void closeAll() {
        for (Task task : pendingTasks()) {
            current = task;
            try {
                task.close();
            } catch (Throwable raised) { // nobody can retrieve it now: it is reported at the end of run
                Step.Failed failed = new Step.Failed(raised);
                results.put(task.tid, failed);
                unretrieved.add(task);
                if (instrument != null) {
                    instrument.taskExited(task, failed);
                }
            } finally {
                current = null;
            }
        }
        ready.clear();
        sleeping.clear();
        workers.forgetAll(); // their worker threads finish on their own; what they hand back is dropped
    }

    /** On a worker thread, once a toThread result is handed back: a loop idling in a selector wakes itself. */
    protected void workerHandedBack() {
    }

    /** For a subclass whose loop idles elsewhere: the instruments hear it idled from {@code from} to {@code to}. */
    protected final void idleWaited(long from, long to) {
        if (instrument != null) {
            instrument.idleWait(from, to);
        }
    }

    /** Python's {@code yield Sleep(d)}: suspends the running task; {@code caller} names it in errors. */
    public static Object syscall(String caller, Object request) {
        return Coroutine.suspend(MiniAsyncio.runningTask(caller), request);
    }

    // ------------------------------- accessors, and the settings each collaborator keeps

    /** The scheduler running on this thread, or null outside {@link #run}. */
    public static Scheduler current() { return CURRENT.get(); }

    /** The task running right now (or being closed), or null between steps. */
    public final Task currentTask() { return current; }

    public final Clock clock() { return clock; }

    /** Loop time in seconds, like asyncio's {@code loop.time()}. */
    public final double now() { return clock.now(); }

    /** How task {@code tid} ended, or null if it has not (does not mark anything retrieved). */
    public final Step.Outcome resultOf(int tid) { return results.get(tid); }

    /** Tasks that failed and whose exception nobody has retrieved yet. */
    public final List<Task> unretrievedFailures() { return unretrieved.list(); }

    /** Unfinished tasks. */
    public final List<Task> pending() { return pendingTasks(); }

    /** How many tasks are in {@code ready} right now (for statistics; O(1)). */
    public final int readySize() { return ready.size(); }

    /** Debug mode, as asyncio's {@code loop.set_debug(True)}: see {@link DebugMode}. */
    public final void setDebug(boolean on) { debug.set(on); }

    public final boolean isDebug() { return debug.isOn(); }

    /** In debug mode, a step longer than {@code seconds} (real time) is reported; default 0.1. */
    public final void setSlowStepThreshold(double seconds) { debug.setSlowStepThreshold(seconds); }

    public final double slowStepThreshold() { return debug.slowStepThreshold(); }

    /**
     * With {@code true}, {@link #run} ends as {@code asyncio.run()} does: once main has finished,
     * the tasks still pending are closed (their {@code finally} blocks run). {@code @AsyncTest} uses it.
     */
    public final void setEndWithMain(boolean endWithMain) { ending.setWithMain(endWithMain); }

    /** Steps at one virtual instant, with timers pending, before the run stops (default 5,000,000). */
    public final void setStallLimit(long steps) { stall.setLimit(steps); }

    /**
     * What to do with the report when the loop's thread is stuck for good on a monitor that a
     * suspended task holds (run on the watchdog's thread; default: print it on stderr). {@link #run}
     * never returns then: the blocked thread cannot be woken.
     */
    public final void setOnStuck(Consumer<String> action) { stuck.set(action); }

    /** The report of why this loop is stuck for good, or null while it is not. */
    public final String stuckReport() { return stuck.report(); }

    public final void addInstrument(Instrument added) { instrument = Instruments.plus(instrument, added); }

    public final void removeInstrument(Instrument removed) { instrument = Instruments.minus(instrument, removed); }
}
