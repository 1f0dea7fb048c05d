package miniasyncio.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.io.OutputStreamWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Echo: round trips per second and p50/p99 latency on loopback, with 100, 1,000 and 10,000
 * concurrent connections and 64-byte and 4 KiB lines, for four servers in the same run, each in
 * a process of its own and all driven by the same client ({@link EchoLoad}, in this process):
 * <ul>
 *   <li>{@code loop}: the exercises' {@code EchoServer}, IoScheduler and streams on one loop
 *       thread (step 10). The exercises are built on top of this module, so the server is found by
 *       name on the class path ({@code exercises.jar} beside {@code mini-asyncio.jar}, through the
 *       manifest); without it, or before step 10 is solved, the workload is skipped with the reason;</li>
 *   <li>{@code vthreads}: a virtual thread per connection with blocking sockets, the JDK's answer;</li>
 *   <li>{@code asyncio}: CPython asyncio's streams ({@code mini-asyncio/peers/python/echo_server.py}), when
 *       {@code python3} (or {@code $MINIASYNCIO_PYTHON}) runs;</li>
 *   <li>{@code uvloop}: the same script on uvloop, with the Python in {@code $MINIASYNCIO_UVLOOP_PYTHON}
 *       (mini-asyncio/peers/compare.sh makes one), else {@code python3} if it has uvloop.</li>
 * </ul>
 * The servers run side by side, idle but for the one being measured, and every configuration
 * measures them in turn, so a change in the machine's load touches all of them alike.
 */
final class EchoBench {

    static final String LOOP_CLASS = EchoServerMain.LOOP;

    /**
     * The connection counts and line sizes measured; how long every server first runs each line
     * size untimed (its JIT compiles the paths of both sizes, so no size pays for a recompile in
     * its window); how long each run then warms up and counts.
     */
    record EchoSizes(int[] connections, int[] sizes, long jitWarmupMillis, long warmupMillis, long windowMillis) {
        static EchoSizes of(Sizes sizes) {
            return switch (sizes.name()) {
                case "smoke" -> new EchoSizes(new int[] {10}, new int[] {64}, 0, 50, 200);
                case "quick" -> new EchoSizes(new int[] {1_000}, new int[] {64, 4096}, 1_000, 200, 1_000);
                default -> new EchoSizes(new int[] {100, 1_000, 10_000}, new int[] {64, 4096}, 3_000, 500, 3_000);
            };
        }
    }

    private EchoBench() {
    }

    /** The reason the loop's server cannot run, or null when it can. */
    static String unavailable() {
        try {
            Class.forName(LOOP_CLASS);
            Class.forName(EchoServerMain.SERVER);
            return null;
        } catch (ClassNotFoundException | LinkageError e) {
            return LOOP_CLASS + " is not on the class path (build the exercises module: exercises/target/exercises.jar"
                    + " beside mini-asyncio.jar)";
        }
    }

    static void run(Sizes sizes, Report report) throws Exception {
        EchoSizes echo = EchoSizes.of(sizes);
        report.section("echo", "round trips on loopback, one line in flight per connection; every server in its own"
                + " process, the same client (one NIO thread) in this one");
        String reason = unavailable();
        if (reason != null) {
            report.note("echo.skipped", "skipped: " + reason);
            return;
        }
        Map<String, ServerProcess> servers = new LinkedHashMap<>();
        try {
            for (String name : List.of("loop", "vthreads", "asyncio", "uvloop")) {
                try {
                    ServerProcess server = ServerProcess.start(name, command(name));
                    servers.put(name, server);
                    server.probe();
                } catch (Unavailable e) {
                    ServerProcess failed = servers.remove(name);
                    if (failed != null) {
                        failed.close();
                    }
                    if (name.equals("loop")) {
                        report.note("echo.skipped", "skipped: " + e.getMessage());
                        return;
                    }
                    report.note("echo." + name + ".skipped", name + ": skipped (" + e.getMessage() + ")");
                }
            }
            report.note("echo.servers", "servers: " + String.join(", ", servers.keySet()) + "; each first echoes every"
                    + " line size untimed for " + echo.jitWarmupMillis() + " ms; each run warms up "
                    + echo.warmupMillis() + " ms, then counts " + echo.windowMillis() + " ms");
            if (echo.jitWarmupMillis() > 0) {
                for (ServerProcess server : servers.values()) {
                    for (int size : echo.sizes()) {
                        EchoLoad.run(server.port, 100, size, 0, echo.jitWarmupMillis() * 1_000_000L, () -> { });
                    }
                }
            }
            for (int connections : echo.connections()) {
                for (int size : echo.sizes()) {
                    measure(servers, connections, size, echo, report);
                }
            }
        } finally {
            for (ServerProcess server : servers.values()) {
                server.close();
            }
        }
    }

    private static void measure(Map<String, ServerProcess> servers, int connections, int size, EchoSizes echo,
                                Report report) throws IOException {
        String at = "_at_" + connections + "_" + size + "b";
        boolean heldMany = connections >= 10_000;
        Map<String, EchoLoad.Result> results = new LinkedHashMap<>();
        for (Map.Entry<String, ServerProcess> entry : servers.entrySet()) {
            String name = entry.getKey();
            ServerProcess server = entry.getValue();
            EchoLoad.WhileOpen whileOpen = () -> {
                if (heldMany) { // every connection open and idle: what holding them costs the server
                    server.memory(report, "echo." + name, at, connections);
                }
            };
            EchoLoad.Result r;
            try {
                r = EchoLoad.run(server.port, connections, size, echo.warmupMillis() * 1_000_000L,
                        echo.windowMillis() * 1_000_000L, whileOpen, server::cpuTime);
            } catch (IOException e) {
                throw new IOException(name + " server, " + connections + " connections, " + size + "-byte lines: "
                        + e.getMessage() + server.exitNote(), e);
            }
            String key = "echo." + name;
            report.figures().put(key + ".round_trips_per_s" + at, r.perSecond());
            report.figures().put(key + ".p50_ms" + at, r.percentileMillis(0.50));
            report.figures().put(key + ".p99_ms" + at, r.percentileMillis(0.99));
            // Where the time goes: a server near 100% of a core is the bottleneck; well below, it waits.
            // The kernel's share is the part no server can save: each round trip is a read and a write.
            double serverCpu = percentOf(r.serverCpu().totalNanos(), r.windowNanos());
            double clientCpu = percentOf(r.clientCpu().totalNanos(), r.windowNanos());
            report.figures().put(key + ".server_cpu_pct" + at, serverCpu);
            report.figures().put(key + ".server_cpu_us_per_round_trip" + at,
                    r.serverCpu().known() ? r.serverCpu().totalNanos() / 1e3 / Math.max(1, r.roundTrips()) : Double.NaN);
            report.figures().put(key + ".server_kernel_share" + at, r.serverCpu().kernelShare());
            report.figures().put(key + ".client_cpu_pct" + at, clientCpu);
            report.figures().put(key + ".client_kernel_share" + at, r.clientCpu().kernelShare());
            System.out.printf(Locale.ROOT, "  %,6d conns %5d B  %-9s %9s round trips/s  p50 %7s ms  p99 %7s ms"
                            + "  CPU: server %s, client %s%n",
                    connections, size, name, Report.fmt(r.perSecond()), Report.fmt(r.percentileMillis(0.50)),
                    Report.fmt(r.percentileMillis(0.99)), cpu(r.serverCpu(), r.windowNanos()),
                    cpu(r.clientCpu(), r.windowNanos()));
            results.put(name, r);
        }
        double loop = results.get("loop").perSecond();
        boolean judged = connections == 1_000;
        if (results.containsKey("asyncio")) {
            report.ratio("echo.loop_over_asyncio" + at, loop / results.get("asyncio").perSecond(),
                    "  loop / asyncio, round trips/s", judged ? Report.Target.atLeast(2.5) : null); // issue 24's targets
        }
        if (results.containsKey("uvloop")) {
            report.ratio("echo.loop_over_uvloop" + at, loop / results.get("uvloop").perSecond(),
                    "  loop / uvloop, round trips/s", judged ? Report.Target.atLeast(2) : null);
        }
        report.ratio("echo.vthreads_over_loop" + at, results.get("vthreads").perSecond() / loop,
                "  vthreads / loop, round trips/s", judged ? Report.Target.atMost(1.5) : null);
        kernelCeiling(results, at, report);
    }

    /**
     * The most round trips per second any server could make with this client on this machine,
     * from the loop's run: a server with no user time of its own still costs the kernel's time
     * per round trip (a read and a write), the client costs what it costs, and the two share the
     * machine's cores; and the client is one NIO thread, so however many cores there are, it
     * alone makes no more than 1 s / (its time per round trip) a second. The ceiling is the lower
     * of the two: min(cores / (server's kernel + client), 1 / client), per round trip. A target above it
     * cannot be met here by the server's code. Beside it, each server's own (user) time per round
     * trip: the part its code decides.
     */
    private static void kernelCeiling(Map<String, EchoLoad.Result> results, String at, Report report) {
        EchoLoad.Result loop = results.get("loop");
        if (!loop.serverCpu().split() || !loop.clientCpu().known() || loop.roundTrips() == 0) {
            return; // not Linux: no split of the server's user and kernel time
        }
        StringJoiner own = new StringJoiner(", ", "    each server's own (user) time per round trip: ", "");
        for (Map.Entry<String, EchoLoad.Result> entry : results.entrySet()) {
            EchoLoad.Result r = entry.getValue();
            if (r.serverCpu().split() && r.roundTrips() > 0) {
                double micros = r.serverCpu().userNanos() / 1e3 / r.roundTrips();
                report.figures().put("echo." + entry.getKey() + ".server_user_us_per_round_trip" + at, micros);
                own.add(entry.getKey() + " " + Report.fmt(micros) + " us");
            }
        }
        System.out.println(own);
        double serverKernel = loop.serverCpu().kernelNanos() / (double) loop.roundTrips();
        double client = loop.clientCpu().totalNanos() / (double) loop.roundTrips();
        if (serverKernel + client == 0) {
            return; // a window too short for a clock tick of either
        }
        int cores = Runtime.getRuntime().availableProcessors();
        // A client with no clock tick in the window sets no bound of its own: 1e9 / 0 is infinite.
        double ceiling = Math.min(cores * 1e9 / (serverKernel + client), 1e9 / client);
        String x = Report.fmt(serverKernel / 1e3);
        String y = Report.fmt(client / 1e3);
        report.value("echo.kernel_ceiling_round_trips_per_s" + at, ceiling, "  ceiling: min(" + cores
                + " cores / (server's kernel " + x + " + client " + y + " us), 1 client thread / " + y + " us)",
                "round trips/s");
        for (String peer : List.of("asyncio", "uvloop")) {
            if (results.containsKey(peer)) {
                report.ratio("echo.kernel_ceiling_over_" + peer + at, ceiling / results.get(peer).perSecond(),
                        "  ceiling / " + peer, null);
            }
        }
    }

    /**
     * "98% (kernel 77%)": of one core, over the window; "kernel n/a" when the split is unknown
     * (this process off Linux) or no clock tick was used; "unknown" when even the total is.
     */
    static String cpu(CpuTime used, long windowNanos) {
        if (!used.known()) {
            return "unknown";
        }
        double share = used.kernelShare();
        return String.format(Locale.ROOT, "%4.0f%% (kernel %s)", percentOf(used.totalNanos(), windowNanos),
                Double.isNaN(share) ? "n/a" : String.format(Locale.ROOT, "%3.0f%%", 100 * share));
    }

    private static double percentOf(long nanos, long windowNanos) {
        return nanos < 0 ? Double.NaN : 100.0 * nanos / windowNanos;
    }

    /** The command that starts {@code name}'s server; Unavailable says why it cannot run here. */
    private static List<String> command(String name) throws Unavailable {
        return switch (name) {
            case "loop", "vthreads" -> ChildJvm.command(classPathOf(EchoBench.class) + File.pathSeparator
                    + classPathOf(loopClass()), List.of(), EchoServerMain.class, name);
            case "asyncio" -> List.of(python("MINIASYNCIO_PYTHON", "python3"), script());
            default -> List.of(python("MINIASYNCIO_UVLOOP_PYTHON", "python3"), script(), "--uvloop");
        };
    }

    private static Class<?> loopClass() throws Unavailable {
        try {
            return Class.forName(LOOP_CLASS);
        } catch (ClassNotFoundException e) {
            throw new Unavailable(LOOP_CLASS + " is not on the class path");
        }
    }

    private static String python(String variable, String fallback) {
        String set = System.getenv(variable);
        return set == null || set.isBlank() ? fallback : set;
    }

    /** peers/python/echo_server.py of this module (mini-asyncio/), found above its jar or classes folder. */
    private static String script() throws Unavailable {
        try {
            Path at = Path.of(EchoBench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
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

    /** A server's process: its port, its control line (standard input) and its output. */
    static final class ServerProcess implements AutoCloseable {
        final String name;
        final Process process;
        final int port;
        private final BufferedReader out;
        private final Writer control;

        private ServerProcess(String name, Process process, int port, BufferedReader out) {
            this.name = name;
            this.process = process;
            this.port = port;
            this.out = out;
            this.control = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        }

        /** Starts it and waits (30 s at most) for its {@code port N} line. */
        static ServerProcess start(String name, List<String> command) throws Unavailable, IOException {
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
            return new ServerProcess(name, process, Integer.parseInt(first.substring(5).strip()), out);
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

        /** The CPU time (every thread) the process has used so far. */
        CpuTime cpuTime() {
            return CpuTime.of(process.pid());
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
    }
}
