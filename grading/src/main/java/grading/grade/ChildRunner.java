package grading.grade;

import grading.child.ChildMain;
import grading.hidden.EndMarker;
import grading.hidden.GradedTests;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs the graded tests in a separate JVM, in the {@link Sandbox}: the grader's own java, the
 * kit first on the class path and the submission's classes after it (so they cannot stand in for
 * a kit class), the graded tests sent over stdin (see {@link ChildKit}), a heap limit, a limit in
 * CPU time per test and one for the whole run (each with a wall-clock backstop for code that
 * blocks). The child sees a private copy of the run's folder, never grader.jar or the grader's
 * folders.
 *
 * <p>The grader watches the child's framed events. When the child dies during a test (the
 * submission called System.exit, crashed the JVM) or a test times out (the child is killed),
 * that test fails with the reason, the tests that ran keep their results, and a new child runs
 * the rest. Results come only from events carrying this run's secret, each checked strictly: an
 * event out of order or malformed means the channel was tampered with, and every test of the
 * submission scores 0 (the maximum stays the same). After each child, everything it left
 * running is killed before its results are used.
 *
 * <p>One file of about 400 lines on purpose: starting a child, reading its events and deciding
 * what a death or a timeout means are one loop over one child's life, sharing its secret, its
 * limits and its lease; the pieces that stand alone are files of their own ({@link Sandbox},
 * {@link TreeCpu}, {@link ChildKit}, {@link RunDir}).
 */
public final class ChildRunner {

    /**
     * Limits of one grading run: per test and for the whole run (all child JVMs), both in CPU time
     * of the child JVMs (see {@link TreeCpu}), and the child's heap. Each has a wall-clock backstop
     * {@link #WALL_FACTOR} times as long (the whole run: {@link #RUN_WALL_FACTOR} times), which
     * only stops a child that waits without using CPU: a child that waits for its turn on a busy
     * machine uses less CPU in the same time, so the load moves no verdict.
     */
    public record Limits(long perTestMillis, long totalMillis, String maxHeap) {
        public static final Limits DEFAULT = new Limits(5_000, 180_000, "256m");
    }

    /**
     * A test's wall-clock backstop, in multiples of its CPU limit: a child that gets a tenth of a
     * CPU reaches its CPU limit three times sooner (5 s a test: 150 s).
     */
    static final int WALL_FACTOR = 30;

    /**
     * The whole run's wall-clock backstop, in multiples of its CPU limit (180 s: 9 minutes, under
     * the 10 minutes a Gradescope autograder is given by default).
     */
    static final int RUN_WALL_FACTOR = 3;

    /** How often the child's CPU time is read while no event comes. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** Longest event line the grader reads: a capped reason and output, base64, fit well within it. */
    static final int MAX_EVENT_LINE = 64 * 1024;

    private final ChildKit kit;
    private final Path runDir;
    private final Path studentClasses;
    private final Sandbox sandbox;
    private final Sandbox.Lease lease;
    private final Limits limits;
    private final Consumer<TestResult> progress;
    private long cpuSpent;          // CPU nanoseconds used by the children that have ended
    private long wallDeadline;      // System.nanoTime() at which the whole run's backstop stops it

    /**
     * @param runDir the run's private folder: {@code kit.jar} and {@code studentClasses} in it
     */
    ChildRunner(ChildKit kit, Path runDir, Path studentClasses, Sandbox sandbox, Sandbox.Lease lease, Limits limits,
                Consumer<TestResult> progress) {
        this.kit = kit;
        this.runDir = runDir;
        this.studentClasses = studentClasses;
        this.sandbox = sandbox;
        this.lease = lease;
        this.limits = limits;
        this.progress = progress;
    }

    /** The submission tampered with the channel: none of its results can be trusted. */
    static final class ChannelBroken extends Exception {
        ChannelBroken(String message) {
            super(message);
        }
    }

    /** Runs every test in {@code specs}, restarting the child as often as needed; one result per spec. */
    List<TestResult> runAll(List<GradedTests.Spec> specs) throws IOException, InterruptedException {
        Map<String, TestResult> done = new LinkedHashMap<>();
        wallDeadline = System.nanoTime() + RUN_WALL_FACTOR * ms(limits.totalMillis());
        List<GradedTests.Spec> remaining = new ArrayList<>(specs);
        try {
            while (!remaining.isEmpty()) {
                String over = cpuSpent >= ms(limits.totalMillis()) ? runOverCpu()
                        : System.nanoTime() >= wallDeadline ? runOverWall() : null;
                if (over != null) {
                    for (GradedTests.Spec spec : remaining) {
                        record(done, fail(spec, "not run: " + over, "", 0), spec.id());
                    }
                    break;
                }
                runChild(remaining, done);
                remaining.removeIf(s -> done.containsKey(s.id()));
            }
        } catch (ChannelBroken broken) {
            List<TestResult> zero = new ArrayList<>();
            for (GradedTests.Spec spec : specs) {
                TestResult r = fail(spec, "0 points: the submission tampered with the grader's channel ("
                        + broken.getMessage() + "), so none of its results can be trusted", "", 0);
                progress.accept(r);
                zero.add(r);
            }
            return zero;
        }
        List<TestResult> results = new ArrayList<>();
        for (GradedTests.Spec spec : specs) {
            results.add(done.get(spec.id()));
        }
        return results;
    }

    private void record(Map<String, TestResult> done, TestResult result, String id) {
        done.put(id, result);
        progress.accept(result);
    }

    /** One child JVM: runs tests in order until they are done, it dies, or a test times out. */
    private void runChild(List<GradedTests.Spec> specs, Map<String, TestResult> done)
            throws IOException, InterruptedException, ChannelBroken {
        String secret = HexFormat.of().formatHex(random());
        List<String> args = List.of(
                "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                // Guarded.givenMessage reads the message an exception's constructor was given (the
                // submission has no reflection: the allowlist refuses it)
                "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-Xmx" + limits.maxHeap(), "-Xss1m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Xshare:auto", "-XX:-UsePerfData", "-XX:+DisableAttachMechanism", "-Djava.awt.headless=true",
                "-cp", sandbox.path(runDir, runDir.resolve("kit.jar")) + java.io.File.pathSeparator
                        + sandbox.path(runDir, studentClasses),
                ChildMain.class.getName());
        ProcessBuilder builder = new ProcessBuilder(sandbox.command(lease, Path.of(System.getProperty("java.home")),
                runDir, args));
        builder.redirectInput(ProcessBuilder.Redirect.PIPE);
        // Nothing of the grader's environment (CI tokens, paths) is the submission's business, and
        // it runs in the run's own folder, away from where the grader writes its results.
        Sandbox.childEnvironment(builder);
        builder.directory(runDir.toFile());
        Process child = builder.start();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Thread errDrain = drain(child.getErrorStream(), stderr, 8_192, "child-stderr");
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread outReader = readLines(child.getInputStream(), lines, secret);
        try (DataOutputStream stdin = new DataOutputStream(new java.io.BufferedOutputStream(child.getOutputStream()))) {
            StringBuilder ids = new StringBuilder();
            for (GradedTests.Spec spec : specs) {
                ids.append(kit.childId(spec.id())).append(',');
            }
            stdin.writeUTF(secret);
            stdin.writeUTF(ids.toString());
            stdin.writeUTF(kit.childId(END_MARKER));
            stdin.writeInt(kit.hiddenTests().size());
            for (Map.Entry<String, byte[]> test : kit.hiddenTests().entrySet()) {
                stdin.writeUTF(test.getKey());
                stdin.writeInt(test.getValue().length);
                stdin.write(test.getValue());
            }
        } catch (IOException childGone) {
            // the child died at once; handled below as "ended the JVM"
        }

        TreeCpu cpu = new TreeCpu(child, lease.uid());
        int next = 0;                  // index in specs of the test expected to start next
        boolean started = false;       // whether specs[next] has started
        long cpuLimit = ms(limits.perTestMillis()) + ms(5_000); // until the first test starts: the JVM's start too
        long cpuAtStart = 0;           // the child's CPU time when the current wait began
        long wallAtStart = System.nanoTime();
        try {
            while (next < specs.size()) {
                String line = lines.poll(POLL_NANOS, TimeUnit.NANOSECONDS);
                GradedTests.Spec spec = specs.get(next);
                if (line == null) { // no event yet: has a limit been reached?
                    long waited = System.nanoTime() - wallAtStart;
                    String why = limitReached(cpu.nanos(), cpuAtStart, cpuLimit, waited, started);
                    if (why == null) {
                        continue;
                    }
                    kill(child);
                    child.waitFor(5, TimeUnit.SECONDS);
                    record(done, fail(spec, why, "", waited / 1e9), spec.id());
                    return;
                }
                if (line.equals(EOF)) { // the child ended before finishing the test
                    child.waitFor(5, TimeUnit.SECONDS);
                    errDrain.join(1_000);
                    String exit = child.isAlive() ? "" : " (exit code " + child.exitValue() + ")";
                    String err = stderr.toString(StandardCharsets.UTF_8).strip();
                    record(done, fail(spec, "the submission ended the JVM during " + spec.name() + exit, err, 0),
                            spec.id());
                    return;
                }
                if (line.equals(OVERLONG)) {
                    throw new ChannelBroken("an event line longer than " + MAX_EVENT_LINE + " bytes");
                }
                String[] parts = line.split(" ", -1);
                switch (parts[0]) {
                    case "START" -> {
                        expect(parts.length == 2 && !started && parts[1].equals(kit.childId(spec.id())), line);
                        started = true;
                        cpuLimit = ms(limitOf(spec));
                        cpuAtStart = cpu.nanos();
                        wallAtStart = System.nanoTime();
                    }
                    case "END" -> {
                        expect(parts.length == 6 && started && parts[1].equals(kit.childId(spec.id()))
                                && (parts[2].equals("passed") || parts[2].equals("failed"))
                                && parts[3].matches("[0-9]{1,18}"), line);
                        double seconds = Long.parseLong(parts[3]) / 1e9;
                        String reason = unb64(parts[4], line);
                        String output = unb64(parts[5], line);
                        expect(parts[2].equals("passed") == reason.isEmpty(), line);
                        record(done, parts[2].equals("passed")
                                ? TestResult.passed(spec.number(), spec.name(), spec.points(), spec.visibility().json(),
                                        output, seconds)
                                : fail(spec, reason, output, seconds), spec.id());
                        next++;
                        started = false;
                        cpuLimit = ms(limits.perTestMillis()); // between two tests: the next one's start
                        cpuAtStart = cpu.nanos();
                        wallAtStart = System.nanoTime();
                    }
                    // DONE comes after the last END, when this loop has already ended: here it is out of order
                    case "DONE" -> expect(false, line);
                    default -> expect(false, line);
                }
            }
        } finally {
            if (child.isAlive()) {
                child.waitFor(2, TimeUnit.SECONDS);
            }
            cpuSpent += cpu.nanos(); // what it used counts against the whole run's limit
            kill(child);
            child.waitFor(5, TimeUnit.SECONDS); // reaped, so that only what it left behind remains
            Sandbox.killAll(lease); // whatever it started, detached or not, before its results are used
            outReader.interrupt();
        }
    }

    /**
     * Which limit stops the child, if any: the whole run's CPU time or backstop, then the test's
     * CPU time ({@code cpuLimit} since {@code cpuAtStart}), then its backstop (a wall-clock time
     * {@link #WALL_FACTOR} times as long, reached only by a child that waits without using CPU).
     * Null when none is reached. Before a test has started, the limits are the JVM's start's.
     */
    private String limitReached(long used, long cpuAtStart, long cpuLimit, long waited, boolean started) {
        if (cpuSpent + used >= ms(limits.totalMillis())) {
            return "timed out: " + runOverCpu();
        }
        if (System.nanoTime() >= wallDeadline) {
            return "timed out: " + runOverWall();
        }
        if (used - cpuAtStart >= cpuLimit) {
            return started ? "timed out: used " + seconds(cpuLimit) + " s of CPU, the test's limit (an endless loop,"
                    + " or a task that never yields?)"
                    : "timed out before the test could start: the JVM used " + seconds(cpuLimit)
                            + " s of CPU without answering";
        }
        if (waited >= WALL_FACTOR * cpuLimit) {
            return started ? "timed out: blocked for " + seconds(waited) + " s, in which it used "
                    + seconds(used - cpuAtStart) + " s of its " + seconds(cpuLimit) + " s of CPU (waiting for something"
                    + " that never comes: a lock, a sleeping thread, a read?)"
                    : "timed out before the test could start: the JVM did not answer for " + seconds(waited) + " s";
        }
        return null;
    }

    private String runOverCpu() {
        return "the whole grading run used its limit of " + limits.totalMillis() / 1000 + " s of CPU";
    }

    private String runOverWall() {
        return "the whole grading run went over its backstop of " + RUN_WALL_FACTOR * limits.totalMillis() / 1000
                + " s of wall-clock time (its tests wait without using CPU)";
    }

    /** Nanoseconds as seconds with one decimal, for a message. */
    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e9);
    }

    /** The time limit of one test: the grader's, or the test's own when it asks for more (a measuring test). */
    private long limitOf(GradedTests.Spec spec) {
        return Math.max(limits.perTestMillis(), (long) (spec.seconds() * 1000));
    }

    /** A well-formed event in its place, or the channel was tampered with. */
    private static void expect(boolean wellFormed, String line) throws ChannelBroken {
        if (!wellFormed) {
            throw new ChannelBroken("unexpected event \"" + Text.cap(Text.clean(line), 80) + "\"");
        }
    }

    /** Kills the child and whatever it started (its descendants first: once it is gone they are orphans). */
    private static void kill(Process child) {
        child.descendants().forEach(ProcessHandle::destroyForcibly);
        child.destroyForcibly();
    }

    private static long ms(long millis) {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }

    private static byte[] random() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    static TestResult fail(GradedTests.Spec spec, String reason, String output, double seconds) {
        return TestResult.failed(spec.number(), spec.name(), spec.points(), spec.visibility().json(), reason, output,
                seconds);
    }

    /** The method that says whether a test reached its end: the child calls it by its new name, which it is sent. */
    private static final String END_MARKER = EndMarker.class.getName() + "#take";

    private static final String EOF = "\u0000EOF";
    private static final String OVERLONG = "\u0000OVERLONG";

    /**
     * Reads the child's stdout: only lines that start with the secret are events; everything else
     * (the submission writing to the raw file descriptor) is dropped. Lines are capped in length
     * so that endless output without newlines cannot fill the grader's memory.
     */
    private static Thread readLines(InputStream in, BlockingQueue<String> lines, String secret) {
        String prefix = secret + " ";
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[8_192];
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            boolean overlong = false;
            try (in) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    for (int i = 0; i < n; i++) {
                        byte b = buffer[i];
                        if (b == '\n') {
                            String text = line.toString(StandardCharsets.UTF_8);
                            if (text.startsWith(prefix)) {
                                lines.add(overlong ? OVERLONG : text.substring(prefix.length()));
                            }
                            line.reset();
                            overlong = false;
                        } else if (line.size() < MAX_EVENT_LINE) {
                            line.write(b);
                        } else {
                            overlong = true; // the start is kept: it says whether this was an event
                        }
                    }
                }
            } catch (IOException e) {
                // the child is gone: same as end of stream
            }
            lines.add(EOF);
        }, "child-stdout");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Reads {@code in} to its end on a daemon thread, keeping at most {@code cap} bytes (the rest is read and dropped). */
    static Thread drain(InputStream in, ByteArrayOutputStream into, int cap, String name) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[8_192];
            try (in) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    synchronized (into) {
                        int room = Math.max(0, Math.min(n, cap - into.size()));
                        into.write(buffer, 0, room);
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static String unb64(String text, String line) throws ChannelBroken {
        try {
            return new String(Base64.getDecoder().decode(text), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new ChannelBroken("an event that is not base64: \"" + Text.cap(Text.clean(line), 80) + "\"");
        }
    }
}
