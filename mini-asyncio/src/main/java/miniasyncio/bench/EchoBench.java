package miniasyncio.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

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
 * measures them in turn, so a change in the machine's load touches all of them alike; at the
 * connection count judged, in several rounds of turns, and the ratio judged is the median of the
 * rounds' ({@link EchoCpu#ownTime}). A server's
 * process is an {@link EchoServerProcess}; its CPU per round trip, the figure judged, and the
 * ceiling on throughput are {@link EchoCpu}'s.
 */
final class EchoBench {

    static final String LOOP_CLASS = EchoServerMain.LOOP;

    /**
     * The connection counts and line sizes measured; how long every server first runs each line
     * size untimed (its JIT compiles the paths of both sizes, so no size pays for a recompile in
     * its window); how long each run then warms up and counts; the connection count looked at
     * closest ({@code focusAt}), where every server is measured in {@code rounds} rounds, in turn,
     * and also paced.
     */
    record EchoSizes(int[] connections, int[] sizes, long jitWarmupMillis, long warmupMillis, long windowMillis,
                     int focusAt, int rounds) {
        static EchoSizes of(Sizes sizes) {
            return switch (sizes.name()) {
                case "smoke" -> new EchoSizes(new int[] {10}, new int[] {64}, 0, 50, 200, 10, 2);
                case "quick" -> new EchoSizes(new int[] {1_000}, new int[] {64, 4096}, 1_000, 200, 1_000, 1_000, 3);
                default -> new EchoSizes(new int[] {100, 1_000, 10_000}, new int[] {64, 4096}, 3_000, 500, 2_000, 1_000, 5);
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
        Map<String, EchoServerProcess> servers = new LinkedHashMap<>();
        try {
            for (String name : List.of("loop", "vthreads", "asyncio", "uvloop")) {
                try {
                    EchoServerProcess server = EchoServerProcess.start(name, EchoServerProcess.command(name));
                    servers.put(name, server);
                    server.probe();
                } catch (EchoServerProcess.Unavailable e) {
                    EchoServerProcess failed = servers.remove(name);
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
                for (EchoServerProcess server : servers.values()) {
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
            for (EchoServerProcess server : servers.values()) {
                server.close();
            }
        }
    }

    private static void measure(Map<String, EchoServerProcess> servers, int connections, int size, EchoSizes echo,
                                Report report) throws IOException {
        String at = "_at_" + connections + "_" + size + "b";
        boolean heldMany = connections >= 10_000;
        int rounds = connections == echo.focusAt() ? echo.rounds() : 1;
        List<String> names = List.copyOf(servers.keySet());
        Map<String, List<EchoLoad.Result>> runs = new LinkedHashMap<>();
        Map<String, Map<String, CpuTime>> threads = new LinkedHashMap<>();
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < names.size(); i++) {
                // In turn, each round starting one server further: a server is measured a few seconds
                // from each other one in every round, and none is always first after the last size.
                String name = names.get((round + i) % names.size());
                EchoServerProcess server = servers.get(name);
                EchoLoad.WhileOpen whileOpen = () -> {
                    if (heldMany) { // every connection open and idle: what holding them costs the server
                        server.memory(report, "echo." + name, at, connections);
                    }
                };
                String which = rounds > 1 ? ", round " + (round + 1) + " of " + rounds : "";
                runs.computeIfAbsent(name, n -> new ArrayList<>())
                        .add(runOne(name, server, connections, size, echo, whileOpen, 0, which));
                server.threadsInLastWindow().forEach((kind, used) ->
                        threads.computeIfAbsent(name, n -> new TreeMap<>()).merge(kind, used, CpuTime::plus));
            }
        }
        Map<String, EchoLoad.Result> results = new LinkedHashMap<>();
        for (String name : names) {
            EchoLoad.Result r = EchoLoad.Result.together(runs.get(name));
            results.put(name, r);
            figures(r, threads.getOrDefault(name, Map.of()), "echo." + name, at, report);
        }
        double loop = results.get("loop").perSecond();
        boolean judged = connections == 1_000;
        // Throughput beside the peers, no longer judged: on a machine whose cores the client shares,
        // the client bounds it (the ceiling below); the server's own CPU per round trip is judged instead.
        for (String peer : List.of("asyncio", "uvloop")) {
            if (results.containsKey(peer)) {
                report.ratio("echo.loop_over_" + peer + at, loop / results.get(peer).perSecond(),
                        "  loop / " + peer + ", round trips/s", null);
            }
        }
        report.ratio("echo.vthreads_over_loop" + at, results.get("vthreads").perSecond() / loop,
                "  vthreads / loop, round trips/s", judged ? Report.Target.atMost(1.5) : null);
        EchoCpu.ownTime(results, runs, at, judged, report);
        EchoCpu.ceiling(results, at, report);
        if (connections == echo.focusAt()) {
            paced(servers, connections, size, echo, results, at, report);
        }
    }

    /** The paced runs offer this share of the slowest server's unpaced throughput, so that every server keeps up. */
    static final double PACE_SHARE = 0.6;

    /**
     * Each server's own CPU per round trip with the same arrivals, paced ({@link EchoLoad}) at
     * {@link #PACE_SHARE} of the slowest server's round trips a second just measured, rounded down
     * to a thousand (a hundred below 10,000 a second): a few lines per wake-up of a loop, where the unpaced runs hand it as many as
     * the client sends. Shown beside the judged unpaced figure, not judged: it tells what a server
     * costs when it is not saturated (the kit's performance notes).
     */
    private static void paced(Map<String, EchoServerProcess> servers, int connections, int size, EchoSizes echo,
                              Map<String, EchoLoad.Result> unpaced, String at, Report report) throws IOException {
        double slowest = unpaced.values().stream().mapToDouble(EchoLoad.Result::perSecond).min().orElse(0);
        double step = slowest >= 10_000 ? 1_000 : 100; // a round figure, and at least 100
        double rate = Math.max(100, Math.floor(PACE_SHARE * slowest / step) * step);
        String pacedAt = "_paced" + at;
        report.figures().put("echo.round_trips_per_s_offered" + pacedAt, rate);
        Map<String, EchoLoad.Result> results = new LinkedHashMap<>();
        Map<String, List<EchoLoad.Result>> runs = new LinkedHashMap<>();
        for (Map.Entry<String, EchoServerProcess> entry : servers.entrySet()) {
            String name = entry.getKey();
            EchoLoad.Result r = runOne(name, entry.getValue(), connections, size, echo, () -> { }, rate, "");
            figures(r, entry.getValue().threadsInLastWindow(), "echo." + name, pacedAt, report);
            results.put(name, r);
            runs.put(name, List.of(r));
        }
        EchoCpu.ownTime(results, runs, pacedAt, false, report);
    }

    /** One server's run ({@code rate} 0: unpaced) and its printed line; {@code which} names its round. */
    private static EchoLoad.Result runOne(String name, EchoServerProcess server, int connections, int size,
                                          EchoSizes echo, EchoLoad.WhileOpen whileOpen, double rate, String which)
            throws IOException {
        String paced = rate > 0 ? ", paced at " + Report.fmt(rate) : "";
        EchoLoad.Result r;
        try {
            r = EchoLoad.run(server.port, connections, size, echo.warmupMillis() * 1_000_000L,
                    echo.windowMillis() * 1_000_000L, whileOpen, server::cpuTime, rate);
        } catch (IOException e) {
            throw new IOException(name + " server" + paced + which + ", " + connections + " connections, " + size
                    + "-byte lines: " + e.getMessage() + server.exitNote(), e);
        }
        System.out.printf(Locale.ROOT, "  %,6d conns %5d B  %-9s %9s round trips/s%s  p50 %7s ms  p99 %7s ms"
                        + "  CPU: server %s, client %s%s%n",
                connections, size, name, Report.fmt(r.perSecond()), paced, Report.fmt(r.percentileMillis(0.50)),
                Report.fmt(r.percentileMillis(0.99)), EchoCpu.cpu(r.serverCpu(), r.windowNanos()),
                EchoCpu.cpu(r.clientCpu(), r.windowNanos()), which);
        if (r.roundTrips() == 0) {
            System.out.println("    " + noRoundTrip(name, connections, echo.windowMillis()));
        }
        return r;
    }

    /**
     * Why a line reads "0 round trips/s, p50 n/a": the server took every connection (else the run
     * would have failed) and answered none of them in the whole window, which is what a server too
     * slow for this many connections, or starved of CPU on a busy machine, does.
     */
    static String noRoundTrip(String name, int connections, long windowMillis) {
        return "(" + name + ": no round trip completed in the " + windowMillis + " ms window: it took all "
                + String.format(Locale.ROOT, "%,d", connections) + " connections but answered none in time, too slow at"
                + " this many or short of CPU on this machine; no latency to show, so n/a)";
    }

    /** A server's figures under {@code at}, from its runs taken together; {@code threads}: its CPU time by kind of thread in them. */
    private static void figures(EchoLoad.Result r, Map<String, CpuTime> threads, String key, String at, Report report) {
        report.figures().put(key + ".round_trips_per_s" + at, r.perSecond());
        report.figures().put(key + ".p50_ms" + at, r.percentileMillis(0.50));
        report.figures().put(key + ".p99_ms" + at, r.percentileMillis(0.99));
        EchoCpu.perServer(r, threads, key, at, report);
    }
}
