package miniasyncio.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A workload measured in a JVM of its own. The timers and spawn children ({@link #run}) get a
 * fixed heap and young generation ({@link #HEAP}): what a run that makes a million objects costs
 * depends on whether it collects, and in the bench's own JVM that depended on how G1 had sized
 * its young generation after the runs before (the timers at 100k sleepers: 4.75 collections a
 * run for the floor and 1.5 for the kit in one run; at 10k, 1 and 0 in another; the ratio
 * followed the collections). With the same fixed young generation, kit and floor run under the
 * same conditions. The other children (memory, virtual threads, the Java echo servers) run on
 * the default heap: they have a JVM of their own for other reasons (a clean JIT history, one
 * carrier thread, a process measured apart).
 */
final class ChildJvm {

    /** The child's heap: 1 GiB young generation, so that the runs up to a million tasks collect alike (mostly never). */
    static final List<String> HEAP = List.of("-Xms3g", "-Xmx3g", "-Xmn1g");

    private ChildJvm() {
    }

    /**
     * Runs {@code main} in a child JVM with this one's class path and {@link #HEAP} (none for the
     * smoke sizes, which only prove the path works, in a unit test); returns the last
     * {@code lines} lines it printed.
     */
    static List<String> run(Class<?> main, Sizes sizes, int lines, String... args) throws IOException, InterruptedException {
        List<String> mainArgs = new ArrayList<>(List.of(sizes.name()));
        mainArgs.addAll(List.of(args));
        List<String> command = command(sizes == Sizes.SMOKE ? List.of() : HEAP, main, mainArgs.toArray(String[]::new));
        return output(command, main.getSimpleName(), lines);
    }

    /** The command of a child JVM of this one's Java and class path (continuations exported) running {@code main}. */
    static List<String> command(List<String> jvmOptions, Class<?> main, String... args) {
        return command(System.getProperty("java.class.path"), jvmOptions, main, args);
    }

    /** As above, on {@code classPath} instead of this JVM's. */
    static List<String> command(String classPath, List<String> jvmOptions, Class<?> main, String... args) {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = new ArrayList<>(List.of(java, "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath, main.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /**
     * Runs {@code command} (a child JVM of the bench) and returns the last {@code lines} lines it
     * printed: a child prints its figures last, so a JVM warning before them does no harm. Fails,
     * with every line, unless it ends with exit code 0 having printed at least {@code lines} lines.
     */
    static List<String> output(List<String> command, String what, int lines) throws IOException, InterruptedException {
        return output(command, what, lines, PROGRESS_MILLIS);
    }

    /**
     * A child prints its figures only at its end, which for the timers at a million sleepers on a
     * busy machine was minutes of silence: meanwhile, every this many ms, one line on stderr
     * (stdout keeps the figures alone) says the bench is still measuring, and for how long.
     */
    static final long PROGRESS_MILLIS = 15_000;

    static List<String> output(List<String> command, String what, int lines, long progressMillis)
            throws IOException, InterruptedException {
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> out = new ArrayList<>();
        long started = System.nanoTime();
        ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bench-progress");
            t.setDaemon(true);
            return t;
        });
        progress.scheduleAtFixedRate(() -> System.err.println("  ... still measuring (" + what + ", in a child JVM): "
                + (System.nanoTime() - started) / 1_000_000_000L + " s so far"), progressMillis, progressMillis, TimeUnit.MILLISECONDS);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                out.add(line);
            }
        } finally {
            progress.shutdownNow();
        }
        int exit = child.waitFor();
        if (exit != 0 || out.size() < lines) {
            throw new IOException("the " + what + " child JVM failed (exit " + exit + "): " + String.join("\n", out));
        }
        return out.subList(out.size() - lines, out.size());
    }

    /** {@code body}, adding the garbage collections made while it runs to {@code collections[slot]}. */
    static Runnable counted(long[] collections, int slot, Runnable body) {
        return () -> {
            long before = collections();
            body.run();
            collections[slot] += collections() - before;
        };
    }

    /** Collections so far in this JVM, every collector (G1's young, mixed and full ones). */
    static long collections() {
        long sum = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionCount());
        }
        return sum;
    }

    /** The sizes a child was given by name (its first argument). */
    static Sizes sizes(String name) {
        return switch (name) {
            case "full" -> Sizes.FULL;
            case "quick" -> Sizes.QUICK;
            case "smoke" -> Sizes.SMOKE;
            default -> throw new IllegalArgumentException("sizes: full, quick or smoke, not " + name);
        };
    }

    /** "median min max" of {@code stats}, and {@code extra} after them: one line of a child's output. */
    static String line(Measure.Stats stats, double extra) {
        return stats.median() + " " + stats.min() + " " + stats.max() + " " + extra;
    }

    /**
     * One line of a child's output: the stats of a body and one more figure, the collections per
     * run where the child counts them (timers, spawn), else a placeholder 0.
     */
    record Line(Measure.Stats stats, double extra) {
    }

    /** Parses a {@link #line}. */
    static Line parse(String line) throws IOException {
        String[] f = line.trim().split(" ");
        if (f.length != 4) {
            throw new IOException("unexpected line from a child JVM: " + line);
        }
        return new Line(new Measure.Stats(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])),
                Double.parseDouble(f[3]));
    }
}
