package miniasyncio;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.IntPredicate;
import miniasyncio.around.Ending;
import miniasyncio.around.ExportCheck;
import miniasyncio.around.LoopPolicy;
import miniasyncio.around.LoopSettings;
import miniasyncio.around.MonitorWatchdog;
import miniasyncio.around.ToThreadWorkers;
import miniasyncio.around.UnretrievedFailures;
import miniasyncio.around.VirtualTimeStall;
import miniasyncio.trace.Instrument;

/**
 * The lecture's {@code mini_asyncio.Scheduler}, name for name in camelCase; but {@code sleeping} is a heap by (wake
 * time, sequence number), as asyncio's {@code _scheduled} ({@link TimerHeap}): O(log n) a timer, FIFO at equal times.
 *
 * <p>The lecture's methods first, in its order; then {@link #runUntil}, its {@code run} with a stop condition, the one
 * way the loop runs (the exercise steps build asyncio's extras on it); then the helpers the homework uses. Subclasses
 * add syscalls as the homework edits {@code _handle_syscall} and {@code _finish_task}: they override
 * {@link #handleSyscall} and {@link #finishTask}, call {@code super} for the rest, and wake parked tasks with
 * {@link #schedule} / {@link #scheduleThrow}. The loop is {@code final}: the grader's step meter sees every step.
 *
 * <p>All of it runs on the thread that called {@link #run}. What grew around the loop is in {@code miniasyncio.around},
 * a file each, which says where the loop calls it: {@link ToThreadWorkers} (made at the first {@code toThread}),
 * {@link UnretrievedFailures}, {@link MonitorWatchdog}, {@link Ending} (asked once a run), {@link VirtualTimeStall}
 * (on the virtual clock only), and the settings {@link LoopSettings} lists.
 */
public class Scheduler {

    /** Tasks that can run now, each carrying the value it will be sent. */
    protected final ArrayDeque<Task> ready = new ArrayDeque<>();
    /** Tasks waiting for a timer: a binary heap by (wake time, sequence number). */
    protected final TimerHeap sleeping = new TimerHeap();
    /** How each finished task ended, by tid: a map kept as an array indexed by tid ({@link TaskResults}). */
    protected final Map<Integer, Step.Outcome> results = new TaskResults();
    protected int nextId = 0; // the last tid handed out: the first task gets 1, as in the lecture

    private static final ThreadLocal<Scheduler> CURRENT = new ThreadLocal<>(); // the lecture's _current, per thread
    private final Clock clock;
    private Task current; // the task being stepped (or closed), else null
    private boolean started; // a loop has run on it
    protected boolean closed; // the loop has been closed (the end of run, step 9's close()): no task may start
    Instrument instrument; // null when none: one check per hook on the hot path (set by LoopSettings)
    private ToThreadWorkers workers; // null until first asked (workers()): a turn of a run without toThread reads null
    private final UnretrievedFailures unretrieved = new UnretrievedFailures();
    private final Ending ending = new Ending();
    private final VirtualTimeStall stall;
    private final LoopSettings settings;
    private final LoopView view;

    /** A scheduler on the clock that {@link LoopPolicy} says (monotonic unless set otherwise). */
    public Scheduler() { this(LoopPolicy.newClock()); }
    public Scheduler(Clock clock) {
        ExportCheck.requireContinuations(); // before Coroutine is loaded: without the export, say what to add
        Coroutine.warmUp();
        this.clock = clock;
        this.stall = new VirtualTimeStall(clock);
        this.settings = new LoopSettings(installed -> instrument = installed, ending, stall);
        this.view = new LoopView(ready, sleeping, results, unretrieved, this::pendingTasks, () -> closed);
        LoopPolicy.apply(this);
    }

    // ------------------------------------------------------------------ the lecture's methods
    protected final int newTid() { return ++nextId; } // the lecture's _new_tid
    /** The lecture's {@code create_task}: a task ready to start; returns its tid. A null name means "task N". */
    public int createTask(String name, Callable<?> body) {
        if (closed) {
            throw new IllegalStateException("this Scheduler is closed: no task can start on it (asyncio: Event loop is closed)");
        }
        int tid = newTid();
        Task task = new Task(tid, name, body, current); // in a copy of its creator's context, as asyncio's
        task.createdAt = settings.isDebug() ? new Throwable("task created here") : null; // reports say where
        ready.addLast(task);
        if (instrument != null) {
            instrument.taskSpawned(task, current);
        }
        return tid;
    }
    public int createTask(Callable<?> body) { return createTask(null, body); }

    /**
     * The lecture's {@code run}: {@code main} as a task, then the loop until <em>all</em> tasks have finished (or main:
     * {@link Ending}); returns main's result or rethrows its exception (a checked one in a TaskFailedException). A
     * scheduler runs once: then it is closed, with the tasks left.
     */
    @SuppressWarnings("unchecked")
    public final <T> T run(String name, Callable<T> main) {
        if (started || closed) {
            throw new IllegalStateException("this Scheduler has already " + (started ? "run" : "been closed")
                    + ": make a new one for each run()");
        }
        IntPredicate stop = ending.withMain() ? results::containsKey : mainTid -> false; // asked once, not each turn
        return (T) runUntil("run()", name, main, stop, true).get();
    }
    public final <T> T run(Callable<T> main) { return run("main", main); }
    /** The lecture's {@code _has_work}: is anything left that may still run? */
    protected boolean hasWork() { return !ready.isEmpty() || !sleeping.isEmpty() || workers != null && workers.busy(); }
    /**
     * The lecture's {@code _wake_sleeping}: each task whose timer is due goes to {@code ready}, to be sent {@code None}
     * ({@code schedule} stores into it now: the tasks due together are fetched together: the performance notes).
     */
    protected final void wakeSleeping() {
        long now = sleeping.isEmpty() ? 0 : clock.nanoTime(); // no timer: no clock read
        while (!sleeping.isEmpty() && sleeping.firstWakeAt() <= now) {
            schedule(sleeping.poll(), null); // resumed with null: sleep() returns nothing
        }
    }

    /** The lecture's {@code _idle_wait_or_deadlock}: block (no polling) until the next timer or a worker's result. */
    protected void idleWaitOrDeadlock() {
        if (workers != null && workers.busy()) {
            workers.waitForOne(sleeping, clock);
            return;
        }
        if (sleeping.isEmpty()) {
            throw deadlock();
        }
        long from = clock.nanoTime(), wakeAt = sleeping.firstWakeAt();
        idleWaited(from, Math.max(from, wakeAt));
        clock.sleepUntil(wakeAt);
    }

    protected final void stepOne() { step(ready.pollFirst()); } // the lecture's _step_one: the first ready task
    /** One step of {@code task}, out of {@code ready}: stepOne's first, or step 3's new task inside its creator's step. */
    protected final void step(Task task) {
        Task creator = current; // null between steps; mid-step beneath an eager one
        current = task;
        if (instrument != null) {
            instrument.beforeStep(task); // it may still read what the task is about to be sent
        }
        Step step;
        try {
            step = task.resume(); // task.send(value): the value (or exception) schedule() left in the task
        } finally {
            current = creator;
        }
        if (instrument != null) {
            instrument.afterStep(task, step);
        }
        switch (step) {
            case Step.Yielded yielded -> handleSyscall(task, yielded.value); // a field: the walk enters no Step.java
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
            case ToThread toThread -> workers().start(task, ContextVar.bound(task.context, toThread.call()));
            case null, default -> scheduleThrow(task, SuspendErrors.unknownSyscall(getClass(), syscall));
        }
    }

    /**
     * The lecture's {@code run} with a stop condition, the one way the loop runs: {@code main} becomes a task, and the
     * loop turns while there is work and {@code stop} (asked before each turn, with main's tid) says go on; returns
     * how main ended, taken (its failure is not reported as lost). In: this thread's scheduler is set (the lecture's
     * {@code _current.set(self)}), the monitor watchdog watches; out: both undone. With {@code thenClose} the tasks
     * left are closed (their {@code finally} blocks run), lost failures reported, the loop closed; without, they wait
     * for a later call. A failure of the loop (a deadlock, a broken hook) closes it so, and is rethrown. A null
     * {@code main}: the loop only closes. {@code caller} names the call in errors (inside a running loop, once closed).
     */
    protected final Step.Outcome runUntil(String caller, String name, Callable<?> main, IntPredicate stop,
                                          boolean thenClose) {
        if (CURRENT.get() != null) {
            throw new IllegalStateException(caller + " called while a scheduler is already running on this thread:"
                    + " inside a task, start more tasks with createTask() instead");
        }
        if (closed) {
            throw new IllegalStateException("this Scheduler is closed: " + (started ? "it has run" : "it was closed"));
        }
        started |= main != null;
        CURRENT.set(this);
        MonitorWatchdog.watch(this); // reports a task blocked on a monitor that a suspended task holds
        try {
            int mainTid = main == null ? 0 : createTask(name, main);
            while (main != null && hasWork() && !stop.test(mainTid)) {
                if (workers != null) {
                    workers.handBack(); // toThread calls that came back: their tasks go to ready
                }
                wakeSleeping();
                if (ready.isEmpty()) {
                    idleWaitOrDeadlock();
                    continue;
                }
                if (clock instanceof VirtualClock) { // on the real clock time moves by itself: nothing to ask
                    stall.check(ready, sleeping, workers != null && workers.busy()); // polling must not freeze time
                }
                stepOne();
            }
            Step.Outcome outcome = main == null ? null : takeResult(mainTid);
            if (main != null && outcome == null) { // a subclass counts the tasks it parks in hasWork(): this is a bug
                throw new IllegalStateException(caller + ": no work is left (hasWork() is false) but main has not ended");
            }
            if (thenClose) {
                closeAfter(null);
            }
            return outcome;
        } catch (Throwable failure) {
            if (!closed) { // else closeAfter(null) itself failed, having closed it
                closeAfter(failure);
            }
            throw failure;
        } finally {
            MonitorWatchdog.unwatch();
            CURRENT.remove();
        }
    }

    /** Closes the loop: the tasks left, the report of lost failures, the workers; {@code failure} stays the one thrown. */
    private void closeAfter(Throwable failure) {
        closed = true;
        try {
            closeAll();
        } catch (Throwable whileClosing) {
            if (failure == null) {
                throw whileClosing;
            }
            failure.addSuppressed(whileClosing); // must not hide the failure that stopped the loop
        } finally {
            unretrieved.report(System.err, results); // no way out of the loop loses an exception
            workers().shutdown();
        }
    }

    // ------------------------------------------------------------ helpers for subclasses
    /** Makes {@code task} ready, to be resumed with {@code value}: {@code ready.append((tid, task, value))}. */
    protected final void schedule(Task task, Object value) {
        task.sendIn = value;
        task.throwIn = null;
        ready.addLast(task);
    }
    /** Makes {@code task} ready, to be resumed by throwing {@code exception} at its yield. */
    protected final void scheduleThrow(Task task, Throwable exception) {
        task.sendIn = null;
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
        sleeping.add(task, nanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos); // the heap keeps the wake time
    }

    /** Takes a parked task out of its wait to cancel it: the core parks only in {@code toThread}; a subclass its own. */
    protected boolean unpark(Task task) { return workers().forget(task); }

    /** How task {@code tid} ended, marking a failure as retrieved (not reported as lost); null while it runs. */
    protected final Step.Outcome takeResult(int tid) {
        unretrieved.remove(tid);
        return results.get(tid);
    }

    /** Tasks that have not finished: ready, sleeping, in {@code toThread}; subclasses add the ones they park. */
    protected List<Task> pendingTasks() {
        List<Task> pending = new ArrayList<>(ready);
        pending.addAll(sleeping);
        pending.addAll(workers().tasks());
        return pending;
    }

    /** "Tasks wait but nothing can wake them" (never while a worker runs); subclasses say who waits for what. */
    protected DeadlockException deadlock() {
        return new DeadlockException("deadlock: no task is ready or sleeping, but tasks still wait: " + pendingTasks());
    }

    /** Closes every unfinished task (its {@code finally} blocks run) as the current task: see {@link Coroutine#close}. */
    protected void closeAll() {
        List<Task> left = pendingTasks();
        for (int i = 0; instrument != null && i < left.size(); i++) {
            instrument.closingTask(left.get(i)); // before any is closed: each stack still says where it waits
        }
        for (Task task : left) {
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
        workers().forgetAll(); // their worker threads finish on their own; what they hand back is dropped
    }

    /** On a worker thread, once a toThread result is handed back: a loop idling in a selector wakes itself. */
    protected void workerHandedBack() {}

    /** For a subclass whose loop idles elsewhere: the instruments hear it idled from {@code from} to {@code to}. */
    protected final void idleWaited(long from, long to) {
        if (instrument != null) {
            instrument.idleWait(from, to);
        }
    }
    private ToThreadWorkers workers() { // the loop's protected helpers, handed to the workers as method references
        return workers != null ? workers : (workers = new ToThreadWorkers(new ToThreadWorkers.Loop(this::schedule,
                this::scheduleThrow, this::idleWaited, this::workerHandedBack)));
    }
    /**
     * Python's {@code yield request}: suspends the running task, handing {@code request} to {@link #handleSyscall};
     * returns what the task is resumed with ({@code caller} names it in errors). {@code sleep} makes these two calls
     * itself, so that a sleeping task's frozen stack holds no frame of this one (37 bytes a sleeper).
     */
    public static Object syscall(String caller, Object request) {
        return Coroutine.suspend(MiniAsyncio.runningTask(caller), Step.Yielded.of(request));
    }
    /** The scheduler running on this thread (a loop and all its tasks run on one), or null outside {@link #run}. */
    public static Scheduler current() { return CURRENT.get(); }
    /** Debug mode, the ending, the stall limit, the stuck action, instruments: none is in the lecture. */
    public final LoopSettings settings() { return settings; }
    /** The task running right now (or being closed), or null between steps. */
    public final Task currentTask() { return current; }
    public final Clock clock() { return clock; }
    /** Loop time in seconds, like asyncio's {@code loop.time()}. */
    public final double now() { return clock.now(); }
    /** How task {@code tid} ended, or null if it has not (does not mark anything retrieved). */
    public final Step.Outcome resultOf(int tid) { return results.get(tid); }
    /** The loop's structures, read-only, for the pictures of a run ({@code miniasyncio.trace.LoopState} draws them). */
    public final LoopView view() { return view; }
}
