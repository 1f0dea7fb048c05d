package miniasyncio;

import miniasyncio.around.LoopStack;
import miniasyncio.around.MonitorWatchdog;

/**
 * What can go wrong when a coroutine suspends or is closed, or yields what its scheduler does not
 * know, each said with the mistake and the fix: the JDK's own errors ("Pinned: MONITOR", a bare {@code StackOverflowError}) name nothing
 * of the program. {@link Coroutine} throws them; they live here so that the coroutine's file
 * holds its state and its protocol.
 */
final class SuspendErrors {

    private SuspendErrors() {
    }

    /**
     * A syscall no {@code handleSyscall} of {@code scheduler} knows: an error naming it, with no stack yet, so that
     * it gets the task's own when it is thrown at the task's yield (the line of the user's code that yielded it).
     */
    static RuntimeException unknownSyscall(Class<?> scheduler, Object syscall) {
        String what = syscall == null ? "null" : syscall + " (" + syscall.getClass().getName() + ")";
        IllegalArgumentException e = new IllegalArgumentException("unknown syscall: " + what + ". "
                + scheduler.getSimpleName() + " does not handle it: yield a syscall the scheduler knows"
                + " (Sleep), or add one by overriding handleSyscall in a subclass");
        e.setStackTrace(new StackTraceElement[0]);
        return e;
    }

    /**
     * The JDK could not save the task's frames: it says {@code StackOverflowError} for two
     * different limits. Name the one that was hit, and how to get more.
     */
    static StackOverflowError tooDeep(String name, StackOverflowError cause) {
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

    /** The JDK could not unmount the stack ({@code reason}: MONITOR, NATIVE...). */
    static String pinned(String name, String reason) {
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

    /**
     * The body caught {@link Coroutine.Exit} and suspended again, yielding {@code value}: Python's
     * "generator ignored GeneratorExit". The error's stack is where it suspended ({@code where}).
     */
    static IllegalStateException ignoredClose(String described, Object value, StackTraceElement[] where) {
        StackTraceElement at = MonitorWatchdog.firstUserFrame(where);
        IllegalStateException zombie = new IllegalStateException(described + " ignored close():"
                + " it caught Coroutine.Exit and suspended again (yielding " + value + ")"
                + (at == null ? "" : " at " + at) + ". Let Coroutine.Exit propagate (a catch"
                + " (Throwable t) must rethrow it), or rethrow it after cleaning up.");
        zombie.setStackTrace(where);
        return zombie;
    }
}
