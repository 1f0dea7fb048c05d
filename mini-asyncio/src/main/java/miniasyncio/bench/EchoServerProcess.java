package miniasyncio.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One echo server of the {@code echo} workload, in a process of its own: how each is started
 * ({@link #command}: the Java ones through {@link EchoServerMain}, the Python ones from
 * {@code peers/python/echo_server.py}), its port, its control line (standard input: {@code heap},
 * and the end of the input ends it), its CPU time and its memory.
 */
final class EchoServerProcess implements AutoCloseable {

    final String name;
    final Process process;
    final int port;
    private final BufferedReader out;
    private final Writer control;
    private Map<String, CpuTime> threadsBefore = Map.of();
    private Map<String, CpuTime> threadsNow = Map.of();

    private EchoServerProcess(String name, Process process, int port, BufferedReader out) {
        this.name = name;
        this.process = process;
        this.port = port;
        this.out = out;
        this.control = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /** Starts it and waits (30 s at most) for its {@code port N} line. */
    static EchoServerProcess start(String name, List<String> command) throws Unavailable, IOException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new Unavailable("cannot start " + command.get(0) + ": " + e.getMessage());
        }
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String first = firstLine(process, out);
        if (first == null || !first.startsWith("port ")) {
            process.destroyForcibly();
            throw new Unavailable(first == null ? String.join(" ", command) + " ended without listening"
                    : first.startsWith("unavailable: ") ? first.substring("unavailable: ".length()) : "it said " + first);
        }
        return new EchoServerProcess(name, process, Integer.parseInt(first.substring(5).strip()), out);
    }

    /**
     * One round trip on one connection: does it echo? A loop server whose step 10 is not
     * solved yet listens, then fails at its first wait; it says why on its way out.
     */
    void probe() throws Unavailable, IOException {
        try {
            EchoLoad.run(port, 1, 64, 0, 0, () -> { });
        } catch (IOException e) {
            String why = null;
            try {
                if (process.waitFor(5, TimeUnit.SECONDS)) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        if (line.startsWith("unavailable: ")) {
                            why = line.substring("unavailable: ".length());
                        }
                    }
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            if (why != null) {
                throw new Unavailable(why);
            }
            throw new IOException(name + " server does not echo: " + e.getMessage() + exitNote(), e);
        }
    }

    private static String firstLine(Process process, BufferedReader out) throws IOException {
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        }, runnable -> Thread.ofVirtual().start(runnable));
        try {
            return line.get(30, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            process.destroyForcibly();
            return null;
        } catch (InterruptedException | ExecutionException e) {
            throw new IOException("waiting for the server's port: " + e, e);
        }
    }

    /**
     * What holding {@code connections} costs this server: its resident memory (from /proc, for
     * every server) and, for the Java ones, the heap in use after a full GC in its process.
     */
    void memory(Report report, String key, String at, int connections) throws IOException {
        long rss = residentBytes();
        if (rss > 0) {
            report.value(key + ".rss_mib" + at, rss / 1048576.0, name + ", resident memory with " + connections
                    + " connections open", "MiB");
        }
        if (!name.equals("loop") && !name.equals("vthreads")) {
            return;
        }
        control.write("heap\n");
        control.flush();
        String line = out.readLine();
        if (line == null || !line.startsWith("heap ")) {
            throw new IOException(name + " server did not answer 'heap': " + line + exitNote());
        }
        double mib = Long.parseLong(line.substring(5).strip()) / 1048576.0;
        String label = name + ", heap in use after GC, " + connections + " open";
        if (name.equals("loop")) {
            report.judged(key + ".heap_mib" + at, mib, label, "MiB", Report.Target.atMost(64));
        } else {
            report.value(key + ".heap_mib" + at, mib, label, "MiB");
        }
    }

    /**
     * The CPU time (every thread) the process has used so far. The client asks at the start and at
     * the end of its window; each time, the time by kind of thread is noted too (see
     * {@link #threadsInLastWindow}).
     */
    CpuTime cpuTime() {
        threadsBefore = threadsNow;
        threadsNow = CpuTime.byKindOfThread(process.pid());
        return CpuTime.of(process.pid());
    }

    /** The CPU time of each kind of thread ({@link CpuTime#byKindOfThread}) between the last two {@link #cpuTime} calls. */
    Map<String, CpuTime> threadsInLastWindow() {
        Map<String, CpuTime> used = new TreeMap<>();
        threadsNow.forEach((kind, time) -> used.put(kind, time.since(threadsBefore.getOrDefault(kind, new CpuTime(0, 0)))));
        return used;
    }

    private long residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: no resident figure
        }
        return -1;
    }

    String exitNote() {
        return process.isAlive() ? "" : " (the " + name + " server has exited with code " + process.exitValue() + ")";
    }

    /** Closing its input ends it; a server that does not end in 5 s is killed. */
    @Override
    public void close() {
        try {
            control.close();
        } catch (IOException alreadyGone) {
            // it has ended already
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The command that starts {@code name}'s server; Unavailable says why it cannot run here. */
    static List<String> command(String name) throws Unavailable {
        return switch (name) {
            case "loop", "vthreads" -> ChildJvm.command(classPathOf(EchoServerProcess.class) + File.pathSeparator
                    + classPathOf(loopClass()), List.of(), EchoServerMain.class, name);
            case "asyncio" -> List.of(python("MINIASYNCIO_PYTHON", "python3"), script());
            default -> List.of(python("MINIASYNCIO_UVLOOP_PYTHON", "python3"), script(), "--uvloop");
        };
    }

    private static Class<?> loopClass() throws Unavailable {
        try {
            return Class.forName(EchoServerMain.LOOP);
        } catch (ClassNotFoundException e) {
            throw new Unavailable(EchoServerMain.LOOP + " is not on the class path");
        }
    }

    private static String python(String variable, String fallback) {
        String set = System.getenv(variable);
        return set == null || set.isBlank() ? fallback : set;
    }

    /** peers/python/echo_server.py of this module (mini-asyncio/), found above its jar or classes folder. */
    private static String script() throws Unavailable {
        try {
            Path at = Path.of(EchoServerProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path dir = at; dir != null; dir = dir.getParent()) {
                Path candidate = dir.resolve("peers/python/echo_server.py");
                if (Files.isRegularFile(candidate)) {
                    return candidate.toString();
                }
            }
        } catch (URISyntaxException | RuntimeException e) {
            // fall through: said below
        }
        throw new Unavailable("mini-asyncio/peers/python/echo_server.py not found above the mini-asyncio jar");
    }

    private static String classPathOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + type.getName(), e);
        }
    }

    /** A server that cannot run here, and why. */
    static final class Unavailable extends Exception {
        Unavailable(String why) {
            super(why);
        }
    }
}
