package miniasyncio;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
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
 * <p>Subclasses add syscalls as the homework edits {@code _handle_syscall} and {@code _finish_task}: they override
 * {@link #handleSyscall} and {@link #finishTask}, call {@code super} for the rest, and wake parked tasks with
 * {@link #schedule} / {@link #scheduleThrow}. The loop is {@code final}: the grader's step meter sees every step.
 *
 * <p>All of it runs on the thread that called {@link #run}. What grew around the loop lives in the package
 * {@code miniasyncio.around}, a file each, which says where the loop calls it: {@link ToThreadWorkers},
 * {@link UnretrievedFailures}, {@link MonitorWatchdog}, {@link Ending}, {@link VirtualTimeStall}, and the settings
 * that {@link LoopSettings} lists (the stuck action; debug mode and instruments, which live with tracing).
 *
 * <p>One file of about 500 lines on purpose: it is the lecture's class, with every method the lecture's
 * {@code Scheduler} has, so that it reads beside the lecture; a few given extras (running until one task is done,
 * closing, the eager first step) sit at the end of their section, each saying that it is not the lecture's.
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
    private boolean started; // run() or runUntilDone() has been called
    private boolean closed;  // run() has ended, or close() was called: no loop may start
    Instrument instrument; // null when none: one check per hook on the hot path (set by LoopSettings)
    private final ToThreadWorkers workers = new ToThreadWorkers(new WorkersLoop());
    private final UnretrievedFailures unretrieved = new UnretrievedFailures();
    private final Ending ending = new Ending();
    private final VirtualTimeStall stall;
    private final LoopSettings settings;

    /** A scheduler on the clock that {@link LoopPolicy} says (monotonic unless set otherwise). */
    public Scheduler() { this(LoopPolicy.newClock()); }
    public Scheduler(Clock clock) {
        ExportCheck.requireContinuations();
        Coroutine.warmUp();
        this.clock = clock;
        this.stall = new VirtualTimeStall(clock, workers);
        this.settings = new LoopSettings(installed -> instrument = installed, ending, stall);
        LoopPolicy.apply(this);
    }

    // ------------------------------------------------------------------ the lecture's methods

    /** The lecture's {@code _new_tid}. */
    protected final int newTid() { return ++nextId; }

    /** The lecture's {@code create_task}: a task ready to start; returns its tid. A null name means "task N". */
    public int createTask(String name, Callable<?> body) {
        if (closed) {
            throw new IllegalStateException("this Scheduler is closed: no task can start on it (asyncio: Event loop is closed)");
        }
        int tid = newTid();
        Task task = new Task(tid, name, body, current);
        task.context = ContextVar.snapshot(current); // a copy of the creator's, as asyncio copies the context
        if (settings.isDebug()) {
            task.createdAt = new Throwable("task created here"); // reports show where it was created
        }
        ready.addLast(task);
        if (instrument != null) {
            instrument.taskSpawned(task, current);
        }
        return tid;
    }
    public int createTask(Callable<?> body) { return createTask(null, body); }

    /**
     * The lecture's {@code run}: {@code main} as a task, then the loop until <em>all</em> tasks have finished (or
     * main: {@link Ending}). Returns main's result or rethrows its exception (a checked one in a TaskFailedException).
     * A scheduler runs once: afterwards it is closed ({@link #isClosed}).
     */
    @SuppressWarnings("unchecked")
    public final <T> T run(String name, Callable<T> main) {
        requireNoLoopRunning("run()");
        if (started || closed) {
            throw new IllegalStateException("this Scheduler has already " + (started ? "run" : "been closed")
                    + ": make a new one for each run()");
        }
        started = true;
        CURRENT.set(this);
        MonitorWatchdog.watch(this); // reports a task blocked on a monitor that a suspended task holds
        try {
            int mainTid = createTask(name, main);
            loop(() -> ending.reached(results, mainTid));
            if (ending.withMain()) {
                closeAll(); // main has finished: the tasks left are closed, as asyncio.run cancels them
            }
            Step.Outcome outcome = takeResult(mainTid);
            unretrieved.report(System.err, results);
            return (T) outcome.get();
        } catch (Throwable failure) { // a deadlock, a broken hook, main's exception: the tasks left are closed
            closeAfter(failure);
            throw failure;
        } finally {
            closed = true;
            workers.shutdown();
            MonitorWatchdog.unwatch();
            CURRENT.remove();
        }
    }
    public final <T> T run(Callable<T> main) { return run("main", main); }

    /**
     * Given, not the lecture's: asyncio's {@code loop.run_until_complete(main)}, what asyncio's {@code Runner} runs
     * each main with. {@code main} becomes a task, as in {@link #run}, and the loop runs until it has ended; the tasks
     * ready at that moment take one more turn each (asyncio's loop stops one iteration later). Then it returns main's
     * result (or rethrows its exception) and leaves every other task where it waits: a later call goes on with them,
     * {@link #close} closes them. A deadlock or a broken hook closes the scheduler, as it ends {@link #run}.
     *
     * @throws IllegalStateException inside a running loop, once the scheduler is closed, or after {@link #run}
     */
    @SuppressWarnings("unchecked")
    public final <T> T runUntilDone(String name, Callable<T> main) {
        requireNoLoopRunning("runUntilDone()");
        if (closed) {
            throw new IllegalStateException("this Scheduler is closed: " + (started ? "it has run" : "close() was called"));
        }
        started = true;
        CURRENT.set(this);
        MonitorWatchdog.watch(this);
        Step.Outcome outcome;
        try {
            int mainTid = createTask(name, main);
            int[] lastTurns = {-1}; // -1: main has not ended yet
            loop(() -> {
                if (!results.containsKey(mainTid)) {
                    return false;
                }
                if (lastTurns[0] < 0) {
                    lastTurns[0] = ready.size(); // the tasks ready now run once more, then the loop stops
                }
                return lastTurns[0]-- <= 0 || ready.isEmpty();
            });
            outcome = takeResult(mainTid);
            if (outcome == null) {
                throw deadlock(); // nothing left that runs can finish it
            }
        } catch (Throwable failure) { // the loop cannot go on: the tasks left are closed
            closed = true;
            closeAfter(failure);
            workers.shutdown();
            throw failure;
        } finally {
            MonitorWatchdog.unwatch();
            CURRENT.remove();
        }
        return (T) outcome.get(); // its own exception leaves the others where they are
    }

    /**
     * Given, not the lecture's: asyncio's {@code loop.close()}. The tasks still pending (a {@link #runUntilDone} left
     * them) are closed, so their {@code finally} blocks run; failures nobody retrieved are reported; the
     * {@code toThread} workers end. Then no run may start. A second call does nothing.
     *
     * @throws IllegalStateException inside a running loop
     */
    public final void close() {
        requireNoLoopRunning("close()");
        if (closed) {
            return;
        }
        closed = true;
        CURRENT.set(this); // the finally blocks may ask for the scheduler
        try {
            closeAll();
            unretrieved.report(System.err, results);
        } finally {
            workers.shutdown();
            CURRENT.remove();
        }
    }

    /** asyncio's {@code loop.is_closed()}: true once {@link #run} has ended or {@link #close} was called. */
    public final boolean isClosed() { return closed; }

    /** The lecture's {@code while self._has_work()} loop, until {@code stop} says so. */
    private void loop(BooleanSupplier stop) {
        while (hasWork() && !stop.getAsBoolean()) {
            workers.handBack(); // toThread calls that came back: their tasks go to ready
            wakeSleeping();
            if (ready.isEmpty()) {
                idleWaitOrDeadlock();
                continue;
            }
            stall.check(ready, sleeping); // on the virtual clock, a task polling sleep(0) must not freeze time for good
            stepOne();
        }
    }

    private void closeAfter(Throwable failure) {
        try {
            closeAll();
        } catch (Throwable whileClosing) {
            failure.addSuppressed(whileClosing); // must not hide the failure that stopped the loop
        }
        unretrieved.report(System.err, results); // no way out of run() loses an exception
    }

    private static void requireNoLoopRunning(String caller) {
        if (CURRENT.get() != null) {
            throw new IllegalStateException(caller + " called while a scheduler is already running on this thread:"
                    + " inside a task, start more tasks with createTask() instead");
        }
    }

    /** The lecture's {@code _has_work}: is anything left that may still run? */
    protected boolean hasWork() { return !ready.isEmpty() || !sleeping.isEmpty() || workers.busy(); }

    /**
     * The lecture's {@code _wake_sleeping}: every task whose timer is due goes to {@code ready},
     * to be sent {@code None}. Written as the lecture writes it, {@code schedule(task, null)}
     * stores into each woken task now: the tasks due together are fetched from memory together,
     * not one at a time when each is resumed (about a sixth of a timer op at 10k-40k sleepers,
     * docs/performance.md).
     */
    protected final void wakeSleeping() {
        if (sleeping.isEmpty()) {
            return;
        }
        long now = clock.nanoTime();
        while (!sleeping.isEmpty() && sleeping.firstWakeAt() <= now) {
            schedule(sleeping.poll(), null); // resumed with null: sleep() returns nothing
        }
    }

    /** The lecture's {@code _idle_wait_or_deadlock}: block (no polling) until the next timer or a worker's result. */
    protected void idleWaitOrDeadlock() {
        if (workers.busy()) {
            workers.waitForOne(sleeping, clock);
            return;
        }
        if (sleeping.isEmpty()) {
            throw deadlock();
        }
        long from = clock.nanoTime();
        long wakeAt = sleeping.firstWakeAt();
        idleWaited(from, Math.max(from, wakeAt));
        clock.sleepUntil(wakeAt);
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

    /**
     * asyncio's eager start ({@code eager_task_factory}, {@code Task(..., eager_start=True)}): steps {@code task}, just
     * created and not started, now, inside the step of the task that created it, until its first suspension, then
     * handles its syscall or its end as {@link #stepOne} does. A task that ends there is done before its creator goes on
     * and never waits in {@code ready}; during that step it is the current task (its own {@link ContextVar} values).
     * Outside {@link #run} it does nothing and returns false: the task starts at its turn, as asyncio starts a task
     * eagerly only in a running loop. Not in the lecture: its scheduler starts every task at its turn in {@code ready}.
     *
     * @throws IllegalStateException if {@code task} has started or is not in {@code ready}
     */
    protected final boolean stepEagerly(Task task) {
        if (CURRENT.get() != this) {
            return false;
        }
        if (task.state != Coroutine.CREATED || !ready.removeLastOccurrence(task)) {
            throw new IllegalStateException(task + " cannot start eagerly: only a task just created, not started and"
                    + " still in ready can");
        }
        Task creator = current; // mid-step beneath it (or null, between steps): it goes on once this step is over
        current = task;
        if (instrument != null) {
            instrument.beforeStep(task);
        }
        Step step;
        try {
            step = task.resume(); // a continuation mounted inside the creator's: its yield comes back here
        } finally {
            current = creator;
        }
        if (instrument != null) {
            instrument.afterStep(task, step);
        }
        switch (step) {
            case Step.Yielded(Object syscall) -> handleSyscall(task, syscall);
            case Step.Outcome outcome -> finishTask(task, outcome);
        }
        return true;
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
            case ToThread toThread -> workers.start(task, ContextVar.bound(task.context, toThread.call()));
            case null, default -> scheduleThrow(task, unknownSyscall(syscall));
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

    /**
     * Takes a parked task (neither ready nor sleeping) out of its wait, so that it can be cancelled. The core parks
     * only in {@code toThread} (its worker runs on); a subclass takes out its own, else returns {@code super.unpark}.
     */
    protected boolean unpark(Task task) { return workers.forget(task); }

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
     * Closes every unfinished task (its {@code finally} blocks run) as the current task, so that a suspension there
     * suspends and {@link Coroutine#close} reports it as ignoring close(): outside a task it could be caught for ever.
     */
    protected void closeAll() {
        List<Task> left = pendingTasks();
        if (instrument != null) {
            for (Task task : left) {
                instrument.closingTask(task); // before any of them is closed: each stack still says where it waits
            }
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
        workers.forgetAll(); // their worker threads finish on their own; what they hand back is dropped
    }

    /** On a worker thread, once a toThread result is handed back: a loop idling in a selector wakes itself. */
    protected void workerHandedBack() {}

    /** For a subclass whose loop idles elsewhere: the instruments hear it idled from {@code from} to {@code to}. */
    protected final void idleWaited(long from, long to) {
        if (instrument != null) {
            instrument.idleWait(from, to);
        }
    }

    /**
     * Python's {@code yield request}: suspends the running task, handing {@code request} to {@link #handleSyscall},
     * and returns what the task is resumed with; {@code caller} names it in errors. {@code toThread} and the
     * homework's and exercises' syscalls come here. {@code sleep} makes the same two calls itself (the running task,
     * then {@code Coroutine.suspend}), so that a sleeping task's frozen stack holds no frame of this method: 37 bytes
     * a sleeper (docs/performance.md), and a program may keep a million asleep.
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
    /** Tasks that failed and whose exception nobody has retrieved yet. */
    public final List<Task> unretrievedFailures() { return unretrieved.list(); }
    /** The tasks whose exception the end of run reported as never retrieved (the step-through page lists them). */
    public final List<Task> reportedUnretrieved() { return unretrieved.reported(); }
    public final List<Task> pending() { return pendingTasks(); }
    /** How many tasks are in {@code ready} right now (for statistics; O(1)). */
    public final int readySize() { return ready.size(); }

    // ------------------------------------------- read-only views, for the pictures of a run

    /*
     * Public because tracing (miniasyncio.trace.LoopState) lives in a package of its own and draws these; Java has
     * no "friend" packages. Each is a read-only view: nothing here changes what the loop does.
     */

    /** {@code ready}, front first (the next to run), read-only. */
    public final Collection<Task> readyView() { return Collections.unmodifiableCollection(ready); }
    /** {@code sleeping} in the heap's own (array) order, not sorted; read-only. */
    public final Collection<Task> sleepingView() { return Collections.unmodifiableCollection(sleeping); }
    /** The sleeping task that wakes first, or null. */
    public final Task nextToWake() { return sleeping.peek(); }
    /** When {@code task} wakes (clock nanoseconds) while it is in {@code sleeping}, else -1; a scan, O(n). */
    public final long wakeAtOf(Task task) { return sleeping.wakeAtOf(task); }
    /** {@code results}, read-only (nothing is marked retrieved). */
    public final Map<Integer, Step.Outcome> resultsView() { return Collections.unmodifiableMap(results); }

    /**
     * What the toThread workers need of the loop: the helpers above that only subclasses may call. A class of the
     * scheduler's own, so that they stay protected although the workers live in {@code miniasyncio.around}.
     */
    private final class WorkersLoop implements ToThreadWorkers.Loop {
        @Override public void schedule(Task task, Object value) { Scheduler.this.schedule(task, value); }
        @Override public void scheduleThrow(Task task, Throwable e) { Scheduler.this.scheduleThrow(task, e); }
        @Override public void idleWaited(long from, long to) { Scheduler.this.idleWaited(from, to); }
        @Override public void handedBack() { workerHandedBack(); }
    }
}
