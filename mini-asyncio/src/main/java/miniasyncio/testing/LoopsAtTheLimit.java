package miniasyncio.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;
import miniasyncio.around.FoldedStack;
import miniasyncio.trace.Instrument;

/**
 * Where a test's loops are when its wall-clock limit passes, for the failure to say it.
 *
 * <p>Why: a test that runs its loop through {@code MiniAsyncio.run} (or any big-stack loop thread)
 * waits for that thread in {@code Thread.join}, so the limit's own report, the test thread's stack,
 * shows only the wait. A loop spinning in a step with no {@code sleep()} then looks like a slow
 * machine. Each loop followed here hears its steps, on the thread that runs it: so at the limit
 * its thread is known, and the task whose step began and never ended is the one that never
 * yielded. The failure names that task and the program's line the thread was on, and shows the
 * thread's stack with the kit's frames folded ({@link FoldedStack}).
 *
 * <p>The visible tests use it: the exercises' {@code StepBudget} follows every scheduler a test
 * makes and rewrites JUnit's timeout; the homework's {@code VisibleRun} samples at its own limit.
 */
public final class LoopsAtTheLimit {

    private final List<Followed> loops = new CopyOnWriteArrayList<>();

    /** Follows {@code scheduler} from now on (an instrument of it, which only notes each step). */
    public void follow(Scheduler scheduler) {
        Followed followed = new Followed(scheduler);
        loops.add(followed);
        scheduler.settings().addInstrument(followed);
    }

    /** Where the followed loops that are still running are, now. */
    public Sample sample() {
        // One loop per thread: of several schedulers run on one thread, the one that stepped last runs there.
        Map<Thread, Followed> byThread = new LinkedHashMap<>();
        for (Followed loop : loops) {
            Thread thread = loop.thread;
            if (thread != null && thread.isAlive() && !loop.scheduler.view().closed()) {
                byThread.merge(thread, loop, (a, b) -> a.lastStep >= b.lastStep ? a : b);
            }
        }
        List<String> lines = new ArrayList<>();
        StringBuilder stacks = new StringBuilder();
        for (Map.Entry<Thread, Followed> entry : byThread.entrySet()) {
            Thread thread = entry.getKey();
            Task stepping = entry.getValue().stepping; // read before the stack: a step still running then was running at it
            Thread.State state = thread.getState();
            StackTraceElement[] stack = thread.getStackTrace();
            if (!inALoop(stack)) {
                continue; // its run is over (a Runner's loop between two runs): nothing of it holds the test
            }
            lines.add(where(stepping, state, stack));
            stacks.append(FoldedStack.threadLine(thread.getName(), state, "where the loop was at the limit")).append('\n')
                    .append(FoldedStack.frames(stack));
        }
        if (lines.isEmpty()) {
            return new Sample(null, "");
        }
        String line = lines.get(0) + (lines.size() == 1 ? ""
                : " (and " + (lines.size() - 1) + " more loop" + (lines.size() == 2 ? "" : "s") + " still running, below)");
        return new Sample(line, stacks.toString());
    }

    /**
     * Where the loops were at a limit: {@code line} says it in one line (null when no followed loop
     * was running), {@code stacks} shows each running loop's thread.
     */
    public record Sample(String line, String stacks) {

        /** Whether a followed loop was running at the limit. */
        public boolean found() {
            return line != null;
        }

        /**
         * The test's failure: {@code reason} (the limit's own words) and where the loop was on its
         * first line, each loop thread's stack below, and the limit's exception as the cause (the
         * test thread's stack).
         */
        public AssertionError failure(String reason, Throwable timedOut) {
            AssertionError error = new AssertionError(reason + "; " + line + "\n" + stacks.stripTrailing(), timedOut);
            error.setStackTrace(new StackTraceElement[0]); // where it was made says nothing: the stacks are above and below
            return error;
        }
    }

    /** "the loop was still in a step of task 2 (spinner) that never yielded, at Spin.java:18 (Spin.spin), ..." */
    private static String where(Task stepping, Thread.State state, StackTraceElement[] stack) {
        StackTraceElement at = programFrame(stack);
        String place = at == null ? "" : ", at " + at.getFileName() + ":" + at.getLineNumber() + " ("
                + simple(at.getClassName()) + "." + at.getMethodName() + ")";
        String what = stepping != null
                ? "the loop was still in a step of " + stepping + " that never yielded" + place
                : "the loop was running outside any task's step" + place + " (the scheduler's own code)";
        if (state == Thread.State.RUNNABLE) {
            return what + ", computing: a step with no sleep() never gives the loop back";
        }
        StackTraceElement call = calledFrom(stack, at);
        return what + ", blocked" + (call == null ? "" : " in " + simple(call.getClassName()) + "." + call.getMethodName())
                + ": a blocking call (Thread.sleep, a lock, I/O) holds the loop";
    }

    /** The program's own frame nearest the top: the line the loop was on. */
    private static StackTraceElement programFrame(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (!FoldedStack.kitOrJdk(frame)) {
                return frame;
            }
        }
        return null;
    }

    /** The call the program's frame made ({@code Thread.sleep}, not the JDK's {@code sleepNanos0} under it), else the top. */
    private static StackTraceElement calledFrom(StackTraceElement[] stack, StackTraceElement program) {
        for (int i = 1; i < stack.length; i++) {
            if (stack[i] == program) {
                return stack[i - 1];
            }
        }
        return stack.length == 0 ? null : stack[0];
    }

    /** Whether a thread's stack is inside a scheduler's loop (the lecture's class or a subclass's run). */
    private static boolean inALoop(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (frame.getClassName().equals(Scheduler.class.getName())) {
                return true;
            }
        }
        return false;
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1).replaceAll("\\$.*", "");
    }

    /** One loop: the thread that steps it and the task whose step is running (null between steps). */
    private static final class Followed implements Instrument {
        final Scheduler scheduler;
        volatile Thread thread;
        volatile Task stepping;
        volatile long lastStep;

        Followed(Scheduler scheduler) {
            this.scheduler = scheduler;
        }

        @Override
        public void beforeStep(Task task) {
            thread = Thread.currentThread();
            lastStep = System.nanoTime();
            stepping = task;
        }

        @Override
        public void afterStep(Task task, Step step) {
            stepping = null;
        }
    }
}
