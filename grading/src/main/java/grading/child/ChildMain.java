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
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runner inside the student JVM. The grader starts it with the kit and the submission's
 * classes on the class path and writes to its stdin: a secret for this run, the ids of the tests
 * to run ("Class#method"), the id of the end marker's {@code take}, and the graded tests' class
 * files (they exist nowhere in the child's file system; see {@link HiddenTestLoader}). All of it
 * is read before any submission class is loaded. The classes come renamed (the grader's
 * {@code OpaqueNames}): the ids are their new names, and nothing here knows the old ones.
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
        String marker;
        ClassLoader tests;
        try {
            DataInputStream in = new DataInputStream(System.in);
            secret = in.readUTF();
            ids = in.readUTF();
            marker = in.readUTF();
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
            String reason = cap(run(id, marker, tests));
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

    /**
     * Runs one test; null when it passed, else the reason the student reads. A pass is a positive
     * signal only: the test method returned normally and reached its end marker
     * ({@code marker}: {@code grading.hidden.EndMarker#take}, renamed; the submission cannot see
     * it). Any Throwable fails the test, whatever its class or message; the reason is never empty.
     */
    static String run(String id, String marker, ClassLoader tests) {
        String reason;
        try {
            Method takeEnd = type(marker, tests).getMethod(marker.substring(marker.indexOf('#') + 1));
            Class<?> type = type(id, tests);
            Method method = type.getMethod(id.substring(id.indexOf('#') + 1));
            Object instance = type.getDeclaredConstructor().newInstance();
            takeEnd.invoke(null); // a marker left from an earlier test counts for nothing
            method.invoke(instance);
            if (Boolean.TRUE.equals(takeEnd.invoke(null))) {
                return null;
            }
            reason = "the test returned without reaching its end (a fault of the grader: tell your instructor)";
        } catch (InvocationTargetException e) {
            reason = describe(e.getCause(), tests);
        } catch (Throwable t) {
            reason = describe(t, tests);
        }
        return reason == null || reason.isBlank() ? "failed (an exception with no message)" : reason;
    }

    /** The class of {@code tests} that {@code id} ("Class#method") names. */
    private static Class<?> type(String id, ClassLoader tests) throws ClassNotFoundException {
        return Class.forName(id.substring(0, id.indexOf('#')), true, tests);
    }

    /**
     * {@link #reason}, guarded once more: everything it reads of a submission's object is read
     * through {@link Guarded}, and should even that fail, a fixed text is the reason.
     */
    private static String describe(Throwable t, ClassLoader tests) {
        try {
            return reason(t, tests);
        } catch (Throwable broken) {
            return "the submission threw an exception that cannot be described (" + Guarded.id(t) + ")";
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
            boolean harness = frame.startsWith("at ") && (frame.contains("grading.")
                    || frame.startsWith("at " + HiddenTestLoader.NAME + "//")
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
        return Guarded.cap(reason, REASON_CAP);
    }

    /**
     * What the student reads for a failure. The tests' own failures (an exact AssertionError, or a
     * class of the tests' loader) carry messages the tests wrote; a stub not written yet is an
     * exception of exactly the class NotImplementedYet (never a subclass, never a message); any
     * other exception is described by {@link Guarded#describe}.
     */
    static String reason(Throwable t, ClassLoader tests) {
        if (t == null) {
            return "failed";
        }
        if (t.getClass() == AssertionError.class || t.getClass().getClassLoader() == tests) {
            return String.valueOf(t.getMessage());
        }
        miniasyncio.NotImplementedYet missing = Guarded.stubIn(t);
        if (missing != null) {
            return missing.getMessage();
        }
        if (t instanceof LinkageError && Guarded.jdk(t) && !(t instanceof ExceptionInInitializerError)) {
            // NoSuchMethodError, IllegalAccessError, NoSuchFieldError, AbstractMethodError,
            // IncompatibleClassChangeError...: the test's call does not fit the submission's classes.
            // The JDK's message names the caller too (a hidden test): only the homework's member is said.
            return "the submission does not have what the test calls, as the test calls it (" + linkage(t) + "): keep the"
                    + " classes and method signatures of the homework as given (public, with the given parameter and"
                    + " return types)";
        }
        return Guarded.describe(t);
    }

    /** "IllegalAccessError on void homework.HomeworkScheduler.<init>()": the error's class and the homework's members it names. */
    static String linkage(Throwable t) {
        String message = String.valueOf(t.getMessage()); // a JDK error: its message is the JDK's
        Set<String> members = new LinkedHashSet<>();
        Matcher quoted = QUOTED.matcher(message);
        while (quoted.find()) {
            if (quoted.group(1).contains("homework.") && !quoted.group(1).contains("grading")) {
                members.add(quoted.group(1));
            }
        }
        if (members.isEmpty()) {
            Matcher bare = HOMEWORK_NAME.matcher(message);
            while (bare.find()) {
                members.add(bare.group());
            }
        }
        String kind = t.getClass().getSimpleName();
        return members.isEmpty() ? kind : kind + " on " + Guarded.cap(String.join(", ", members), 300);
    }

    private static final Pattern QUOTED = Pattern.compile("'([^']{1,400})'");
    private static final Pattern HOMEWORK_NAME =
            Pattern.compile("(?<![\\p{L}\\p{N}_$.])homework\\.[\\p{L}\\p{N}_$.]+");

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
