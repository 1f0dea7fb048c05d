package miniasyncio.around;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import miniasyncio.Coroutine;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.trace.LoopState;

/**
 * Turns the one silent hang of a single-threaded loop into a message: a task that suspends
 * inside {@code synchronized}, and a second task that enters the same monitor.
 *
 * <p>Why it hangs. All tasks share the loop's one thread, but since JDK 24 a suspended
 * continuation keeps the monitors it holds (JEP 491, made for virtual threads), instead of being
 * pinned to the thread as on JDK 21 (where {@code Coroutine} reports the pin at once). When the
 * second task enters the monitor, the loop's thread blocks until the first task leaves it, and
 * the first task can only leave it when the loop runs it: nothing ever moves again, and nothing
 * is printed.
 *
 * <p>How it is seen. One daemon thread for the whole JVM looks at every running loop's thread
 * five times a second. When a loop's thread has been {@code BLOCKED} on a monitor inside the same
 * task for about a second, and at every look in that second no live thread owned that monitor
 * (so only a suspended task can),
 * it reads where the blocked task waits and where the suspended tasks are, and hands the report
 * to the scheduler's stuck action ({@link LoopSettings#setOnStuck}).
 *
 * <p>What it cannot do: unblock the thread. A thread blocked on a monitor cannot be interrupted,
 * and the task holding the monitor can only run on that same thread. So {@code run()} never
 * returns: the default action prints the report on stderr, the CLI then exits with code 1, and
 * {@code @AsyncTest} fails the test at once (its loop thread is left behind, a daemon).
 */
public final class MonitorWatchdog {

    /*
     * Public, as watch, unwatch and the frame helpers below: the kernel (Scheduler, Coroutine) and tracing
     * (LoopState) call them from their own packages.
     */

    /** What to use instead: the same advice on every JDK (see also the pinned message of JDK 21). */
    public static final String ADVICE = "To keep other tasks out of a section that suspends, use a task-aware lock"
            + " (asyncio.Lock; in this kit the Lock of exercise step 4, exercises.step4_sync.Lock). A thread lock"
            + " (synchronized, java.util.concurrent.locks.ReentrantLock) cannot serve: every task runs on the loop's"
            + " one thread, so it either lets every task in (ReentrantLock re-enters) or blocks the loop.";

    /** How long the loop's thread must stay blocked in one task before it is reported. */
    static final long LIMIT_NANOS = 1_000_000_000L;
    private static final long PERIOD_MILLIS = 200;
    /**
     * How many looks in a row must see the monitor without a live owner: as many as a second
     * holds. A watcher slowed down by the machine's load reports later, never on fewer looks.
     */
    private static final int LOOKS = (int) (LIMIT_NANOS / 1_000_000 / PERIOD_MILLIS) + 1;

    private static final Map<Thread, Watch> LOOPS = new ConcurrentHashMap<>();
    private static Thread watcher; // started on the first run, then lives as long as the JVM

    /** What is known about one loop; written by the watcher only. */
    static final class Watch {
        final Scheduler scheduler;
        Object blockedTask;    // the task whose monitor had no live owner at the last look, or null
        int monitor;           // that monitor's identity hash code
        long blockedSince;     // the first look of the run of looks that saw it so
        int looks;             // how many looks that run has had
        boolean reported;

        Watch(Scheduler scheduler) {
            this.scheduler = scheduler;
        }

        /**
         * One look: {@code task} is the loop's current task, {@code unowned} whether its thread was
         * blocked on a monitor that no live thread owned. True when it is time to report.
         */
        boolean look(Object task, boolean unowned, int monitor, long now) {
            if (!unowned) {
                blockedTask = null;
                return false;
            }
            if (blockedTask != task || this.monitor != monitor) {
                blockedTask = task;
                this.monitor = monitor;
                blockedSince = now;
                looks = 1;
                return false;
            }
            looks++;
            if (reported || now - blockedSince < LIMIT_NANOS || looks < LOOKS) {
                return false;
            }
            reported = true;
            return true;
        }
    }

    private MonitorWatchdog() {
    }

    /** The calling thread runs {@code scheduler}'s loop from now on. */
    public static void watch(Scheduler scheduler) {
        LOOPS.put(Thread.currentThread(), new Watch(scheduler));
        if (watcher == null) {
            start();
        }
    }

    /** The calling thread's loop has ended. */
    public static void unwatch() {
        LOOPS.remove(Thread.currentThread());
    }

    private static synchronized void start() {
        if (watcher == null) {
            Thread t = new Thread(MonitorWatchdog::watchForever, "mini-asyncio monitor watchdog");
            t.setDaemon(true);
            t.start();
            watcher = t;
        }
    }

    private static void watchForever() {
        while (true) {
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            LOOPS.forEach((thread, watch) -> {
                try {
                    check(thread, watch, now);
                } catch (RuntimeException | LinkageError e) {
                    // a diagnostic must never take the JVM down; this loop is simply not reported
                    watch.reported = true;
                }
            });
        }
    }

    /**
     * One look at a loop's thread. The monitor must have had no live owner at every look for the
     * whole limit: the thread's state and the monitor's owner are two reads, and a look whose
     * reads fall just as a live owner lets go sees a blocked thread and a monitor without owner.
     * The next look sees the loop's thread running again (it took the monitor), which starts the
     * count anew. On a loaded machine the looks come late, and there must be {@link #LOOKS} of them.
     */
    private static void check(Thread thread, Watch watch, long now) {
        Task task = watch.scheduler.currentTask(); // read across threads: the loop thread is blocked, or moving on
        boolean blocked = task != null && thread.getState() == Thread.State.BLOCKED;
        ThreadInfo info = blocked ? ManagementFactory.getThreadMXBean().getThreadInfo(thread.threadId()) : null;
        // (not info.getThreadState(): on JDK 25 it says RUNNABLE for a thread blocked on a monitor a
        // suspended task holds, with no owner and no lock named)
        boolean liveOwner = info == null || info.getLockOwnerId() >= 0;
        int monitor = info == null || info.getLockInfo() == null ? 0 : info.getLockInfo().getIdentityHashCode();
        if (watch.look(task, blocked && !liveOwner, monitor, now)) {
            watch.scheduler.settings().stuck.stuck(report(thread, watch.scheduler, task, info, now - watch.blockedSince));
        }
    }

    /** The message: who blocks where, who holds the monitor (suspended where), why, what instead. */
    static String report(Thread thread, Scheduler scheduler, Task blocked, ThreadInfo info, long blockedNanos) {
        StackTraceElement where = firstUserFrame(thread.getStackTrace());
        String monitor = info != null && info.getLockName() != null ? " " + info.getLockName() : "";
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "mini-asyncio: the loop is stuck. %s has been blocked for %.1f s on"
                        + " the monitor%s it enters at %s (a synchronized block or method).%n",
                blocked, blockedNanos / 1e9, monitor, where == null ? "an unknown line" : where));
        List<Task> suspended = new ArrayList<>();
        List<Task> sameCode = new ArrayList<>();
        List<Task> pending;
        try {
            pending = scheduler.view().pendingTasks();
        } catch (RuntimeException e) {
            pending = List.of();
        }
        for (Task task : pending) {
            if (task == blocked || task.suspendedStack().length == 0) {
                continue;
            }
            suspended.add(task);
            if (where != null && contains(task.suspendedStack(), where)) {
                sameCode.add(task);
            }
        }
        List<Task> holders = sameCode.isEmpty() ? suspended : sameCode;
        if (holders.isEmpty()) {
            out.append("No suspended task was found to hold it.\n");
        } else {
            out.append(holders.size() == 1 ? "The monitor is held by a suspended task:\n"
                    : "The monitor is held by one of these suspended tasks:\n");
            for (Task task : holders) {
                StackTraceElement at = firstUserFrame(task.suspendedStack());
                out.append("  ").append(task).append(", suspended inside it at ").append(at).append('\n');
            }
        }
        out.append("Since JDK 24 a task may suspend while it holds a monitor, and keeps it. The next task that"
                        + " enters the same monitor blocks the loop's one thread, and the holder can only run (and leave"
                        + " the monitor) on that thread: nothing can move again. Fix: do not suspend (sleep, await)"
                        + " inside synchronized. ")
                .append(ADVICE).append('\n')
                .append("The blocked thread cannot be interrupted: run() will never return.");
        return out.toString();
    }

    /** The kit's classes a suspension passes through, whose frames say nothing about the program. */
    private static final Set<String> KIT = Set.of("miniasyncio.Coroutine",
            "miniasyncio.Scheduler", "miniasyncio.MiniAsyncio", "miniasyncio.Generator");

    /** The first frame of the program's own code: not the JDK's, not the kit's machinery. */
    public static StackTraceElement firstUserFrame(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (!machinery(frame)) {
                return frame;
            }
        }
        return stack.length == 0 ? null : stack[0];
    }

    /** Whether a frame is the JDK's or the kit's machinery, not the program's own code. */
    public static boolean machinery(StackTraceElement frame) {
        String c = frame.getClassName();
        int nested = c.indexOf('$');
        return c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")
                || KIT.contains(nested < 0 ? c : c.substring(0, nested));
    }

    private static boolean contains(StackTraceElement[] stack, StackTraceElement where) {
        for (StackTraceElement frame : stack) {
            if (frame.getClassName().equals(where.getClassName()) && frame.getMethodName().equals(where.getMethodName())) {
                return true;
            }
        }
        return false;
    }
}
