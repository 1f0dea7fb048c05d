package grading.child;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * The runner inside the student JVM. The grader starts it with the kit and the submission's
 * classes on the class path and writes to its stdin: a secret for this run, the ids of the tests
 * to run, and the graded tests' class files (they exist nowhere in the child's file system; see
 * {@link HiddenTestLoader}). All of it is read before any submission class is loaded.
 *
 * <p>Events go to the real stdout through a private stream, each line starting with the secret:
 * {@code SECRET START id} and {@code SECRET END id status nanos base64(reason) base64(output)}.
 * System.out and System.err are replaced by capped buffers, so whatever the submission prints
 * lands in the test's output, and a line it forges without the secret is ignored by the grader.
 */
public final class ChildMain {

    static final int OUTPUT_CAP = 4_096;
    /** A failure's reason is cut here: a huge message costs the grader nothing. */
    static final int REASON_CAP = 4_096;

    private ChildMain() {
    }

    public static void main(String[] args) throws Exception {
        String secret;
        String ids;
        ClassLoader tests;
        try {
            DataInputStream in = new DataInputStream(System.in);
            secret = in.readUTF();
            ids = in.readUTF();
            tests = new HiddenTestLoader(readClasses(in), ChildMain.class.getClassLoader());
        } catch (IOException e) {
            Runtime.getRuntime().halt(2);
            return;
        }
        PrintStream events = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        CappedOutput captured = new CappedOutput(OUTPUT_CAP);
        PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
        System.setIn(new ByteArrayInputStream(new byte[0]));
        System.setOut(capture);
        System.setErr(capture);

        for (String id : ids.split(",")) {
            if (id.isBlank()) {
                continue;
            }
            // Each event starts on a fresh line: output the submission left without a newline on
            // the raw descriptor cannot glue itself to the front of an event.
            events.print("\n" + secret + " START " + id + "\n");
            events.flush();
            long start = System.nanoTime();
            String reason = cap(run(id, tests));
            long nanos = System.nanoTime() - start;
            capture.flush();
            String output = withoutHarnessFrames(captured.take());
            events.print("\n" + secret + " END " + id + " " + (reason == null ? "passed" : "failed") + " " + nanos + " "
                    + b64(reason == null ? "" : reason) + " " + b64(output) + "\n");
            events.flush();
        }
        events.print("\n" + secret + " DONE\n");
        events.flush();
        // halt, not exit: threads the submission left running must not keep this JVM alive,
        // and no shutdown hook of the submission gets to run.
        Runtime.getRuntime().halt(0);
    }

    /** The graded tests' class files: a count, then (name, length, bytes) for each. */
    private static Map<String, byte[]> readClasses(DataInputStream in) throws IOException {
        int count = in.readInt();
        Map<String, byte[]> classes = new HashMap<>();
        for (int i = 0; i < count; i++) {
            String name = in.readUTF();
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            classes.put(name, bytes);
        }
        return classes;
    }

    /** Runs one test; null when it passed, else the reason the student reads. */
    private static String run(String id, ClassLoader tests) {
        int hash = id.indexOf('#');
        try {
            Class<?> type = Class.forName(id.substring(0, hash), true, tests);
            Method method = type.getMethod(id.substring(hash + 1));
            Object instance = type.getDeclaredConstructor().newInstance();
            method.invoke(instance);
            return null;
        } catch (InvocationTargetException e) {
            return describe(e.getCause());
        } catch (Throwable t) {
            return describe(t);
        }
    }

    /**
     * {@link #reason}, guarded: the exception may be the submission's own class, whose
     * getMessage() or toString() may throw. (One that never returns is stopped by the test's time limit.)
     */
    private static String describe(Throwable t) {
        try {
            return reason(t);
        } catch (Throwable broken) {
            return "the submission threw an exception that cannot be described (" + t.getClass().getName() + ")";
        }
    }

    /**
     * The output without stack frames of the graded tests or of this runner: a trace the kit
     * prints (a failure nobody retrieved) would otherwise show the hidden tests' names and lines.
     * A run of such frames becomes one line that says so.
     */
    static String withoutHarnessFrames(String output) {
        StringBuilder kept = new StringBuilder(output.length());
        boolean skipping = false;
        for (String line : output.split("\n", -1)) {
            String frame = line.strip();
            boolean harness = frame.startsWith("at ") && (frame.contains("grading.") || frame.contains("graded-tests//")
                    || frame.contains("jdk.internal.reflect.") || frame.contains("java.lang.reflect.Method"));
            if (harness) {
                if (!skipping) {
                    kept.append("\t... (frames of the grading harness left out)\n");
                }
                skipping = true;
                continue;
            }
            skipping = false;
            kept.append(line).append('\n');
        }
        return kept.substring(0, Math.max(0, kept.length() - 1));
    }

    /** At most {@link #REASON_CAP} characters, cut with "...". */
    static String cap(String reason) {
        return reason == null || reason.length() <= REASON_CAP ? reason
                : reason.substring(0, REASON_CAP) + "... (" + (reason.length() - REASON_CAP) + " more characters)";
    }

    static String reason(Throwable t) {
        if (t instanceof AssertionError) {
            return String.valueOf(t.getMessage());
        }
        if (t instanceof miniasyncio.NotImplementedYet) {
            return t.getMessage();
        }
        miniasyncio.NotImplementedYet missing = miniasyncio.NotImplementedYet.findIn(t);
        if (missing != null) {
            return missing.getMessage();
        }
        if (t instanceof NoSuchMethodError || t instanceof NoClassDefFoundError || t instanceof AbstractMethodError) {
            return "the submission does not have what the test calls (" + t + "): keep the classes and method"
                    + " signatures of the homework as given";
        }
        StringBuilder text = new StringBuilder(t.getClass().getName());
        if (t.getMessage() != null) {
            text.append(": ").append(t.getMessage());
        }
        for (StackTraceElement frame : t.getStackTrace()) {
            if (frame.getClassName().startsWith("homework.")) {
                text.append("\n    at ").append(frame); // where in the submission, never the test's own lines
                break;
            }
        }
        return text.toString();
    }

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
