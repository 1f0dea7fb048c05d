package grading.child;

import grading.hidden.Graded;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The runner inside the student JVM. The grader starts it with the submission's classes on the
 * class path and writes two lines to its stdin: a secret for this run, then the ids of the tests
 * to run. Both are read before any submission class is loaded.
 *
 * <p>Events go to the real stdout through a private stream, each line starting with the secret:
 * {@code SECRET START id} and {@code SECRET END id status nanos base64(reason) base64(output)}.
 * System.out and System.err are replaced by capped buffers, so whatever the submission prints
 * lands in the test's output, and a line it forges without the secret is ignored by the grader.
 */
public final class ChildMain {

    static final int OUTPUT_CAP = 4_096;

    private ChildMain() {
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String secret = in.readLine();
        String ids = in.readLine();
        if (secret == null || ids == null) {
            Runtime.getRuntime().halt(2);
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
            String reason = run(id);
            long nanos = System.nanoTime() - start;
            capture.flush();
            String output = captured.take();
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

    /** Runs one test; null when it passed, else the reason the student reads. */
    private static String run(String id) {
        int hash = id.indexOf('#');
        try {
            Class<?> type = Class.forName(id.substring(0, hash));
            Method method = type.getMethod(id.substring(hash + 1));
            if (!method.isAnnotationPresent(Graded.class)) {
                return "not a graded test: " + id;
            }
            Object instance = type.getDeclaredConstructor().newInstance();
            method.invoke(instance);
            return null;
        } catch (InvocationTargetException e) {
            return reason(e.getCause());
        } catch (Throwable t) {
            return reason(t);
        }
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
