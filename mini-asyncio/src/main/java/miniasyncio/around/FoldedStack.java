package miniasyncio.around;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A failed program's stack as its reader needs it: the program's own frames, and each run of the
 * kit's and the JDK's frames between them (the loop, the continuation, the CLI, reflection)
 * folded into one line that says how many there were. The top frame always shows, even when it is
 * the kit's: it is where the exception was thrown ({@code sleep()} outside a task). Causes and
 * suppressed exceptions are folded the same way. The CLI prints a failed program so, the end of a
 * run a failure nobody retrieved ({@link UnretrievedFailures}), and the tests' limits
 * ({@code miniasyncio.testing.LoopsAtTheLimit}) a loop thread's stack.
 */
public final class FoldedStack {

    private FoldedStack() {
    }

    public static String of(Throwable failure) {
        StringBuilder out = new StringBuilder();
        append(out, failure, "", Collections.newSetFromMap(new IdentityHashMap<>()));
        return out.toString();
    }

    private static void append(StringBuilder out, Throwable t, String prefix, Set<Throwable> seen) {
        if (!seen.add(t)) {
            out.append(prefix).append("[circular reference: ").append(t).append("]\n");
            return;
        }
        out.append(prefix).append(t).append('\n');
        appendFrames(out, t.getStackTrace());
        for (Throwable suppressed : t.getSuppressed()) {
            append(out, suppressed, "Suppressed: ", seen);
        }
        if (t.getCause() != null) {
            append(out, t.getCause(), "Caused by: ", seen);
        }
    }

    /** A thread's stack ({@code Thread.getStackTrace()}), one {@code \tat} line per frame shown, folded the same way. */
    public static String frames(StackTraceElement[] stack) {
        StringBuilder out = new StringBuilder();
        appendFrames(out, stack);
        return out.toString();
    }

    /**
     * The line above a thread's frames in a message: {@code thread "NAME" (RUNNABLE), where the loop was at the limit:}.
     */
    public static String threadLine(String threadName, Thread.State state, String what) {
        return "thread \"" + threadName + "\" (" + state + "), " + what + ":";
    }

    /**
     * Whether a line of a message (stripped) belongs to a stack shown in it: a frame, a run of
     * folded frames, or a {@link #threadLine}. A one-line reason leaves them out.
     */
    public static boolean stackLine(String line) {
        return line.startsWith("at ") || FOLDED_LINE.matcher(line).matches() || THREAD_LINE.matcher(line).matches();
    }

    private static final Pattern FOLDED_LINE = Pattern.compile("\\.\\.\\. \\d+ frames? of the kit.*");
    private static final Pattern THREAD_LINE = Pattern.compile("thread \".*\" \\([A-Z_]+\\), .*:");

    private static void appendFrames(StringBuilder out, StackTraceElement[] stack) {
        int folded = 0;
        boolean junit = false; // a test's stack: JUnit's frames are folded too, and the line says so
        for (int i = 0; i < stack.length; i++) {
            if (i > 0 && kitOrJdk(stack[i])) {
                folded++;
                junit |= stack[i].getClassName().startsWith("org.junit.")
                        || stack[i].getClassName().startsWith("org.apache.maven.surefire.");
                continue;
            }
            flush(out, folded, junit);
            folded = 0;
            junit = false;
            out.append("\tat ").append(stack[i]).append('\n');
        }
        flush(out, folded, junit);
    }

    private static void flush(StringBuilder out, int folded, boolean junit) {
        if (folded > 0) {
            out.append("\t... ").append(folded).append(folded == 1 ? " frame" : " frames")
                    .append(junit ? " of the kit, JUnit and the JDK\n" : " of the kit and the JDK\n");
        }
    }

    /**
     * The JDK's frames, and the kit's own (its examples are programs like the reader's: they show);
     * JUnit's, AssertJ's, picocli's and Maven Surefire's (under {@code mvn test}), which only the
     * test's or the CLI's thread has, are as little
     * the reader's as the kit's. A class of the kit's name is the kit's only if it came from where the
     * kit's classes come from (its jar, its classes folder): a test in a package of the kit's name,
     * or a student's, is the program.
     */
    public static boolean kitOrJdk(StackTraceElement frame) {
        String c = frame.getClassName();
        if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("picocli.")
                || c.startsWith("org.junit.") || c.startsWith("org.assertj.") || c.startsWith("org.opentest4j.")
                || c.startsWith("org.apache.maven.surefire.")) {
            return true;
        }
        if (!c.startsWith("miniasyncio.") || c.startsWith("miniasyncio.examples.")) {
            return false;
        }
        Boolean known = KIT_CLASSES.get(c);
        if (known == null) {
            known = fromTheKit(c);
            if (KIT_CLASSES.size() < 10_000) {
                KIT_CLASSES.put(c, known);
            }
        }
        return known;
    }

    private static final java.util.Map<String, Boolean> KIT_CLASSES = new java.util.concurrent.ConcurrentHashMap<>();

    private static boolean fromTheKit(String className) {
        try {
            Class<?> type = Class.forName(className, false, FoldedStack.class.getClassLoader());
            java.security.CodeSource kit = FoldedStack.class.getProtectionDomain().getCodeSource();
            java.security.CodeSource source = type.getProtectionDomain().getCodeSource();
            return kit == null || source == null ? kit == source
                    : java.util.Objects.equals(kit.getLocation(), source.getLocation());
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            return false; // not the kit's: the program's own, loaded by the program's loader
        }
    }
}
