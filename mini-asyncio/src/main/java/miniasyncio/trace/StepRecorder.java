package miniasyncio.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import miniasyncio.Scheduler;
import miniasyncio.Sleep;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * An {@link Instrument} that writes down the scheduler's state at every loop iteration that runs
 * a task, for the step-through page ({@link StepPage}, {@code run NAME --step-through FILE.html}):
 * the running task and what it was sent, what it yielded (or how it ended), {@code ready} in
 * order with each task's pending value, {@code sleeping} in wake order with wake times,
 * {@code results}, the tasks parked and on what, and the clock.
 *
 * <p>A step's state is taken when the loop has just taken the task from the front of
 * {@code ready} (due timers already woken): what the loop holds while that task runs. The task's
 * new place (sleeping, parked, back in ready, in results) shows in the next step.
 *
 * <p>Bounded: at most {@code limit} steps are kept. When a run goes past that, every other kept
 * step is dropped and from then on only every 2nd (4th, 8th ...) step is recorded, so that the
 * steps kept cover the whole run evenly; {@link #stride()} says which. Each structure lists at
 * most {@link #LISTED} entries with its full size beside them. A million-step run therefore costs
 * a counter per step and a page of a few hundred kilobytes.
 *
 * <p>Beside the state, each kept step says what the loop did since the step before, in the
 * lecture's words ({@link Snapshot#happened}): where the last syscall put its task, the tasks
 * created, a result stored, the idle waits, the timers due, the {@code popleft}. Every failed
 * task is kept for the end of the page ({@link #failures}), however long the run.
 *
 * <p>It reads the scheduler only through {@link LoopState}; how it writes values and syscalls is
 * {@link StepText}.
 *
 * <p>Why one file of some 650 lines: the hooks and the listings each kept step makes share one
 * bookkeeping (each task's {@code Info}, who is asleep and since when, the parked, the stride);
 * split along the hooks, each part would read and write the other's fields.
 */
public final class StepRecorder implements Instrument {

    /** Steps kept by default. */
    public static final int DEFAULT_LIMIT = 1000;
    /** Entries listed per structure and step; the sizes are always exact. */
    public static final int LISTED = 20;
    /** Above this many tasks in a structure, the costly listings (wake order, parked) are left out. */
    static final int SCAN_LIMIT = 10_000;
    /** Lines of "what happened" kept per step; the rest are counted. */
    static final int HAPPENED = 30;
    /** Failed tasks kept for the end of the page, however long the run; the rest are counted. */
    static final int FAILURES = 1000;

    private final LoopState state;
    private final Scheduler scheduler;
    private final Happened happened = new Happened(); // what the loop did since the last step: for the next kept one
    private final Set<Task> asleep = new HashSet<>(); // went to sleep on a timer, not seen waking yet
    private final Set<Task> parkedSeen = new HashSet<>(); // seen parked, not seen ready again yet
    private Task moving;      // the task whose last step yielded: where the syscall put it is known at the next hook
    private Object movingSyscall;
    private final List<Failure> failures = new ArrayList<>();
    private int failureCount;
    private int spawned;
    private final long start;
    private final int limit;
    private final Map<Integer, Info> tasks = new HashMap<>(); // unfinished tasks only
    private final ArrayDeque<Entry> lastFinished = new ArrayDeque<>();
    private final List<Snapshot> kept = new ArrayList<>();
    private final List<OutputLine> output = new ArrayList<>();
    private int outputChars;
    private boolean outputCut;
    private long stride = 1;
    private long steps;
    private long sleepOrder;
    private Snapshot current; // the step running now, when it is kept
    private boolean inStep;
    private Task runningNow; // the task of the step under way (inStep), for a run cut in the middle of one
    private long endNanos;
    private final StringBuilder idleSince = new StringBuilder(); // idle waits before the next kept step
    /** Runs up to this many steps also get the time-scaled timeline on their page. */
    static final int TIMELINE_STEPS = 5_000;
    private Recorder timeline; // the timeline's recorder, fed while the run is short; null after that
    private final Differs differs = new Differs();
    private final List<Task> justCreated = new ArrayList<>(); // created since the last hook: ready, or a timer (callAt)?
    private final java.util.IdentityHashMap<Throwable, Thrown> thrown = new java.util.IdentityHashMap<>();
    /** Lifetimes kept for the overview ({@code life}): tasks up to this tid. */
    static final int LIVES = 100_000;
    private long[] created = new long[64]; // tid -> the step during which it was created, + 1 (0: not seen)
    private long[] ended = new long[64];   // tid -> the step during (or after) which it ended, + 1 (0: not yet)
    private long lastStepN;                // the last step that ran, when it began and ended: which one held the loop
    private long lastStepStart;
    private long stepStart;                // when the step running now began
    private long lastStepEnd;
    private Task lastStepTask;
    /** A timer this much (or more) past its due time fired late, and the page says so. */
    static final long LATE_NANOS = 10_000_000;

    /** What the recorder knows of an unfinished task beyond what the scheduler holds. */
    private static final class Info {
        final String name;
        final Task task;
        int steps;
        long sleepOrder = Long.MAX_VALUE; // when it went to sleep: ties in wake time go first in, first out
        long wakeAt = -1;                   // while asleep on a Sleep: when it is due (clock nanoseconds)
        Object syscall = NOT_STARTED;       // what its last step yielded: made into text only when listed
        Place at;                           // where it is suspended, read after its step number atSteps
        int atSteps = -1;
        Entry closing;                      // how the end lists it, taken as the loop closed it (a deadlock)

        Info(Task task) {
            this.task = task;
            this.name = task.name();
        }

        String waitingOn() {
            if (syscall == NOT_STARTED) {
                return steps == 0 ? "created, not started yet" : "in its first step, it has not yielded yet";
            }
            return StepText.full(syscall);
        }

        /** The tid its last syscall names (the homework's AwaitTask), else 0. */
        int awaits() {
            return StepText.awaitedTid(syscall);
        }

        /** The lock, queue or event its last syscall waits on (through a waiter's future), else null. */
        Waitable on() {
            return syscall == NOT_STARTED ? null : Awaited.waitableOf(syscall);
        }
    }

    private static final Object NOT_STARTED = new Object();

    /**
     * One entry of a structure: a task and what the structure says about it (the value it will
     * be sent, its wake time, its result, what it is parked on).
     */
    public record Entry(int tid, String name, String text, long wakeNanos, int awaits, Place place,
                        String awaited, String via, Thrown err) {
        public Entry(int tid, String name, String text, long wakeNanos, int awaits, Place place) {
            this(tid, name, text, wakeNanos, awaits, place, "", "", null);
        }

        /** The one line it waits at (past a lock's own frames), or null. */
        public StackTraceElement at() {
            return place == null ? null : place.headline();
        }

        /** "task 3 (worker B)"; an unnamed task is just "task 3". */
        public String label() {
            return StepText.label(tid, name);
        }
    }

    /**
     * The state at one loop iteration that ran a task.
     *
     * @param n          the iteration's number among the steps (1 = the first task step)
     * @param nanos      the clock, from the start of the recording
     * @param idleBefore the loop's idle waits since the step before ("waited idle from 0.000 s to
     *                   0.010 s"), the iterations that ran no task; "" when there were none
     * @param taskStep   the running task's own step count (1 = its first step)
     * @param sent       what the task was sent, as text ("null" for nothing)
     * @param ending     "yielded", "returned" or "failed"
     * @param what       the syscall it yielded, its value, or its exception, as text
     * @param happened   what the loop did since the step before, in the lecture's words ("created task 2
     *                   (worker A) -> ready", "timer due at 0.100 s: task 2 (worker A) -> ready", "popleft
     *                   -> task 2 (worker A), sent null")
     * @param moved      the tasks those lines put somewhere new (the page outlines them)
     * @param place      where the running task resumes, its own lines first (null: its first step)
     * @param err        how it failed, when it did in this step (else null)
     * @param differs    the differences from the lecture's loop that first showed since the step before
     */
    public record Snapshot(long n, long nanos, String idleBefore, int tid, String name, int taskStep, String sent,
                           boolean sentThrow, String ending, String what, List<Entry> ready, int readySize, List<Entry> sleeping,
                           int sleepingSize, boolean sleepingComplete, List<Entry> results, int resultsSize,
                           List<Entry> parked, int parkedSize, List<String> happened, List<Integer> moved,
                           Place place, Thrown err, List<Differs.Note> differs) {
        Snapshot withEnding(String ending, String what, Thrown err) {
            return new Snapshot(n, nanos, idleBefore, tid, name, taskStep, sent, sentThrow, ending, what, ready, readySize,
                    sleeping, sleepingSize, sleepingComplete, results, resultsSize, parked, parkedSize, happened, moved, place,
                    err, differs);
        }

        /** The one line the running task resumes at, or null. */
        public StackTraceElement at() {
            return place == null ? null : place.headline();
        }
    }

    /** A task that failed, in (or after) which step (always kept: the end of the page lists every one). */
    public record Failure(int tid, String name, String text, long step, Thrown err) {}

    /** A line the program printed, and the step during (or after) which it did. */
    public record OutputLine(long step, boolean duringStep, String text) {}

    public StepRecorder(Scheduler scheduler, int limit) {
        if (limit < 2) {
            throw new IllegalArgumentException("keep at least 2 steps, got " + limit);
        }
        this.state = LoopState.of(scheduler);
        this.scheduler = scheduler;
        StepText.numberFromOne(); // "Future #1" counts from 1 on each page
        this.start = state.nanoTime();
        this.limit = limit;
        this.timeline = new Recorder(scheduler.clock());
    }

    /** The timeline of the run (time to the right), or null for a run longer than {@link #TIMELINE_STEPS}. */
    public Timeline timeline() {
        return timeline == null ? null : timeline.timeline();
    }

    /** A recorder added to {@code scheduler} (before its run) as an instrument. */
    public static StepRecorder attach(Scheduler scheduler, int limit) {
        StepRecorder recorder = new StepRecorder(scheduler, limit);
        scheduler.settings().addInstrument(recorder);
        return recorder;
    }

    // ------------------------------------------------------------------ the hooks

    @Override
    public void taskSpawned(Task task, Task creator) {
        settleCreated();
        tasks.put(task.tid(), new Info(task));
        spawned++;
        lifeEvent(false, task.tid());
        if (noting()) {
            if (justCreated.size() < 16) {
                justCreated.add(task); // ready now; a callAt moves it to sleeping before the next hook
            } else {
                happened.created(task.tid(), task.name());
            }
        }
        if (timeline != null) {
            timeline.taskSpawned(task, creator);
        }
    }

    @Override
    public void beforeStep(Task task) {
        settleCreated();
        steps++;
        inStep = true;
        runningNow = task;
        stepStart = state.nanoTime();
        if (timeline != null) {
            if (steps > TIMELINE_STEPS) {
                timeline = null; // a long run: the grid of kept steps is its overview
            } else {
                timeline.beforeStep(task);
            }
        }
        Info info = tasks.get(task.tid());
        if (info == null) { // spawned before this recorder was added
            info = new Info(task);
            tasks.put(task.tid(), info);
        }
        info.steps++;
        if ((steps - 1) % stride != 0) {
            current = null;
            idleSince.setLength(0);
            happened.clear();
            moving = null;
            asleep.remove(task);
            parkedSeen.remove(task);
            return; // not kept: a counter (and a look-up, if it slept) is all this step costs
        }
        resolveMove(task);
        unparked(task);
        woken(task);
        Object sent = state.pendingValue(task);
        happened.line("popleft -> " + StepText.label(task.tid(), info.name) + (state.pendingIsThrow(task) ? ", thrown " : ", sent ")
                + StepText.text(sent));
        String idle = idleSince.toString();
        idleSince.setLength(0);
        Parked parked = parked(task);
        current = new Snapshot(steps, state.nanoTime() - start, idle, task.tid(), info.name, info.steps,
                StepText.text(sent), state.pendingIsThrow(task), "running", "", ready(), state.readySize(), sleeping(),
                state.sleepingSize(), state.sleepingSize() <= SCAN_LIMIT, results(), state.results().size(),
                parked.listed(), parked.size(), happened.lines(), happened.moved(), at(task, info, info.steps - 1), null,
                differs.take());
        happened.clear();
    }

    /**
     * Where the tasks created since the last hook went: to {@code ready}, as {@code createTask} puts
     * them, or on to {@code sleeping}, as a timer ({@code callAt}) moves its task right after
     * creating it. A timer so made is followed as any sleeper: "-> sleeping until T", then "timer due".
     */
    private void settleCreated() {
        if (justCreated.isEmpty()) {
            return;
        }
        boolean look = state.sleepingSize() > 0 && state.sleepingSize() <= SCAN_LIMIT;
        for (Task t : justCreated) {
            long wake = look ? state.wakeAt(t) : -1;
            if (wake < 0) {
                happened.created(t.tid(), t.name());
                continue;
            }
            asleepUntil(t, wake);
            happened.line("created " + StepText.label(t.tid(), t.name()) + " -> sleeping until "
                    + Seconds.format(wake - start) + " s");
            happened.moved(t.tid());
        }
        justCreated.clear();
    }

    /** {@code t} is in {@code sleeping} until {@code wake}: followed until its timer is due. */
    private void asleepUntil(Task t, long wake) {
        Info info = tasks.get(t.tid());
        if (info != null) {
            info.wakeAt = wake;
            info.sleepOrder = sleepOrder++;
        }
        asleep.add(t);
    }

    /** Writes down when task {@code tid} was created or ended (for the first {@link #LIVES} tids). */
    private void lifeEvent(boolean end, int tid) {
        if (tid <= 0 || tid > LIVES) {
            return;
        }
        if (tid >= created.length) {
            int size = Math.min(LIVES + 1, Math.max(tid + 1, created.length * 2));
            created = java.util.Arrays.copyOf(created, size);
            ended = java.util.Arrays.copyOf(ended, size);
        }
        (end ? ended : created)[tid] = steps + 1;
    }

    /**
     * The line {@code task} is suspended at, after {@code done} steps of its own: read from its stack
     * once per step of it, and only for a task a kept step lists (the stack walk costs a few microseconds).
     */
    private Place at(Task task, Info info, int done) {
        if (info == null) {
            return null;
        }
        if (info.atSteps != done) {
            info.at = done == 0 ? null : place(task, info.on());
            info.atSteps = done;
        }
        return info.at;
    }

    /** Where {@code task} is suspended: its own frames, and the one line a listing shows (past {@code on}'s frames). */
    private Place place(Task task, Waitable on) {
        StackTraceElement[] stack = state.suspendedStack(task);
        if (stack.length == 0) {
            return null;
        }
        return Place.of(stack, on == null ? LoopState.suspendedLine(stack) : LoopState.suspendedLine(stack, on.getClass()));
    }

    private Place at(Task task) {
        Info info = tasks.get(task.tid());
        return at(task, info, info == null ? 0 : info.steps);
    }

    /** Whether what happens now is written down: the next step (steps + 1) will be kept. */
    private boolean noting() {
        return steps % stride == 0;
    }

    /** The parked tasks made ready again since the last kept step (a task they awaited ended, say). */
    private void unparked(Task running) {
        if (parkedSeen.isEmpty()) {
            return;
        }
        List<Task> back = new ArrayList<>(parkedSeen);
        back.removeIf(inReady(back, running).negate());
        back.sort(Comparator.comparingInt(Task::tid));
        parkedSeen.removeAll(back);
        for (Task t : back) {
            happened.line(t + " -> ready, no longer parked" + toBeSent(t));
            happened.moved(t.tid());
        }
    }

    /**
     * Whether a task is in ready or running now: looked for in ready one by one for a few, through a
     * set of ready for many (a thousand timers due at once must not cost a million comparisons).
     */
    private java.util.function.Predicate<Task> inReady(List<Task> candidates, Task running) {
        if (candidates.isEmpty() || state.readySize() > SCAN_LIMIT) {
            return t -> t == running;
        }
        if (candidates.size() <= 8) {
            return t -> t == running || state.readyHolds(t);
        }
        Set<Task> ready = new HashSet<>(state.ready(Integer.MAX_VALUE));
        return t -> t == running || ready.contains(t);
    }

    /** ", to be sent "a.txt"": what a task in ready will be sent, or thrown; "" for null. */
    private String toBeSent(Task task) {
        Object value = state.pendingValue(task);
        return state.pendingIsThrow(task) ? ", to be thrown " + StepText.text(value) : value == null ? "" : ", to be sent " + StepText.text(value);
    }

    /** The timers that came due since the last kept step: their tasks are in ready now, or running. */
    private void woken(Task running) {
        if (asleep.isEmpty()) {
            return;
        }
        long now = state.nanoTime();
        List<Task> due = new ArrayList<>();
        for (Task t : asleep) {
            if (wakeAt(t) <= now) {
                due.add(t);
            }
        }
        due.removeIf(inReady(due, running).negate()); // a due time alone: it may still be in the heap (real clock)
        due.sort(Comparator.comparingLong(this::wakeAt).thenComparingLong(t -> {
            Info info = tasks.get(t.tid());
            return info == null ? Long.MAX_VALUE : info.sleepOrder;
        }));
        asleep.removeAll(due);
        heapOrder(due);
        for (int i = 0; i < due.size(); ) { // one line per wake time: "timer due at 0.100 s: A, B -> ready"
            long at = wakeAt(due.get(i));
            StringBuilder line = new StringBuilder("timer due at ").append(Seconds.format(at - start)).append(" s");
            if (now - at >= LATE_NANOS) {
                line.append(", fired ").append(Seconds.format(now - at)).append(" s late (").append(heldBy(at)).append(')');
            }
            line.append(": ");
            int from = i;
            for (; i < due.size() && wakeAt(due.get(i)) == at; i++) {
                line.append(i == from ? "" : ", ").append(due.get(i));
                happened.moved(due.get(i).tid());
            }
            happened.line(line.append(" -> ready").toString());
        }
    }

    /**
     * What held the loop past a timer due at {@code at}: the step that ran last, if it was still running
     * then ("step 7, task 3 (slow), held the loop 0.310 s"), else the idle wait that overshot. The
     * first time, the page says that both loops fire timers only between steps.
     */
    private String heldBy(long at) {
        String held;
        if (lastStepN > 0 && lastStepEnd >= at) {
            held = "step " + String.format(java.util.Locale.ROOT, "%,d", lastStepN) + ", " + lastStepTask + ", held the loop "
                    + Seconds.format(lastStepEnd - lastStepStart) + " s";
            differs.late("step " + String.format(java.util.Locale.ROOT, "%,d", lastStepN) + " (" + lastStepTask
                    + ") held the loop " + Seconds.format(lastStepEnd - lastStepStart) + " s,");
        } else {
            held = "the loop's wait for it overshot";
            differs.late("here the loop's wait overshot,");
        }
        return held;
    }

    /**
     * Whether the heap woke {@code due} (in wake order) in another order than the lecture's list,
     * which goes in the order the tasks went to sleep: said once, where it first shows.
     */
    private void heapOrder(List<Task> due) {
        if (due.size() < 2 || differs.said("heap")) {
            return;
        }
        for (int i = 1; i < due.size(); i++) {
            Info before = tasks.get(due.get(i - 1).tid());
            Info after = tasks.get(due.get(i).tid());
            if (before != null && after != null && after.sleepOrder < before.sleepOrder) {
                differs.heap(due.get(i - 1).toString(), due.get(i).toString());
                return;
            }
        }
    }

    /**
     * Where the last step's syscall put its task, now that {@code handleSyscall} has run: asleep until a
     * time, back in ready (with the value it will be sent), or parked.
     */
    private void resolveMove(Task running) {
        Task task = moving;
        if (task == null) {
            return;
        }
        moving = null;
        String where;
        long timer;
        if (movingSyscall instanceof Sleep sleep && sleep.nanos() > 0) {
            where = "sleeping until " + Seconds.format(wakeAt(task) - start) + " s";
        } else if (task == running || state.readySize() <= SCAN_LIMIT && state.readyHolds(task)) {
            where = "back of ready" + toBeSent(task); // the task running now went through ready, straight to its front
            if (movingSyscall instanceof Sleep) {
                differs.sleepZero(task.toString());
            }
        } else if (!(movingSyscall instanceof Sleep) && state.sleepingSize() <= SCAN_LIMIT
                && (timer = state.wakeAt(task)) >= 0) { // a subclass's own timer syscall: sleeping all the same
            asleepUntil(task, timer);
            where = "sleeping until " + Seconds.format(timer - start) + " s";
        } else if (state.results().containsKey(task.tid())) {
            return; // it ended: taskExited said so
        } else {
            Awaited awaited = Awaited.of(movingSyscall, this::nameOf);
            where = "parked" + (awaited.text().isEmpty() ? "" : ", awaits " + awaited.text());
            parkedSeen.add(task);
        }
        happened.line(StepText.label(task.tid(), task.name()) + " yielded " + StepText.text(movingSyscall) + " -> " + where);
        happened.moved(task.tid());
    }

    private String nameOf(int tid) {
        Info info = tasks.get(tid);
        return info != null ? info.name : "task " + tid;
    }

    @Override
    public void afterStep(Task task, Step step) {
        settleCreated();
        inStep = false;
        runningNow = null;
        lastStepN = steps;
        lastStepStart = stepStart;
        lastStepEnd = state.nanoTime();
        lastStepTask = task; // named only if a timer turns out late
        if (timeline != null) {
            timeline.afterStep(task, step);
        }
        if (step instanceof Step.Yielded yielded) {
            Object syscall = yielded.value;
            Info info = tasks.get(task.tid());
            if (info != null) {
                info.syscall = syscall;
                info.wakeAt = -1;
                if (syscall instanceof Sleep sleep && sleep.nanos() > 0) {
                    info.sleepOrder = sleepOrder++;
                    info.wakeAt = LoopState.dueAt(state.nanoTime(), sleep);
                    asleep.add(task);
                }
            }
        }
        if (current != null) {
            endNanos = state.nanoTime() - start;
            switch (step) {
                case Step.Yielded yielded -> keep(current.withEnding("yielded", StepText.full(yielded.value), null));
                case Step.Returned(Object value) -> keep(current.withEnding("returned", StepText.full(value), null));
                case Step.Failed(Throwable e) -> keep(current.withEnding("failed", StepText.full(e), thrown(e)));
            }
            current = null;
        }
        if (!noting()) {
            return; // the next step will not be kept: nothing to write down
        }
        switch (step) {
            case Step.Yielded yielded -> {
                moving = task;
                movingSyscall = yielded.value;
            }
            case Step.Returned(Object value) -> ended(task, "returned " + StepText.text(value));
            case Step.Failed(Throwable e) -> ended(task, "failed: " + StepText.text(e));
        }
    }

    /** How {@code e} was thrown, taken once per exception (the first {@link #FAILURES} * 2 exceptions). */
    private Thrown thrown(Throwable e) {
        Thrown known = thrown.get(e);
        if (known == null) {
            known = Thrown.of(e);
            if (thrown.size() < FAILURES * 2) {
                thrown.put(e, known);
            }
        }
        return known;
    }

    private void ended(Task task, String how) {
        happened.line(StepText.label(task.tid(), task.name()) + " " + how + " -> results[" + task.tid() + "]");
        happened.moved(task.tid());
    }

    @Override
    public void taskExited(Task task, Step.Outcome outcome) {
        settleCreated();
        endNanos = state.nanoTime() - start; // the end's time: when the last task finished
        lifeEvent(true, task.tid());
        if (noting()) {
            resolveMove(null);
        }
        asleep.remove(task);
        parkedSeen.remove(task);
        if (outcome instanceof Step.Failed(Throwable e)) {
            failureCount++;
            if (failures.size() < FAILURES) { // during step N, or after it
                failures.add(new Failure(task.tid(), task.name(), StepText.full(e), steps, thrown(e)));
            }
            if (!e.getClass().getSimpleName().equals("CancelledException")) { // a cancellation is an ending of its own
                differs.goesOn(task.toString(), task.tid());
            }
        }
        if (timeline != null) {
            timeline.taskExited(task, outcome);
        }
        Info info = tasks.remove(task.tid());
        lastFinished.addLast(new Entry(task.tid(), info == null ? task.name() : info.name, "", 0, 0, null));
        if (lastFinished.size() > LISTED) {
            lastFinished.removeFirst();
        }
    }

    @Override
    public void idleWait(long from, long to) {
        settleCreated();
        endNanos = Math.max(endNanos, to - start);
        if (timeline != null) {
            timeline.idleWait(from, to);
        }
        if (noting()) {
            resolveMove(null);
            happened.line("idle " + Seconds.format(to - from) + " s (" + Seconds.format(from - start) + " s to "
                    + Seconds.format(to - start) + " s): nothing was ready");
        }
        if ((steps % stride) == 0 && idleSince.length() < 200) { // only for a step that will be kept
            idleSince.append(idleSince.isEmpty() ? "" : "; ").append("waited idle from ")
                    .append(Seconds.format(from - start)).append(" s to ").append(Seconds.format(to - start)).append(" s");
        }
    }

    /** Whether this scheduler's run has ended (it ran, and is not the one running on this thread now). */
    boolean runOver() {
        return steps > 0 && Scheduler.current() != scheduler;
    }

    /** Called by {@link ProgramOutput} for each line the program printed. */
    void printed(String line) {
        if (outputCut) {
            return;
        }
        if (output.size() >= 20_000 || outputChars + line.length() > 500_000) {
            outputCut = true;
            return;
        }
        outputChars += line.length();
        output.add(new OutputLine(steps, inStep, line.length() > 2000 ? line.substring(0, 2000) + "..." : line));
    }

    // ------------------------------------------------------------------ what is kept

    private void keep(Snapshot snapshot) {
        kept.add(snapshot);
        if (kept.size() > limit) {
            stride *= 2;
            kept.removeIf(s -> (s.n() - 1) % stride != 0);
        }
    }

    private List<Entry> ready() {
        List<Entry> ready = new ArrayList<>();
        for (Task t : state.ready(LISTED)) {
            Object value = state.pendingValue(t);
            ready.add(new Entry(t.tid(), t.name(), (state.pendingIsThrow(t) ? "throw " : "") + StepText.full(value), 0, 0, at(t)));
        }
        return ready;
    }

    /** When {@code t} wakes: as its Sleep said when it went to sleep on one, else as the heap says (a subclass's timer). */
    private long wakeAt(Task t) {
        Info info = tasks.get(t.tid());
        return info != null && info.wakeAt >= 0 ? info.wakeAt : state.wakeAt(t);
    }

    /** Sleeping tasks in wake order (the heap's order: wake time, then who went to sleep first). */
    private List<Entry> sleeping() {
        List<Task> asleep;
        if (state.sleepingSize() <= SCAN_LIMIT) {
            asleep = state.sleeping();
            asleep.sort(Comparator.comparingLong(this::wakeAt).thenComparingLong(t -> {
                Info info = tasks.get(t.tid());
                return info == null ? Long.MAX_VALUE : info.sleepOrder;
            }));
        } else {
            Task next = state.nextToWake();
            asleep = next == null ? List.of() : List.of(next); // too many to order at every step
        }
        List<Entry> sleeping = new ArrayList<>();
        for (Task t : asleep.subList(0, Math.min(LISTED, asleep.size()))) {
            Info info = tasks.get(t.tid());
            sleeping.add(new Entry(t.tid(), t.name(), info == null ? "" : info.waitingOn(), wakeAt(t) - start, 0, at(t)));
        }
        return sleeping;
    }

    /** {@code results}, the most recently finished last (the order a Python dict keeps). */
    private List<Entry> results() {
        Map<Integer, Step.Outcome> results = state.results();
        List<Entry> listed = new ArrayList<>();
        for (Entry finished : lastFinished) {
            Step.Outcome outcome = results.get(finished.tid());
            if (outcome != null) {
                listed.add(new Entry(finished.tid(), finished.name(), StepText.outcome(outcome), 0, 0, null, "", "",
                        outcome instanceof Step.Failed(Throwable e) ? thrown(e) : null));
            }
        }
        return listed;
    }

    /** The first parked tasks listed, and how many there are (-1: too many to sort out). */
    private record Parked(List<Entry> listed, int size) {
    }

    /** Unfinished tasks that are neither running, ready nor sleeping, and what each is parked on. */
    private Parked parked(Task running) {
        if (state.readySize() > SCAN_LIMIT || state.sleepingSize() > SCAN_LIMIT || tasks.size() > SCAN_LIMIT) {
            return new Parked(List.of(), -1); // too many to sort out at every step
        }
        List<Task> pending = state.pendingTasks();
        if (pending.size() <= state.readySize() + state.sleepingSize()) { // the running task is in none of them
            return new Parked(List.of(), 0); // every pending task is ready or asleep: nothing to sort out
        }
        Set<Task> placed = new HashSet<>(state.ready(Integer.MAX_VALUE));
        placed.addAll(state.sleeping());
        placed.add(running);
        List<Entry> parked = new ArrayList<>();
        int count = 0;
        for (Task t : pending) {
            if (placed.contains(t)) {
                continue;
            }
            count++;
            if (parked.size() < LISTED) {
                parked.add(parkedEntry(t, tasks.get(t.tid())));
            }
        }
        parked.sort(Comparator.comparingInt(Entry::tid));
        return new Parked(parked, count);
    }

    /** A parked task as the parked list shows it: what it yielded, what it awaits, the line it waits at. */
    private Entry parkedEntry(Task t, Info info) {
        if (info == null) {
            return new Entry(t.tid(), t.name(), "", 0, 0, at(t));
        }
        Awaited awaited = info.syscall == NOT_STARTED ? Awaited.NOTHING : Awaited.of(info.syscall, this::nameOf);
        return new Entry(t.tid(), t.name(), info.waitingOn(), 0, awaited.tid(), at(t), awaited.text(), awaited.via(), null);
    }

    @Override
    public void closingTask(Task task) {
        if (noting()) {
            resolveMove(null); // the last step's syscall, said while its lock and holder are as they were
        }
        Info info = tasks.get(task.tid());
        if (info == null || !listedAtTheEnd(task.tid())) {
            return;
        }
        // the end lists it as it waits now: its line, the lock and the lock's holder, before closing
        // runs its finally blocks (which release the locks it holds)
        info.closing = parkedEntry(task, info);
    }

    private Set<Integer> listedAtTheEnd; // the tids the end lists (the first LISTED unfinished), once the run is over

    private boolean listedAtTheEnd(int tid) {
        if (listedAtTheEnd == null) {
            listedAtTheEnd = new HashSet<>(tasks.keySet().stream().sorted().limit(LISTED).toList());
        }
        return listedAtTheEnd.contains(tid);
    }

    /**
     * The state when the loop stopped, after the last step: nothing ready or sleeping (that is
     * why it stopped), every result, and the tasks left parked with what they wait on (after a
     * deadlock, the cycle).
     */
    public Snapshot finalState() {
        settleCreated();
        if (noting()) {
            resolveMove(null);
        }
        // a limit stopped the run in the middle of this task's step: it runs on (its stack is not frozen); one
        // that an instrument refused a step before it began (a step budget) is still suspended, where it waits
        Task cutIn = inStep && runningNow != null && tasks.containsKey(runningNow.tid())
                && state.suspendedStack(runningNow).length == 0 ? runningNow : null;
        List<Entry> parked = new ArrayList<>();
        tasks.entrySet().stream().sorted(Map.Entry.comparingByKey()).limit(LISTED).forEach(e -> parked.add(
                cutIn != null && e.getKey() == cutIn.tid()
                        ? new Entry(e.getKey(), e.getValue().name, "in its step " + e.getValue().steps
                                + ", still running: it has not yielded", 0, 0, null)
                        : e.getValue().closing != null ? e.getValue().closing // as it waited when the loop closed it
                        : new Entry(e.getKey(), e.getValue().name, e.getValue().waitingOn(), 0, e.getValue().awaits(),
                                waitsNow(e.getValue()))));
        Info cut = cutIn == null ? null : tasks.get(cutIn.tid());
        return new Snapshot(steps + 1, endNanos, idleSince.toString(), cutIn == null ? 0 : cutIn.tid(),
                cutIn == null ? "" : cutIn.name(), cut == null ? 0 : cut.steps, "", false, cutIn == null ? "stopped" : "cut", "",
                List.of(), 0, List.of(), 0, true, results(), state.results().size(), parked, tasks.size(), happened.lines(),
                happened.moved(), null, null, differs.take());
    }

    /**
     * Where an unfinished task waits as the run ends: read from its stack now if it is suspended (a run
     * cut by a step limit stops between steps, with every task where it waits), else the place last read.
     */
    private Place waitsNow(Info info) {
        if (info.atSteps == info.steps && info.at != null) {
            return info.at;
        }
        try {
            return info.steps == 0 ? null : place(info.task, info.on());
        } catch (RuntimeException e) {
            return null; // a stack that cannot be read (its task runs on): no place
        }
    }

    /**
     * When each task was created and ended, as step numbers: [tid, created (0: before the first step),
     * ended (-1: never)], for at most {@code max} tasks: the failed and the unfinished first, then the
     * lowest tids (the first {@link #LIVES} tids are known).
     */
    public List<long[]> lives(int max) {
        java.util.LinkedHashSet<Integer> chosen = new java.util.LinkedHashSet<>();
        for (Failure f : failures) {
            if (chosen.size() < max) {
                chosen.add(f.tid());
            }
        }
        tasks.keySet().stream().sorted().limit(max).forEach(tid -> {
            if (chosen.size() < max) {
                chosen.add(tid);
            }
        });
        for (int tid = 1; tid < created.length && chosen.size() < max; tid++) {
            if (created[tid] > 0) {
                chosen.add(tid);
            }
        }
        List<long[]> lives = new ArrayList<>();
        for (int tid : chosen) {
            if (tid > 0 && tid < created.length && created[tid] > 0) {
                lives.add(new long[] {tid, created[tid] - 1, ended[tid] - 1});
            }
        }
        return lives;
    }

    /** The tids of the tasks left unfinished, lowest first, at most {@code max}. */
    public List<Integer> stuck(int max) {
        return tasks.keySet().stream().sorted().limit(max).toList();
    }

    /** How many tasks were left unfinished. */
    public int stuckCount() {
        return tasks.size();
    }

    /** Every failed task (the first {@link #FAILURES}), in the order they failed. */
    public List<Failure> failures() {
        return List.copyOf(failures);
    }

    /** How many tasks failed. */
    public int failureCount() {
        return failureCount;
    }

    /** The tids whose exception the end of the run reported as never retrieved. */
    public List<Integer> unretrieved() {
        return state.unretrievedReported().stream().map(Task::tid).toList();
    }

    /** How many tasks the run created. */
    public int taskCount() {
        return spawned;
    }

    /** The steps kept, in order. */
    public List<Snapshot> steps() {
        return List.copyOf(kept);
    }

    /** How many steps the run took (kept or not). */
    public long stepCount() {
        return steps;
    }

    /** 1 when every step was kept; else only steps 1, 1 + stride, 1 + 2 * stride ... were. */
    public long stride() {
        return stride;
    }

    public int limit() {
        return limit;
    }

    public boolean virtualClock() {
        return state.virtualClock();
    }

    public List<OutputLine> output() {
        return List.copyOf(output);
    }

    public boolean outputCut() {
        return outputCut;
    }
}
