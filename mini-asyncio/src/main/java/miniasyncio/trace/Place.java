package miniasyncio.trace;

import java.util.ArrayList;
import java.util.List;
import miniasyncio.around.FoldedStack;
import miniasyncio.around.MonitorWatchdog;

/**
 * Where a task waits, as the step-through page shows it: the program's own frames of its stack,
 * innermost first ({@code Homework.awaitTask} at Homework.java:42, then its caller, the test's
 * {@code awaitTask(b)}), and the kit's and the JDK's frames folded into one note ("in the kit:
 * Scheduler.syscall, 5 frames"). A student reads their own lines, not the loop's machinery.
 *
 * <p>A frame is the program's unless it is the JDK's, the kit's runtime (its classes but the
 * examples) or a test library's: the homework's {@code Homework.java} and an exercise's
 * {@code Futures.java} are code the student writes, so they count as the program.
 *
 * @param frames   the program's frames, innermost first (at most {@link #FRAMES})
 * @param more     the program's frames left out beyond those
 * @param kit      the kit's and the JDK's frames folded
 * @param in       the kit's frame the innermost program frame called ({@code Scheduler.syscall}), or ""
 * @param headline the one line that says it best (past a lock's own frames to the line that called
 *                 into it); what a one-line listing shows
 */
public record Place(List<StackTraceElement> frames, int more, int kit, String in, StackTraceElement headline) {

    /** Program frames kept per place: enough for a helper inside a helper inside a test. */
    static final int FRAMES = 12;

    /** Where {@code stack} (innermost first) waits, with {@code headline} as its one line; null for no stack. */
    static Place of(StackTraceElement[] stack, StackTraceElement headline) {
        return of(stack, headline, FRAMES);
    }

    static Place of(StackTraceElement[] stack, StackTraceElement headline, int keep) {
        if (stack == null || stack.length == 0) {
            return null;
        }
        List<StackTraceElement> frames = new ArrayList<>();
        int more = 0;
        int kit = 0;
        String in = "";
        for (int i = 0; i < stack.length; i++) {
            StackTraceElement frame = stack[i];
            if (kit(frame)) {
                kit++;
                continue;
            }
            if (frames.isEmpty() && more == 0 && i > 0) {
                in = method(stack[i - 1]); // what the program called into: the syscall, the lock's await
            }
            if (frames.size() < keep) {
                frames.add(frame);
            } else {
                more++;
            }
        }
        return new Place(List.copyOf(frames), more, kit, in, headline != null ? headline : frames.isEmpty() ? stack[0] : frames.get(0));
    }

    /**
     * Whether a frame is the kit's or the JDK's machinery (or a test library's), not the program's
     * code: as a failed program's folded stack says it ({@link FoldedStack#kitOrJdk}), so that a test
     * or a program in a package of the kit's name still counts as the program.
     */
    static boolean kit(StackTraceElement frame) {
        return MonitorWatchdog.machinery(frame) || FoldedStack.kitOrJdk(frame);
    }

    /**
     * "Homework.awaitTask", "CycleTest.cycle (a lambda)", "Outer.Inner.run": the class without its
     * package and the method, as a student finds them in their file.
     */
    static String method(StackTraceElement frame) {
        String c = frame.getClassName();
        String simple = c.substring(c.lastIndexOf('.') + 1).replace('$', '.');
        String m = frame.getMethodName();
        if (m.startsWith("lambda$")) { // javac's lambda$main$0: the lambda written in main
            int end = m.indexOf('$', 7);
            return simple + "." + (end < 0 ? m.substring(7) : m.substring(7, end)) + " (a lambda)";
        }
        return simple + "." + m;
    }
}
