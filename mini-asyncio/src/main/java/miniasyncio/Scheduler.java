package miniasyncio;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The lecture's {@code mini_asyncio.Scheduler}, name for name (in camelCase):
 *
 * <pre>
 *   ready      a FIFO of tasks that can run now, each with the value to send it
 *   sleeping   a binary heap of tasks waiting for a timer, earliest first
 *   results    tid -> how the task ended
 *   run        loop: wake due timers; if nothing is ready, wait for the next timer; else step one task
 * </pre>
 *
 * <p>One difference from the printed lecture: {@code sleeping} is a heap ordered by
 * (wake time, sequence number) instead of a list scanned on every step, as in asyncio's
 * {@code _scheduled}. Waking is O(log n) per timer, and equal wake times stay first in, first out.
 * The heap is a {@link TimerHeap}: a queue of tasks that keeps the wake times in an array of its
 * own, so that ordering a million timers does not read a million tasks.
 *
 * <p>Subclasses add syscalls the way the lecture's homework edits {@code _handle_syscall} and
 * {@code _finish_task}: override {@link #handleSyscall} and {@link #finishTask}, call
 * {@code super} for what they do not handle, and use {@link #schedule} / {@link #scheduleThrow}
 * to make a parked task ready again.
 *
 * <p>Everything happens on the thread that called {@link #run}: no locks, no races, and with the
 * virtual clock the same order every time. The one exception is what a task hands to
 * {@code toThread}: that call runs on a worker thread, and only its result comes back to the loop.
 *
 * <p>Which methods a subclass may override: the syscall and bookkeeping hooks
 * ({@link #handleSyscall}, {@link #finishTask}, {@link #hasWork}, {@link #pendingTasks},
 * {@link #deadlock}, {@link #idleWaitOrDeadlock}, {@link #createTask(String, Callable)},
 * {@link #closeAll}). The loop itself ({@link #run}, {@link #stepOne}, {@link #wakeSleeping}) and
 * the instruments are {@code final}: a tool that counts steps (a test, the grader, {@code --stats})
 * must see every step, whatever a subclass does.
 */
public class Scheduler {

    /**
     * The scheduler running on this thread: the lecture's {@code ContextVar _current}. A thread
     * slot serves here, not a {@link ContextVar}: a scheduler's whole loop runs on one thread, so
     * every task of it shares the same answer, and the loop needs it between steps too, when no
     * task runs to hold a context (a ContextVar's values live in tasks).
     */
    private static final ThreadLocal<Scheduler> CURRENT = new ThreadLocal<>();

    /** Tasks that can run now, each carrying the value it will be sent. */
    protected final ArrayDeque<Task> ready = new ArrayDeque<>();
    /** Tasks waiting for a timer: a binary heap by (wake time, sequence number). */
    protected final TimerHeap sleeping = new TimerHeap();
    /** How each finished task ended, by tid. */
    protected final Map<Integer, Step.Outcome> results = new HashMap<>();
    /** The last tid handed out; the first task gets 1, as in the lecture. */
    protected int nextId = 0;

    private final Clock clock;
    private Task current;
    private boolean started;
    private boolean debug;
    private SlowStepWarnings slowSteps;     // installed while debug is on
    private long slowStepNanos = 100_000_000L; // asyncio's slow_callback_duration: 0.1 s
    private boolean endWithMain;            // asyncio.run's ending instead of the lecture's
    private int mainTid;
    private Instrument instrument;           // null when none: one check per hook on the hot path
    private final Map<Integer, Task> unretrieved = new LinkedHashMap<>(); // failures nobody looked at
    // toThread: tasks waiting for a worker thread, and what the workers hand back (any thread)
    private final java.util.Set<Task> away = new java.util.LinkedHashSet<>();
    private final java.util.concurrent.ConcurrentLinkedQueue<Task> inbox = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private java.util.concurrent.ExecutorService workers; // made on the first toThread
    private Thread loopThread;
    private long stallLimit = 5_000_000;    // steps on one virtual instant with timers pending
    private long stalledSteps;
    private long stalledAt = -1;
    private volatile Consumer<String> onStuck = System.err::println;
    private volatile String stuckReport;

    /** A scheduler on the clock that {@link LoopPolicy} says (monotonic unless set otherwise). */
    public Scheduler() {
        this(LoopPolicy.newClock());
    }

    public Scheduler(Clock clock) {
        ExportCheck.requireContinuations();
        Coroutine.warmUp();
        this.clock = clock;
        LoopPolicy.apply(this);
    }

    // ------------------------------------------------------------------ the lecture's methods

    /** The lecture's {@code _new_tid}. */
    protected final int newTid() {
        return ++nextId;
    }

    /**
     * Registers {@code body} as a new task, ready to start, and returns its tid. Like the
     * lecture's {@code create_task}, it does not suspend the caller: the new task first runs when
     * the scheduler reaches it in {@code ready}. A null {@code name} means "task N": that string
     * is made only when something asks for the name (a message, a trace), not for every task.
     */
    public int createTask(String name, Callable<?> body) {
        int tid = newTid();
        Task task = new Task(tid, name, body, current);
        task.context = ContextVar.snapshot(current); // a copy of the creator's values, as asyncio's tasks copy the context
        if (debug) {
            task.createdAt = new Throwable("task created here");
        }
        ready.addLast(task);
        if (instrument != null) {
            instrument.taskSpawned(task, current);
        }
        return tid;
    }

    public int createTask(Callable<?> body) {
        return createTask(null, body); // named "task N" when first asked for
    }

    /**
     * Runs {@code main} as task 1 and then the loop until <em>all</em> tasks have finished
     * (the lecture's semantics; {@code asyncio.run} instead stops at main and cancels the rest,
     * which {@link #setEndWithMain(boolean)} asks for).
     *
     * @return main's result
     * @throws RuntimeException main's exception, rethrown (a checked one wrapped in
     *         {@link Step.TaskFailedException}); other tasks' unretrieved exceptions are reported
     *         on stderr, never lost
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
        MonitorWatchdog.watch(this); // a task blocked on a monitor another (suspended) task holds is reported
        loopThread = Thread.currentThread();
        try {
            mainTid = createTask(name, main);
            boolean virtual = clock instanceof VirtualClock;
            while (hasWork() && !(endWithMain && results.containsKey(mainTid))) {
                if (!away.isEmpty()) {
                    takeWorkerResults();
                }
                wakeSleeping();
                if (ready.isEmpty()) {
                    idleWaitOrDeadlock();
                    continue;
                }
                if (virtual) {
                    checkVirtualTimeMoves();
                }
                stepOne();
            }
            if (endWithMain) {
                closeAll(); // main returned: the tasks left behind are closed, as asyncio.run cancels them
            }
            Step.Outcome outcome = takeResult(mainTid);
            reportUnretrieved(System.err);
            return (T) outcome.get();
        } catch (Throwable failure) {
            // A deadlock or a broken subclass: unwind every task left, so its finally blocks run.
            // An error while closing must not hide the one that stopped the loop: attach it.
            try {
                closeAll();
            } catch (Throwable whileClosing) {
                failure.addSuppressed(whileClosing);
            }
            // The loop stopped early, but the failures nobody retrieved (and those raised while
            // closing) are still reported: no path out of run() loses an exception.
            reportUnretrieved(System.err);
            throw failure;
        } finally {
            if (workers != null) {
                workers.shutdown(); // a worker still running (its task was closed) ends on its own
            }
            MonitorWatchdog.unwatch();
            CURRENT.remove();
        }
    }

    public final <T> T run(Callable<T> main) {
        return run("main", main);
    }

    /** The lecture's {@code _has_work}: is anything left that may still run? */
    protected boolean hasWork() {
        return !ready.isEmpty() || !sleeping.isEmpty() || !away.isEmpty();
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
     * timer. No busy polling: the thread sleeps (or, on the virtual clock, time jumps). If no
     * timer is set either, nothing can ever become ready: that is a deadlock.
     */
    protected void idleWaitOrDeadlock() {
        Task next = sleeping.peek();
        if (!away.isEmpty()) {
            waitForWorkers(next);
            return;
        }
        if (next == null) {
            throw deadlock();
        }
        long from = clock.nanoTime();
        if (instrument != null) {
            instrument.idleWait(from, Math.max(from, next.wakeAt));
        }
        clock.sleepUntil(next.wakeAt);
    }

    /**
     * On the virtual clock, time moves only when no task is ready: it jumps to the next timer. A
     * task that polls with {@code sleep(0)} for something a timer will bring (a flag another task
     * sets after {@code sleep(1)}) stays ready forever, so time never reaches the timer: a program
     * that works on the real clock would spin without end. After {@link #setStallLimit} steps at
     * one instant with timers pending, the run stops with a message that names the polling tasks.
     */
    private void checkVirtualTimeMoves() {
        if (sleeping.isEmpty()) {
            stalledSteps = 0;
            return;
        }
        long now = clock.nanoTime();
        if (now != stalledAt) {
            stalledAt = now;
            stalledSteps = 0;
        } else if (++stalledSteps > stallLimit) {
            throw virtualTimeCannotMove();
        }
    }

    private DeadlockException virtualTimeCannotMove() {
        List<Task> polling = new ArrayList<>(ready);
        String names = polling.size() <= 10 ? polling.toString()
                : polling.subList(0, 10) + " and " + (polling.size() - 10) + " more";
        Task next = sleeping.peek();
        return new DeadlockException(String.format(java.util.Locale.ROOT, "virtual time cannot move: %s stayed ready"
                        + " for %,d steps at t=%.3f s while %d timer%s wait%s (the next at t=%.3f s, %s). On the virtual"
                        + " clock time jumps to the next timer only when no task is ready, so a task that polls with"
                        + " sleep(0) for what a timer will bring never lets the timer come. Poll with sleep(d), d > 0,"
                        + " or wait for an event instead of polling.",
                names, stallLimit, clock.now(), sleeping.size(), sleeping.size() == 1 ? "" : "s",
                sleeping.size() == 1 ? "s" : "", next.wakeAt / 1e9, next));
    }

    /**
     * How many steps the loop may take at one virtual instant while timers are pending before it
     * reports that virtual time cannot move (default 5,000,000: about a second of polling).
     */
    public final void setStallLimit(long steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("the stall limit is a number of steps >= 1, got " + steps);
        }
        stallLimit = steps;
    }

    /**
     * Nothing is ready and a task waits for a worker thread ({@code toThread}): park until a worker
     * hands its result back (it unparks this thread) or, on the real clock, until the next timer.
     * No polling. On the virtual clock time stands still while a worker runs, as it does while a
     * step runs: a blocking call takes no virtual time, and the order of a run stays the same.
     */
    private void waitForWorkers(Task nextTimer) {
        long from = clock.nanoTime();
        boolean virtual = clock instanceof VirtualClock;
        if (instrument != null) {
            instrument.idleWait(from, nextTimer == null || virtual ? from : Math.max(from, nextTimer.wakeAt));
        }
        while (inbox.isEmpty()) {
            if (nextTimer == null || virtual) {
                java.util.concurrent.locks.LockSupport.park(this);
            } else {
                long left = nextTimer.wakeAt - clock.nanoTime();
                if (left <= 0) {
                    return;
                }
                java.util.concurrent.locks.LockSupport.parkNanos(this, left);
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new java.util.concurrent.CancellationException(
                        "the scheduler's thread was interrupted while waiting for a worker thread (toThread)");
            }
        }
    }

    /** Moves the tasks whose worker has finished to {@code ready}, with the result (or the exception). */
    private void takeWorkerResults() {
        Task task;
        while ((task = inbox.poll()) != null) {
            if (away.remove(task)) { // not closed meanwhile
                ready.addLast(task);
            }
        }
    }

    /** Starts {@code call} on a worker thread; the task stays parked until the worker hands back. */
    private void startWorker(Task task, java.util.concurrent.Callable<?> call) {
        if (workers == null) {
            workers = java.util.concurrent.Executors.newCachedThreadPool(runnable -> {
                Thread t = new Thread(runnable, "mini-asyncio toThread worker");
                t.setDaemon(true); // a blocking call abandoned by a closed task does not keep the JVM alive
                return t;
            });
        }
        away.add(task);
        Thread loop = loopThread;
        var context = task.context;
        workers.execute(() -> {
            try {
                task.sendValue = ContextVar.runWith(context, call); // the call sees the task's ContextVars
            } catch (Throwable failure) {
                task.throwValue = failure;
            }
            inbox.add(task);                                       // hands over (a happens-before edge)
            java.util.concurrent.locks.LockSupport.unpark(loop);   // and wakes the loop if it waits
            workerHandedBack();                                    // also where a subclass's loop waits
        });
    }

    /**
     * Called on a worker thread right after a {@code toThread} call has handed its result to the
     * loop (and unparked the loop's thread). A subclass whose loop idles elsewhere than in
     * {@code park}, in a {@code Selector}'s {@code select}, overrides it to wake itself there
     * ({@code selector.wakeup()}). It runs on the worker's thread: keep it short and thread-safe.
     */
    protected void workerHandedBack() {
    }

    /**
     * For a subclass whose loop waits somewhere of its own (a {@code Selector}'s {@code select}):
     * tells the instruments ({@code --trace}, {@code --stats}) that the loop is idle from
     * {@code from} to {@code to} (clock nanoseconds), as this class's own waits do.
     */
    protected final void idleWaited(long from, long to) {
        if (instrument != null) {
            instrument.idleWait(from, to);
        }
    }

    /** The error for "tasks wait but nothing can wake them"; subclasses say who waits for what. */
    protected DeadlockException deadlock() {
        return new DeadlockException("deadlock: no task is ready or sleeping, but tasks still wait: "
                + pendingTasks());
    }

    /**
     * The lecture's {@code _step_one}: take the first ready task, resume it with its value until
     * its next yield, then either handle the syscall it yielded or record how it ended.
     */
    protected final void stepOne() {
        Task task = ready.pollFirst();
        Object value = task.sendValue;
        Throwable error = task.throwValue;
        task.sendValue = null;
        task.throwValue = null;
        current = task;
        if (instrument != null) {
            instrument.beforeStep(task);
        }
        Step step;
        try {
            step = error == null ? task.coroutine.send(value) : task.coroutine.throwInto(error);
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
     * The lecture's {@code _finish_task}: record how {@code task} ended. A failure is remembered
     * as unretrieved until someone takes it with {@link #takeResult}; at the end of
     * {@link #run} the ones nobody took are reported.
     */
    protected void finishTask(Task task, Step.Outcome outcome) {
        results.put(task.tid, outcome);
        if (outcome instanceof Step.Failed) {
            unretrieved.put(task.tid, task);
        }
        if (instrument != null) {
            instrument.taskExited(task, outcome);
        }
    }

    /**
     * The lecture's {@code _handle_syscall}: decide what to do with what the task yielded.
     * A syscall this scheduler does not know is thrown back <em>into the task</em>, so the stack
     * trace points at the line that yielded it.
     */
    protected void handleSyscall(Task task, Object syscall) {
        switch (syscall) {
            case Sleep sleep -> sleepTask(task, sleep.nanos());
            case ToThread toThread -> startWorker(task, toThread.call());
            case null, default -> scheduleThrow(task, unknownSyscall(syscall));
        }
    }

    // ------------------------------------------------------------ helpers for subclasses

    /** Makes {@code task} ready, to be resumed with {@code value}: {@code ready.append((tid, task, value))}. */
    protected final void schedule(Task task, Object value) {
        task.sendValue = value;
        task.throwValue = null;
        ready.addLast(task);
    }

    /** Makes {@code task} ready, to be resumed by throwing {@code exception} at its yield. */
    protected final void scheduleThrow(Task task, Throwable exception) {
        task.sendValue = null;
        task.throwValue = exception;
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
        task.coroutine.forgetYielded(); // a sleeper keeps nothing of the request that put it to sleep
        sleeping.add(task);
    }

    /**
     * How task {@code tid} ended, marking a failure as retrieved (so it is not reported as lost).
     * Null while the task has not finished.
     */
    protected final Step.Outcome takeResult(int tid) {
        unretrieved.remove(tid);
        return results.get(tid);
    }

    /** Tasks that have not finished: ready and sleeping here; subclasses add the ones they park. */
    protected List<Task> pendingTasks() {
        List<Task> pending = new ArrayList<>(ready);
        pending.addAll(sleeping);
        pending.addAll(away);
        return pending;
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

    /** Reports each failure nobody retrieved, as asyncio does when a task is garbage-collected. */
    protected final void reportUnretrieved(PrintStream err) {
        for (Task task : unretrieved.values()) {
            Throwable e = ((Step.Failed) results.get(task.tid)).exception();
            err.println("Task exception was never retrieved: " + task);
            if (task.createdAt != null) {
                err.println("  " + task + " was created at:");
                for (StackTraceElement frame : task.createdAt.getStackTrace()) {
                    err.println("    at " + frame);
                }
            }
            e.printStackTrace(err);
        }
        unretrieved.clear();
    }

    /**
     * Closes every unfinished task, so that its {@code finally} blocks run. An exception a task
     * raises while it is closed (a {@code finally} that throws) becomes that task's failure, kept
     * in {@code results} as unretrieved, so that {@link #run} reports it.
     */
    protected void closeAll() {
        for (Task task : pendingTasks()) {
            try {
                task.coroutine.close();
            } catch (Throwable raised) {
                failedWhileClosing(task, raised);
            }
        }
        ready.clear();
        sleeping.clear();
        away.clear(); // their workers finish on their own; what they hand back is dropped
    }

    /**
     * Records {@code raised}, thrown by {@code task} while it was being closed, as the task's
     * failure: nobody can retrieve it any more, so it is reported at the end of {@link #run}.
     * Instruments see the task exit with it.
     */
    protected final void failedWhileClosing(Task task, Throwable raised) {
        Step.Failed failed = new Step.Failed(raised);
        results.put(task.tid, failed);
        unretrieved.put(task.tid, task);
        if (instrument != null) {
            instrument.taskExited(task, failed);
        }
    }

    // ------------------------------------------------------------------ public accessors

    /** The scheduler running on this thread, or null outside {@link #run}. */
    public static Scheduler current() {
        return CURRENT.get();
    }

    /** The task running right now, or null between steps. */
    public final Task currentTask() {
        return current;
    }

    public final Clock clock() {
        return clock;
    }

    /** Loop time in seconds, like asyncio's {@code loop.time()}. */
    public final double now() {
        return clock.now();
    }

    /** How task {@code tid} ended, or null if it has not (does not mark anything retrieved). */
    public final Step.Outcome resultOf(int tid) {
        return results.get(tid);
    }

    /** Tasks that failed and whose exception nobody has retrieved yet. */
    public final List<Task> unretrievedFailures() {
        return List.copyOf(unretrieved.values());
    }

    /** Unfinished tasks. */
    public final List<Task> pending() {
        return pendingTasks();
    }

    public final boolean isDebug() {
        return debug;
    }

    /**
     * Debug mode, as asyncio's {@code loop.set_debug(True)}: tasks remember where they were
     * created, so reports show that place, and every step that holds the loop longer than
     * {@link #setSlowStepThreshold(double)} is reported on stderr as
     * {@code Executing task 3 (worker B) took 0.213 s}.
     */
    public final void setDebug(boolean debug) {
        this.debug = debug;
        if (debug && slowSteps == null) {
            slowSteps = new SlowStepWarnings(this::slowStepNanos, line -> System.err.println(line));
            addInstrument(slowSteps);
        } else if (!debug && slowSteps != null) {
            removeInstrument(slowSteps);
            slowSteps = null;
        }
    }

    /** In debug mode, a step that runs longer than {@code seconds} (real time) is reported. Default 0.1. */
    public final void setSlowStepThreshold(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("the slow-step threshold must be a finite number of seconds >= 0, got "
                    + seconds);
        }
        slowStepNanos = Math.round(seconds * 1e9);
    }

    /** The slow-step threshold in seconds (asyncio's {@code loop.slow_callback_duration}). */
    public final double slowStepThreshold() {
        return slowStepNanos / 1e9;
    }

    private long slowStepNanos() {
        return slowStepNanos;
    }

    /**
     * How {@link #run} ends. By default it runs until every task has finished, as the lecture's
     * {@code run()} does. With {@code true} it ends as {@code asyncio.run()} does: as soon as
     * main has finished, every task still pending is closed (its {@code finally} blocks run)
     * instead of being run to its end. The JUnit extension uses this to report tasks a test
     * left behind.
     */
    public final void setEndWithMain(boolean endWithMain) {
        this.endWithMain = endWithMain;
    }

    /**
     * What to do when the loop's thread is stuck for good: a task blocked on a monitor that a
     * suspended task holds (see {@code MonitorWatchdog}). The action runs on the watchdog's
     * thread, about a second after the loop stopped, with a report that names the tasks and
     * what to use instead. By default it prints the report on stderr; the CLI then exits with
     * code 1, and {@code @AsyncTest} fails the test. {@link #run} itself can never return: the
     * blocked thread cannot be woken.
     */
    public final void setOnStuck(Consumer<String> action) {
        if (action == null) {
            throw new NullPointerException("setOnStuck(null): pass what to do with the report, e.g. System.err::println");
        }
        this.onStuck = action;
    }

    /** The report of why this loop is stuck for good, or null while it is not. */
    public final String stuckReport() {
        return stuckReport;
    }

    /** Called by the watchdog, once, on its own thread. */
    final void stuckOnMonitor(String report) {
        stuckReport = report;
        onStuck.accept(report);
    }

    /** How many tasks are in {@code ready} right now (for statistics; O(1)). */
    public final int readySize() {
        return ready.size();
    }

    public final void addInstrument(Instrument added) {
        if (instrument == null) {
            instrument = added;
            return;
        }
        Instruments many;
        if (instrument instanceof Instruments existing) {
            many = existing;
        } else {
            many = new Instruments();
            many.all.add(instrument);
        }
        many.all.add(added);
        instrument = many;
    }

    public final void removeInstrument(Instrument removed) {
        if (instrument == removed) {
            instrument = null;
        } else if (instrument instanceof Instruments many) {
            many.all.remove(removed);
        }
    }

    /**
     * Yields {@code request} from the running task and returns what the scheduler sends back:
     * Python's {@code yield Sleep(d)}. {@code caller} names the facade method for the error
     * raised when there is no running task.
     */
    public static Object syscall(String caller, Object request) {
        return runningCoroutine(caller).suspend(request);
    }

    /**
     * The running task's coroutine, checked: the one a syscall suspends. {@code sleep} calls it
     * and then suspends the coroutine itself, rather than through {@link #syscall}, so that a
     * sleeping task's frozen stack holds one frame fewer (a million sleepers hold a million).
     *
     * @throws IllegalStateException outside a running task, or inside a Generator's body
     */
    static Coroutine runningCoroutine(String caller) {
        Scheduler scheduler = CURRENT.get();
        Task task = scheduler == null ? null : scheduler.current;
        if (task == null) {
            throw new IllegalStateException(caller + "() called outside a running task: start tasks with run()");
        }
        Coroutine running = Coroutine.current();
        if (running != task.coroutine) {
            throw new IllegalStateException(caller + "() called inside a Generator's body: a generator yields to"
                    + " whoever calls next() on it, not to the scheduler. Call " + caller
                    + "() from the task's own code.");
        }
        return running;
    }
}
