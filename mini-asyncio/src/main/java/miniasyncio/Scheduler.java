package miniasyncio;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The lecture's {@code mini_asyncio.Scheduler}, name for name in camelCase. One difference:
 * {@code sleeping} is a heap by (wake time, sequence number), as asyncio's {@code _scheduled},
 * not a list scanned on every step ({@link TimerHeap}): O(log n) per timer, and equal wake times
 * stay first in, first out.
 *
 * <p>Subclasses add syscalls the way the lecture's homework edits {@code _handle_syscall} and
 * {@code _finish_task}: override {@link #handleSyscall} and {@link #finishTask}, call {@code super}
 * for the rest, and make a parked task ready again with {@link #schedule} / {@link #scheduleThrow}.
 * The other hooks: {@link #hasWork}, {@link #pendingTasks}, {@link #unpark}, {@link #deadlock},
 * {@link #idleWaitOrDeadlock}, {@link #createTask(String, Callable)}, {@link #closeAll}. The loop
 * ({@link #run}, {@link #stepOne}, {@link #wakeSleeping}) is {@code final}: a tool that counts
 * steps (a test, the grader, {@code --stats}) sees every step.
 *
 * <p>All of it runs on the thread that called {@link #run}: no locks, and on the virtual clock the
 * same order every time. What grew around the loop has a file of its own, joined to it at one
 * named point: {@link ToThreadWorkers}, {@link VirtualTimeStall}, {@link DebugMode},
 * {@link Ending}, {@link UnretrievedFailures}, {@link StuckAction} (for {@link MonitorWatchdog}),
 * and the {@link Instrument} hooks.
 */
public class Scheduler {

    /** The lecture's {@code _current}: a thread slot, since a loop and all its tasks run on one thread. */
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
    private Task current; // the task being stepped (or closed), else null
    private boolean started;
    private Instrument instrument; // null when none: one check per hook on the hot path
    private final ToThreadWorkers workers = new ToThreadWorkers(this);
    private final VirtualTimeStall stall = new VirtualTimeStall(this);
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
        LoopPolicy.apply(this);
    }

    // ------------------------------------------------------------------ the lecture's methods

    /** The lecture's {@code _new_tid}. */
    protected final int newTid() {
        return ++nextId;
    }

    /**
     * The lecture's {@code create_task}: registers {@code body} as a new task, ready to start, and
     * returns its tid, without suspending the caller. A null {@code name} means "task N", a string
     * made only when something asks for it. The task starts with a copy of its creator's
     * {@link ContextVar} values, as asyncio's tasks copy the context.
     */
    public int createTask(String name, Callable<?> body) {
        int tid = newTid();
        Task task = new Task(tid, name, body, current);
        task.context = ContextVar.snapshot(current);
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
     * The lecture's {@code run}: runs {@code main} as a task, then the loop until <em>all</em>
     * tasks have finished ({@code asyncio.run} instead stops at main and closes the rest: see
     * {@link #setEndWithMain}). On a failure of the loop itself (a deadlock, a broken subclass)
     * every task left is closed, so that its {@code finally} blocks run.
     *
     * @return main's result
     * @throws RuntimeException main's exception, rethrown (a checked one wrapped in
     *         {@link Step.TaskFailedException}); other tasks' unretrieved failures are printed on
     *         stderr, never lost
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
            boolean virtual = clock instanceof VirtualClock;
            while (hasWork() && !ending.reached(results)) {
                workers.handBack(); // toThread calls that came back: their tasks go to ready
                wakeSleeping();
                if (ready.isEmpty()) {
                    idleWaitOrDeadlock();
                    continue;
                }
                if (virtual) {
                    stall.check(); // a task polling sleep(0) must not freeze virtual time for good
                }
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
     * timer. No busy polling: the thread sleeps (on the virtual clock, time jumps). While a
     * {@code toThread} worker runs, its result may come first: wait for whichever comes first. If
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
     * The lecture's {@code _finish_task}: record how {@code task} ended. A failure stays
     * unretrieved until someone takes it with {@link #takeResult}; {@link #run} reports the rest.
     */
    protected void finishTask(Task task, Step.Outcome outcome) {
        results.put(task.tid, outcome);
        if (outcome instanceof Step.Failed) {
            unretrieved.add(task);
        }
        if (instrument != null) {
            instrument.taskExited(task, outcome);
        }
    }

    /**
     * The lecture's {@code _handle_syscall}: decide what to do with what the task yielded. A
     * syscall this scheduler does not know is thrown back <em>into the task</em>, so the stack
     * trace points at the line that yielded it.
     */
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
     * Takes {@code task} out of the wait it is parked in, outside {@code ready} and
     * {@code sleeping}, so that nothing wakes it any more: with those two, the one way to stop
     * any wait (cancel it, time it out, close it). The core parks a task while its
     * {@code toThread} call runs: the worker thread is not stopped, and what it hands back is
     * dropped. A subclass that parks tasks elsewhere overrides this, takes the task out of its
     * own table, and otherwise returns {@code super.unpark(task)}.
     *
     * @return true if {@code task} was parked (and now is not)
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

    /**
     * The error for "tasks wait but nothing can wake them"; subclasses say who waits for what. A
     * task whose {@code toThread} worker still runs is not deadlocked: it is named apart.
     */
    protected DeadlockException deadlock() {
        List<Task> waiting = pendingTasks();
        List<Task> withWorker = workers.tasks();
        waiting.removeAll(withWorker);
        return new DeadlockException("deadlock: no task is ready or sleeping, but tasks still wait: " + waiting
                + (withWorker.isEmpty() ? "" : " (not deadlocked, their toThread worker still runs: " + withWorker + ")"));
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
     * Closes every unfinished task, so that its {@code finally} blocks run. While a task is closed
     * it is the current task, so a suspension there (a {@code sleep} in a {@code finally}, a body
     * that catches {@code Throwable} and loops) suspends, and {@link Coroutine#close} reports it
     * as ignoring {@code close()}, instead of failing as "outside a running task" and being caught
     * again. Whatever a task raises while closed becomes its failure, reported at the end of the run.
     */
    protected void closeAll() {
        for (Task task : pendingTasks()) {
            current = task;
            try {
                task.coroutine.close();
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

    /**
     * Called on a worker thread right after a {@code toThread} call has handed its result back
     * (and unparked the loop's thread). A subclass whose loop idles elsewhere, in a
     * {@code Selector}'s {@code select}, overrides it to wake itself there. Keep it short and thread-safe.
     */
    protected void workerHandedBack() {
    }

    /** For a subclass whose loop waits somewhere of its own: tells the instruments it idled from {@code from} to {@code to}. */
    protected final void idleWaited(long from, long to) {
        if (instrument != null) {
            instrument.idleWait(from, to);
        }
    }

    final boolean workersBusy() {
        return workers.busy();
    }

    // ------------------------------------------------------------------ the running task

    /** The scheduler running on this thread, or null outside {@link #run}. */
    public static Scheduler current() {
        return CURRENT.get();
    }

    /** The task running right now, or null between steps. */
    public final Task currentTask() {
        return current;
    }

    /**
     * Yields {@code request} from the running task and returns what the scheduler sends back:
     * Python's {@code yield Sleep(d)}. {@code caller} names the facade method in the error
     * raised outside a running task ({@link MiniAsyncio#runningCoroutine}).
     */
    public static Object syscall(String caller, Object request) {
        return MiniAsyncio.runningCoroutine(caller).suspend(request);
    }

    // --------------------------------------------- accessors and settings (kept by the collaborators)

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
        return unretrieved.list();
    }

    /** Unfinished tasks. */
    public final List<Task> pending() {
        return pendingTasks();
    }

    /** How many tasks are in {@code ready} right now (for statistics; O(1)). */
    public final int readySize() {
        return ready.size();
    }

    public final boolean isDebug() {
        return debug.isOn();
    }

    /** Debug mode, as asyncio's {@code loop.set_debug(True)} (see {@link DebugMode}): {@code Executing task 3 (worker B) took 0.213 s}. */
    public final void setDebug(boolean on) {
        debug.set(on);
    }

    /** In debug mode, a step that runs longer than {@code seconds} (real time) is reported. Default 0.1. */
    public final void setSlowStepThreshold(double seconds) {
        debug.setSlowStepThreshold(seconds);
    }

    /** The slow-step threshold in seconds (asyncio's {@code loop.slow_callback_duration}). */
    public final double slowStepThreshold() {
        return debug.slowStepThreshold();
    }

    /** With {@code true}, {@link #run} ends as {@code asyncio.run()} does (see {@link Ending}); the JUnit extension uses it. */
    public final void setEndWithMain(boolean endWithMain) {
        ending.setWithMain(endWithMain);
    }

    /** Steps at one virtual instant with timers pending before the run stops (see {@link VirtualTimeStall}; default 5,000,000). */
    public final void setStallLimit(long steps) {
        stall.setLimit(steps);
    }

    /**
     * What to do when the loop's thread is stuck for good on a monitor (see {@link MonitorWatchdog}):
     * the action gets the report on the watchdog's thread. Default: print it on stderr.
     * {@link #run} itself never returns then: the blocked thread cannot be woken.
     */
    public final void setOnStuck(Consumer<String> action) {
        stuck.set(action);
    }

    /** The report of why this loop is stuck for good, or null while it is not. */
    public final String stuckReport() {
        return stuck.report();
    }

    public final void addInstrument(Instrument added) {
        instrument = Instruments.plus(instrument, added);
    }

    public final void removeInstrument(Instrument removed) {
        instrument = Instruments.minus(instrument, removed);
    }
}
