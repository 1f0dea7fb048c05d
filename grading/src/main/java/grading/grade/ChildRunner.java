package grading.grade;

import grading.child.ChildMain;
import grading.hidden.GradedTests;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
 * Runs the graded tests in a separate JVM: the grader's own java, the kit runtime and the tests
 * first on the class path, the submission's classes after them (so they cannot stand in for a
 * kit or grader class), a heap limit, a timeout per test and one for the whole run.
 *
 * <p>The grader watches the child's framed events. When the child dies during a test (the
 * submission called System.exit, crashed the JVM) or a test times out (the child is killed),
 * that test fails with the reason, the tests that ran keep their results, and a new child runs
 * the rest. Results come only from events carrying this run's secret.
 */
public final class ChildRunner {

    /** Limits of one grading run: per test, for the whole run (all child JVMs), and the child's heap. */
    public record Limits(long perTestMillis, long totalMillis, String maxHeap) {
        public static final Limits DEFAULT = new Limits(5_000, 180_000, "256m");
    }

    private final Path kit;
    private final Path studentClasses;
    private final Limits limits;
    private final Consumer<TestResult> progress;

    ChildRunner(Path kit, Path studentClasses, Limits limits, Consumer<TestResult> progress) {
        this.kit = kit;
        this.studentClasses = studentClasses;
        this.limits = limits;
        this.progress = progress;
    }

    /** Runs every test in {@code specs}, restarting the child as often as needed; one result per spec. */
    List<TestResult> runAll(List<GradedTests.Spec> specs) throws IOException, InterruptedException {
        Map<String, TestResult> done = new LinkedHashMap<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limits.totalMillis());
        List<GradedTests.Spec> remaining = new ArrayList<>(specs);
        while (!remaining.isEmpty()) {
            if (System.nanoTime() >= deadline) {
                for (GradedTests.Spec spec : remaining) {
                    record(done, fail(spec, "not run: the whole grading run went over its time limit of "
                            + limits.totalMillis() / 1000 + " s", "", 0), spec.id());
                }
                break;
            }
            runChild(remaining, done, deadline);
            remaining.removeIf(s -> done.containsKey(s.id()));
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
    private void runChild(List<GradedTests.Spec> specs, Map<String, TestResult> done, long deadline)
            throws IOException, InterruptedException {
        String secret = HexFormat.of().formatHex(random());
        List<String> command = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-Xmx" + limits.maxHeap(), "-Xss1m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Xshare:auto", "-Djava.awt.headless=true",
                "-cp", kit + java.io.File.pathSeparator + studentClasses,
                ChildMain.class.getName());
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.redirectInput(ProcessBuilder.Redirect.PIPE);
        // Nothing of the grader's environment (CI tokens, paths) is the submission's business, and
        // it runs in the scratch directory, away from where the grader writes its results.
        builder.environment().clear();
        builder.directory(studentClasses.getParent().toFile());
        Process child = builder.start();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Thread errDrain = drain(child.getErrorStream(), stderr, 8_192);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread outReader = readLines(child.getInputStream(), lines, secret);
        try (OutputStream stdin = child.getOutputStream()) {
            StringBuilder ids = new StringBuilder();
            for (GradedTests.Spec spec : specs) {
                ids.append(spec.id()).append(',');
            }
            stdin.write((secret + "\n" + ids + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException childGone) {
            // the child died at once; handled below as "ended the JVM"
        }

        int next = 0;                  // index in specs of the test expected to start next
        boolean started = false;       // whether specs[next] has started
        long testDeadline = Math.min(deadline, System.nanoTime() + ms(limits.perTestMillis()) + ms(5_000));
        try {
            while (next < specs.size()) {
                long wait = testDeadline - System.nanoTime();
                String line = wait <= 0 ? null : lines.poll(wait, TimeUnit.NANOSECONDS);
                GradedTests.Spec spec = specs.get(next);
                if (line == null) { // timed out
                    boolean whole = System.nanoTime() >= deadline;
                    kill(child);
                    child.waitFor(5, TimeUnit.SECONDS);
                    String why = whole
                            ? "timed out: the whole grading run went over its limit of " + limits.totalMillis() / 1000 + " s"
                            : started ? "timed out after " + limits.perTestMillis() / 1000.0 + " s (an endless loop,"
                                    + " or a task that never yields?)"
                                    : "timed out before the test could start (the JVM did not answer)";
                    record(done, fail(spec, why, "", limits.perTestMillis() / 1000.0), spec.id());
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
                String[] parts = line.split(" ", -1);
                switch (parts[0]) {
                    case "START" -> {
                        if (!parts[1].equals(spec.id())) {
                            throw new IOException("protocol error: expected START " + spec.id() + ", got " + line);
                        }
                        started = true;
                        testDeadline = Math.min(deadline, System.nanoTime() + ms(limits.perTestMillis()));
                    }
                    case "END" -> {
                        if (!started || !parts[1].equals(spec.id())) {
                            throw new IOException("protocol error: unexpected " + line);
                        }
                        double seconds = Long.parseLong(parts[3]) / 1e9;
                        String reason = unb64(parts[4]);
                        String output = unb64(parts[5]);
                        record(done, parts[2].equals("passed")
                                ? TestResult.passed(spec.number(), spec.name(), spec.points(), spec.visibility().json(),
                                        output, seconds)
                                : fail(spec, reason, output, seconds), spec.id());
                        next++;
                        started = false;
                        testDeadline = Math.min(deadline, System.nanoTime() + ms(limits.perTestMillis()));
                    }
                    case "DONE" -> {
                        return;
                    }
                    default -> throw new IOException("protocol error: unknown event " + line);
                }
            }
        } finally {
            if (child.isAlive()) {
                child.waitFor(2, TimeUnit.SECONDS);
            }
            kill(child);
            outReader.interrupt();
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

    private static final String EOF = "\u0000EOF";

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
                            if (!overlong) {
                                String text = line.toString(StandardCharsets.UTF_8);
                                if (text.startsWith(prefix)) {
                                    lines.add(text.substring(prefix.length()));
                                }
                            }
                            line.reset();
                            overlong = false;
                        } else if (line.size() < 1_000_000) {
                            line.write(b);
                        } else {
                            overlong = true;
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

    private static Thread drain(InputStream in, ByteArrayOutputStream into, int cap) {
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
                // the child is gone
            }
        }, "child-stderr");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static String unb64(String text) {
        return new String(Base64.getDecoder().decode(text), StandardCharsets.UTF_8);
    }
}
