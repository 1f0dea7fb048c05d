package miniasyncio.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import miniasyncio.Scheduler;
import miniasyncio.Sleep;
import miniasyncio.Step;
import miniasyncio.Task;
import miniasyncio.VirtualClock;
import miniasyncio.around.MonitorWatchdog;

/**
 * A read-only view of a scheduler's state as the lecture names it: {@code ready} with each task's
 * pending value, {@code sleeping}, {@code results}, the tasks pending and the clock (the running
 * task is {@code Scheduler.currentTask()}, a sleeper's wake time {@link #wakeAt}). The step-through page ({@code run NAME --step-through FILE.html}) reads
 * the loop only through this class: when the scheduler's fields change, this file follows and the
 * page does not.
 *
 * <p>It reads the scheduler through its one read-only view ({@code scheduler.view()}, a
 * {@link miniasyncio.LoopView}); it never changes what the loop does. Call it from an {@link Instrument}'s
 * hooks, on the loop's thread.
 *
 * <p>{@link Instrument#beforeStep} sees what the task is about to be sent: it stays in the task
 * until the task resumes.
 */
public final class LoopState {

    private final Scheduler scheduler;

    private LoopState(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    public static LoopState of(Scheduler scheduler) {
        return new LoopState(scheduler);
    }

    /** Loop time in clock nanoseconds. */
    public long nanoTime() {
        return scheduler.clock().nanoTime();
    }

    public boolean virtualClock() {
        return scheduler.clock() instanceof VirtualClock;
    }

    /** The first {@code limit} tasks of {@code ready}, front first (the next to run). */
    public List<Task> ready(int limit) {
        List<Task> first = new ArrayList<>(Math.min(limit, scheduler.view().ready().size()));
        for (Task task : scheduler.view().ready()) {
            if (first.size() == limit) {
                break;
            }
            first.add(task);
        }
        return first;
    }

    public int readySize() {
        return scheduler.view().ready().size();
    }

    /**
     * The value a task in {@code ready} will be sent (its exception to throw, if it has one); from
     * {@link Instrument#beforeStep}, what the running task is about to be sent.
     */
    public Object pendingValue(Task task) {
        return task.exceptionToThrow() != null ? task.exceptionToThrow() : task.valueToSend();
    }

    public boolean pendingIsThrow(Task task) {
        return task.exceptionToThrow() != null;
    }

    /** The tasks in {@code sleeping}, in the heap's own (array) order: not sorted. */
    public List<Task> sleeping() {
        return new ArrayList<>(scheduler.view().sleeping());
    }

    public int sleepingSize() {
        return scheduler.view().sleeping().size();
    }

    /** When {@code task}, asleep in {@code sleeping}, wakes (clock nanoseconds); -1 if it is not there. O(n). */
    public long wakeAt(Task task) {
        return scheduler.view().wakeAtOf(task);
    }

    /**
     * When a task that yields {@code sleep} at {@code now} is due, as the scheduler's {@code sleepTask} works it
     * out (a recorder keeps it itself: the scheduler keeps a wake time only while the task is in its heap).
     */
    public static long dueAt(long now, Sleep sleep) {
        long nanos = sleep.nanos();
        return nanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos;
    }

    /** The sleeping task that wakes first, or null. */
    public Task nextToWake() {
        return scheduler.view().nextToWake();
    }

    /** {@code results}: tid -> how the task ended (read only; nothing is marked retrieved). */
    public Map<Integer, Step.Outcome> results() {
        return scheduler.view().results();
    }

    /** Every unfinished task: ready, sleeping, and the ones a subclass parks (the scheduler's name for it). */
    public List<Task> pendingTasks() {
        return scheduler.view().pendingTasks();
    }

    /** Whether {@code task} is in {@code ready}. */
    public boolean readyHolds(Task task) {
        for (Task waiting : scheduler.view().ready()) {
            if (waiting == task) {
                return true;
            }
        }
        return false;
    }

    /**
     * The failed tasks whose exception nobody retrieved, as the end of {@code run()} reported them on
     * stderr ("Task exception was never retrieved"); empty before the run has ended.
     */
    public List<Task> unretrievedReported() {
        return scheduler.view().reportedUnretrieved();
    }

    /** The stack of {@code task}, innermost first, while it is suspended; empty when it runs, has not started or has ended. */
    public StackTraceElement[] suspendedStack(Task task) {
        return task.suspendedStack();
    }

    /**
     * The line of the program's own code where a task whose stack is {@code stack} is suspended (the
     * first frame that is not the kit's machinery or the JDK's), or null for an empty stack (not
     * started, running or ended). Only a step-through recorder walks a stack; an untraced run never does.
     */
    static StackTraceElement suspendedLine(StackTraceElement[] stack) {
        return stack.length == 0 ? null : MonitorWatchdog.firstUserFrame(stack);
    }

    /**
     * As {@link #suspendedLine(StackTraceElement[])}, for a task that waits inside {@code waitingIn}
     * (a lock, a queue: its {@code acquire}, its {@code get}): the line of the program's own code that
     * called into it, as {@code lockB.withLock(...)} says which lock more plainly than the lock's own
     * {@code await}. The task's own first line when the class is not on its stack.
     */
    static StackTraceElement suspendedLine(StackTraceElement[] stack, Class<?> waitingIn) {
        String name = waitingIn.getName();
        int i = 0;
        while (i < stack.length && !inClass(stack[i], name)) {
            i++; // the machinery that parks it (Futures.await, the scheduler's syscall)
        }
        while (i < stack.length && inClass(stack[i], name)) {
            i++; // the lock's own frames (acquire, withLock)
        }
        for (; i < stack.length; i++) {
            if (!MonitorWatchdog.machinery(stack[i])) {
                return stack[i];
            }
        }
        return stack.length == 0 ? null : MonitorWatchdog.firstUserFrame(stack); // called from no code of its own
    }

    private static boolean inClass(StackTraceElement frame, String name) {
        String c = frame.getClassName();
        return c.equals(name) || c.startsWith(name) && c.charAt(name.length()) == '$';
    }
}
