package miniasyncio.cli;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * A failed program's stack as its reader needs it: the program's own frames, and each run of the
 * kit's and the JDK's frames between them (the loop, the continuation, the CLI, reflection)
 * folded into one line that says how many there were. The top frame always shows, even when it is
 * the kit's: it is where the exception was thrown ({@code sleep()} outside a task). Causes and
 * suppressed exceptions are folded the same way.
 */
final class FoldedStack {

    private FoldedStack() {
    }

    static String of(Throwable failure) {
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
        StackTraceElement[] stack = t.getStackTrace();
        int folded = 0;
        for (int i = 0; i < stack.length; i++) {
            if (i > 0 && kitOrJdk(stack[i])) {
                folded++;
                continue;
            }
            folded = flush(out, folded);
            out.append("\tat ").append(stack[i]).append('\n');
        }
        flush(out, folded);
        for (Throwable suppressed : t.getSuppressed()) {
            append(out, suppressed, "Suppressed: ", seen);
        }
        if (t.getCause() != null) {
            append(out, t.getCause(), "Caused by: ", seen);
        }
    }

    private static int flush(StringBuilder out, int folded) {
        if (folded > 0) {
            out.append("\t... ").append(folded).append(folded == 1 ? " frame" : " frames").append(" of the kit and the JDK\n");
        }
        return 0;
    }

    /** The JDK's frames, and the kit's own (its examples are programs like the reader's: they show). */
    static boolean kitOrJdk(StackTraceElement frame) {
        String c = frame.getClassName();
        return c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("picocli.")
                || c.startsWith("miniasyncio.") && !c.startsWith("miniasyncio.examples.");
    }
}
