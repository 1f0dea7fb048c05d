package miniasyncio.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import miniasyncio.cli.OutputFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench [--quick | --smoke] [--json FILE] [--only LIST] [--sleepers LIST]}: measures what a task switch, a timer, a
 * spawn and a sleeping task cost, next to the physical limit (a bare JDK continuation) and the
 * JDK's own virtual threads, all in the same run. See docs/measuring.md for what each figure
 * means and how to read it.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BenchCommand.Version.class,
        description = {"Measure the scheduler against a bare continuation and virtual threads.",
                "Workloads: " + BenchCommand.WORKLOAD_NAMES + ". The full run takes about 4 minutes; --quick 1 to 2 (more on a busy machine).",
                "Absolute numbers depend on the machine; the ratios are what to compare."})
public final class BenchCommand implements Callable<Integer> {

    static final List<String> WORKLOADS = List.of(
            "switch", "baseline-vthreads", "timers", "spawn", "memory", "gather", "instrumented", "echo");
    static final String WORKLOAD_NAMES = "switch, baseline-vthreads, timers, spawn, memory, gather, instrumented, echo";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--quick", description = "Fewer and shorter runs (1 to 2 minutes: 1 min 34 s on 2 cores at load 9); figures are noisier.")
    boolean quick;

    @Option(names = "--smoke", description = "Tiny sizes, a few seconds: proves every workload runs; its figures mean nothing.")
    boolean smoke;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write every figure and ratio to FILE as one JSON object.")
    Path json;

    @Option(names = "--only", paramLabel = "LIST", split = ",",
            description = "Run only these workloads (comma-separated): ${COMPLETION-CANDIDATES}.",
            completionCandidates = Names.class)
    List<String> only;

    @Option(names = "--sleepers", paramLabel = "LIST", split = ",",
            description = "The timer workload at these numbers of sleepers (comma-separated, each 2 to 1,000,000;"
                    + " sorted, each once) instead of the sizes' own (1k, 10k, 40k, 100k and 1M; --quick: 1k to 100k;"
                    + " --smoke: 10 and 100): to see where this machine's caches run out, for example"
                    + " 1000,2500,5000,10000,20000,40000,100000.")
    List<Integer> sleepers;

    static final int MAX_SLEEPERS = 1_000_000;

    static final class Names extends ArrayList<String> {
        Names() {
            super(WORKLOADS);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"mini-asyncio bench on Java " + System.getProperty("java.version")};
        }
    }

    @Override
    public Integer call() throws Exception {
        Set<String> selected = selected();
        if (selected == null) {
            return CommandLine.ExitCode.USAGE;
        }
        Sizes sizes = smoke ? Sizes.SMOKE : quick ? Sizes.QUICK : Sizes.FULL;
        int[] timerTasks = sleepers == null ? sizes.timerTasks() : timerTasks(selected);
        if (timerTasks == null) {
            return CommandLine.ExitCode.USAGE; // a usage error first, even when --json is wrong too: it is the one to fix first
        }
        if (json != null && !writable(json)) {
            return CommandLine.ExitCode.USAGE;
        }
        PrintStream out = System.out;
        Report report = new Report(out);
        environment(report, sizes);

        // Order matters: `instrumented` installs an instrument, which changes what the JIT has
        // seen on the hot path, so it runs last and cannot colour the other figures.
        if (selected.contains("switch")) {
            SwitchBench.run(sizes, report);
        }
        if (selected.contains("baseline-vthreads")) {
            VirtualThreadBench.run(sizes, report);
        }
        if (selected.contains("timers")) {
            TimerBench.run(sizes, timerTasks, report);
        }
        if (selected.contains("spawn")) {
            SpawnBench.run(sizes, report);
        }
        if (selected.contains("memory")) {
            MemoryBench.run(sizes, report);
        }
        if (selected.contains("gather")) {
            GatherBench.run(sizes, report);
        }
        if (selected.contains("instrumented")) {
            SwitchBench.runInstrumented(sizes, report);
        }
        // Echo runs last: it starts server processes and runs its client in this JVM, and what was
        // measured right after it was noisy (the instrumented ratio read 1.35x and 0.78x in two
        // runs after echo, 0.98-1.01x in three without it).
        if (selected.contains("echo")) {
            EchoBench.run(sizes, report);
        }
        summary(report, out);
        if (json != null) {
            try {
                report.writeJson(json);
            } catch (IOException e) {
                System.err.println("bench: cannot write --json " + json + ": " + e);
                return CommandLine.ExitCode.SOFTWARE;
            }
            out.println("figures written to " + json);
        }
        return 0;
    }

    /** The workloads to run, or null after printing why the --only list is wrong. */
    private Set<String> selected() {
        if (only == null) {
            return new LinkedHashSet<>(WORKLOADS);
        }
        Set<String> chosen = new LinkedHashSet<>();
        for (String name : only) {
            String n = name.trim();
            if (!WORKLOADS.contains(n)) {
                System.err.println("bench: unknown workload '" + n + "' in --only. Choose from: " + WORKLOAD_NAMES + ".");
                return null;
            }
            chosen.add(n);
        }
        return chosen;
    }

    /**
     * The --sleepers list, ascending, each number once (a number twice would be measured twice
     * for nothing), or null after printing why it is wrong.
     */
    private int[] timerTasks(Set<String> selected) {
        if (!selected.contains("timers")) { // silently ignored, it would look like it had been measured
            System.err.println("bench: --sleepers sets the timer workload's sizes, but --only " + String.join(",", only)
                    + " does not run it: add timers to --only, or leave --sleepers out");
            return null;
        }
        Set<Integer> sorted = new TreeSet<>(sleepers);
        for (int n : sorted) {
            if (n < 2 || n > MAX_SLEEPERS) { // the timers' child JVM has a heap for a million (ChildJvm.HEAP)
                System.err.println("bench: --sleepers " + n + " is out of range: give numbers of sleepers from 2"
                        + " to 1,000,000, such as 1000,10000,100000");
                return null;
            }
        }
        return sorted.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Checked before minutes of measuring, not after: can FILE be written? (the OS is asked, OutputFile) */
    private static boolean writable(Path file) {
        var problem = OutputFile.problem(file, "bench.json");
        problem.ifPresent(why -> System.err.println("bench: --json " + file + ": " + why));
        return problem.isEmpty();
    }

    private static void environment(Report report, Sizes sizes) {
        Runtime rt = Runtime.getRuntime();
        report.figures().put("env.sizes", sizes.name());
        report.figures().put("env.java_version", System.getProperty("java.version"));
        report.figures().put("env.java_vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        report.figures().put("env.os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        report.figures().put("env.cpus", rt.availableProcessors());
        report.figures().put("env.max_heap_mib", rt.maxMemory() / 1048576);
        report.figures().put("env.gc", String.join(", ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).toList()));
        System.out.println("mini-asyncio bench (" + sizes.name() + "): Java " + System.getProperty("java.version")
                + ", " + rt.availableProcessors() + " CPUs, max heap " + rt.maxMemory() / 1048576 + " MiB, "
                + report.figures().get("env.os"));
        System.out.println("Times are medians over the timed runs (min and max beside). Absolute numbers vary"
                + " from machine to machine and run to run; the ratios, measured side by side, are what to compare.");
    }

    /** One line per target: met or missed. */
    private static void summary(Report report, PrintStream out) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Object> e : report.figures().entrySet()) {
            if (e.getKey().endsWith(".met")) {
                String key = e.getKey().substring(0, e.getKey().length() - ".met".length());
                lines.add(String.format("  %-7s %s = %s (target %s)", (Boolean) e.getValue() ? "met" : "MISSED",
                        key, Report.fmt(((Number) report.figures().get(key)).doubleValue()), report.figures().get(key + ".target")));
            }
        }
        if (!lines.isEmpty()) {
            out.println();
            out.println("targets:");
            lines.forEach(out::println);
        }
    }
}
