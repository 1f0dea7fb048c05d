package miniasyncio.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Where an echo round trip's CPU time goes, from {@code /proc} (user and kernel time of each
 * server's process and of the client's, over the counted window): the server's own (user) time
 * per round trip, the part its code decides and the one the targets judge, and the ceiling on
 * throughput that the kernel's share and the client set on this machine.
 */
final class EchoCpu {

    /** At 1,000 connections the loop's own time per round trip is at most this share of each peer's. */
    static final Map<String, Double> OWN_TIME_TARGETS = Map.of("asyncio", 1 / 3.0, "uvloop", 1 / 2.0);

    private EchoCpu() {
    }

    /**
     * The CPU figures of one server's run under {@code key} ("echo.loop"); {@code threads}, its
     * CPU time by kind of thread in the window, splits a JVM's own time into its collector's, its
     * JIT's and the rest (the loop's, for the loop server).
     */
    static void perServer(EchoLoad.Result r, Map<String, CpuTime> threads, String key, String at, Report report) {
        for (String kind : List.of("gc", "jit")) {
            CpuTime used = threads.get(kind);
            if (used != null && used.split() && (key.endsWith(".loop") || key.endsWith(".vthreads"))) {
                report.figures().put(key + ".server_user_us_per_round_trip_" + kind + at, perRoundTrip(used.userNanos(), r));
            }
        }
        // A server near 100% of a core sets the pace; well below, it waits. The kernel's share is
        // the part no server can save: each round trip is a read and a write.
        report.figures().put(key + ".server_cpu_pct" + at, percentOf(r.serverCpu().totalNanos(), r.windowNanos()));
        report.figures().put(key + ".server_cpu_us_per_round_trip" + at, perRoundTrip(r.serverCpu().totalNanos(), r));
        report.figures().put(key + ".server_kernel_us_per_round_trip" + at,
                r.serverCpu().split() ? perRoundTrip(r.serverCpu().kernelNanos(), r) : Double.NaN);
        report.figures().put(key + ".server_kernel_share" + at, r.serverCpu().kernelShare());
        report.figures().put(key + ".client_cpu_pct" + at, percentOf(r.clientCpu().totalNanos(), r.windowNanos()));
        report.figures().put(key + ".client_kernel_share" + at, r.clientCpu().kernelShare());
    }

    /**
     * Each server's own (user) time per round trip over its runs ({@code results}: each server's
     * runs taken together), and the loop's over each peer's:
     * judged at 1,000 connections ({@link #OWN_TIME_TARGETS}). The client's cost does not bound this
     * figure, as it bounds throughput on a machine whose cores it shares. With several rounds
     * ({@code runs}: each server's runs, round by round), the ratio judged is the median of the
     * rounds' ratios, each of two runs made in the same round, a few seconds apart: this machine's
     * speed drifts over minutes, and a ratio of two windows taken far apart inherits the drift
     * (the kit's performance notes). The lowest and highest round go beside it ({@code .min}, {@code .max}).
     */
    static void ownTime(Map<String, EchoLoad.Result> results, Map<String, List<EchoLoad.Result>> runs, String at,
                        boolean judged, Report report) {
        String how = at.startsWith("_paced") ? ", paced" : "";
        StringJoiner own = new StringJoiner(", ", "    each server's own (user) time per round trip" + how + ": ", "");
        for (Map.Entry<String, EchoLoad.Result> entry : results.entrySet()) {
            double micros = userMicros(entry.getValue());
            if (!Double.isNaN(micros)) {
                String key = "echo." + entry.getKey() + ".server_user_us_per_round_trip";
                report.figures().put(key + at, micros);
                Object gc = report.figures().get(key + "_gc" + at);
                Object jit = report.figures().get(key + "_jit" + at);
                own.add(entry.getKey() + " " + Report.fmt(micros) + " us" + (gc instanceof Double g && jit instanceof Double j
                        ? " (collector " + Report.fmt(g) + ", JIT " + Report.fmt(j) + ")" : ""));
            }
        }
        System.out.println(own);
        List<EchoLoad.Result> loop = runs.get("loop");
        for (String peer : List.of("asyncio", "uvloop")) {
            List<EchoLoad.Result> theirs = runs.get(peer);
            if (theirs == null || theirs.size() != loop.size()) {
                continue;
            }
            double[] ratios = new double[loop.size()];
            for (int round = 0; round < ratios.length; round++) {
                ratios[round] = userMicros(loop.get(round)) / userMicros(theirs.get(round));
            }
            if (Arrays.stream(ratios).anyMatch(r -> Double.isNaN(r) || Double.isInfinite(r))) {
                continue; // not Linux, no round trip, or no clock tick of a server in a window
            }
            String key = "echo.loop_user_time_over_" + peer + at;
            String label = "  loop's own time per round trip / " + peer + "'s" + how;
            Report.Target target = judged ? Report.Target.atMost(OWN_TIME_TARGETS.get(peer)) : null;
            if (ratios.length == 1) {
                report.ratio(key, ratios[0], label, target);
                continue;
            }
            Measure.Stats stats = Measure.summarize(ratios);
            StringJoiner each = new StringJoiner(" ");
            for (double r : ratios) {
                each.add(Report.fmt(r));
            }
            report.figures().put(key + ".rounds", each.toString());
            report.figures().put(key + ".min", stats.min());
            report.figures().put(key + ".max", stats.max());
            report.ratio(key, stats.median(), label + ", median of " + ratios.length + " rounds (" + each + ")", target);
        }
    }

    /** User time per round trip in microseconds, NaN when unknown. */
    private static double userMicros(EchoLoad.Result r) {
        return r.serverCpu().split() && r.roundTrips() > 0 ? r.serverCpu().userNanos() / 1e3 / r.roundTrips() : Double.NaN;
    }

    private static double perRoundTrip(long nanos, EchoLoad.Result r) {
        return nanos >= 0 && r.roundTrips() > 0 ? nanos / 1e3 / r.roundTrips() : Double.NaN;
    }

    /**
     * The most round trips per second any server could make with this client on this machine,
     * from the loop's run: a server with no user time of its own still costs the kernel's time
     * per round trip (a read and a write), the client costs what it costs, and the two share the
     * machine's cores; and the client is one NIO thread, so however many cores there are, it
     * alone makes no more than 1 s / (its time per round trip) a second. The ceiling is the lower
     * of the two: min(cores / (server's kernel + client), 1 / client), per round trip. A
     * throughput above it cannot be reached here by the server's code.
     */
    static void ceiling(Map<String, EchoLoad.Result> results, String at, Report report) {
        EchoLoad.Result loop = results.get("loop");
        if (!loop.serverCpu().split() || !loop.clientCpu().known() || loop.roundTrips() == 0) {
            return; // not Linux: no split of the server's user and kernel time
        }
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

    static double percentOf(long nanos, long windowNanos) {
        return nanos < 0 ? Double.NaN : 100.0 * nanos / windowNanos;
    }
}
