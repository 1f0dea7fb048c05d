package miniasyncio.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import miniasyncio.Coroutine;
import miniasyncio.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every code path of {@code bench} on tiny sizes ({@code --smoke}). It proves the command
 * works and the JSON carries every figure; it asserts nothing about speed (targets live in the
 * bench output, never in tests).
 */
class BenchCommandTest {

    record Run(int exit, String out, String err) {
    }

    static Run bench(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            String[] all = new String[args.length + 1];
            all[0] = "bench";
            System.arraycopy(args, 0, all, 1, args.length);
            int exit = Cli.execute(all);
            return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    static Set<String> jsonKeys(Path file) throws Exception {
        Set<String> keys = new LinkedHashSet<>();
        Matcher m = Pattern.compile("^  \"([^\"]+)\": ", Pattern.MULTILINE).matcher(Files.readString(file));
        while (m.find()) {
            keys.add(m.group(1));
        }
        return keys;
    }

    @Test
    void everyWorkloadRunsAndTheJsonHasEveryFigure(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("bench.json");
        Run run = bench("--smoke", "--json", json.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("switch:", "baseline-vthreads:", "timers:", "spawn:", "memory:",
                "gather:", "echo:", "instrumented:", "targets:", "figures written to");
        String text = Files.readString(json);
        assertThat(text.strip()).startsWith("{").endsWith("}");
        assertThat(jsonKeys(json)).contains(
                "env.java_version", "env.cpus", "env.sizes",
                "switch.scheduler_ns_per_step", "switch.scheduler_ns_per_step.min", "switch.scheduler_ns_per_step.max",
                "switch.raw_continuation_ns_per_round_trip", "switch.ratio_vs_raw_continuation",
                "switch.ratio_vs_raw_continuation.target", "switch.ratio_vs_raw_continuation.met",
                "baseline_vthreads.ns_per_yield", "baseline_vthreads.speedup_of_scheduler",
                "baseline_vthreads.raw_continuation_ns_per_round_trip", "baseline_vthreads.vthread_over_raw_continuation",
                "timers.ns_per_op_at_10", "timers.ns_per_op_at_100", "timers.growth_10_to_100",
                "timers.floor_ns_per_op_at_10", "timers.floor_ns_per_op_at_100", "timers.floor_growth_10_to_100",
                "timers.ratio_vs_floor_at_10", "timers.ratio_vs_floor_at_100.target", "timers.ratio_vs_floor_at_100.met",
                "timers.collections_per_run_at_10", "timers.floor_collections_per_run_at_100",
                "spawn.collections_per_run", "spawn.floor_collections_per_run",
                "spawn.ratio_vs_raw_continuation.target", "spawn.ratio_vs_raw_continuation.met",
                "memory.ratio_vs_framed_continuation.target", "memory.ratio_vs_framed_continuation.met",
                "memory.framed_continuation_bytes_per_parked",
                "spawn.scheduler_ns_per_task", "spawn.raw_continuation_ns_per_task", "spawn.ratio_vs_raw_continuation",
                "memory.scheduler_bytes_per_sleeping_task", "memory.raw_continuation_bytes_per_parked",
                "memory.heap_in_use_mib_with_all_asleep", "memory.ratio_vs_raw_continuation",
                "instrumented.none_ns_per_step", "instrumented.noop_ns_per_step", "instrumented.noop_overhead_percent");
        // gather runs when the homework is on the class path, and says why not otherwise
        assertThat(jsonKeys(json)).containsAnyOf("gather.ns_per_task", "gather.skipped");
        // echo's loop server is the exercises' (not on this module's class path): it says why it skipped;
        // the exercises' EchoWorkloadTest runs it for real
        assertThat(jsonKeys(json)).contains("echo.skipped");
        assertThat(Files.readString(json)).contains("exercises.step10_network.IoScheduler is not on the class path");
        assertThat(text).doesNotContain("NaN", "Infinity");
    }

    @Test
    void onlyRunsTheNamedWorkloads(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("only.json");
        Run run = bench("--smoke", "--only", "spawn,memory", "--json", json.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(jsonKeys(json)).anyMatch(k -> k.startsWith("spawn.")).anyMatch(k -> k.startsWith("memory."))
                .noneMatch(k -> k.startsWith("switch.") || k.startsWith("timers."));
    }

    @Test
    void anUnknownWorkloadIsAUsageError() {
        Run run = bench("--smoke", "--only", "switch,nope");

        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("unknown workload 'nope'", "switch, baseline-vthreads, timers");
        assertThat(run.out()).doesNotContain("switch:");
    }

    @Test
    void sleepersSetTheTimerWorkloadsSizes(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("sleepers.json");
        Run run = bench("--smoke", "--only", "timers", "--sleepers", "20,50,2500", "--json", json.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("per timer op, 20 sleepers", "per timer op, 2500 sleepers");
        assertThat(jsonKeys(json)).contains("timers.ratio_vs_floor_at_20", "timers.ratio_vs_floor_at_50",
                "timers.ratio_vs_floor_at_2500", "timers.floor_growth_20_to_2500", "timers.growth_20_to_2500")
                .doesNotContain("timers.ratio_vs_floor_at_10", "timers.ratio_vs_floor_at_100");
    }

    @Test
    void sleepersAreSortedAndEachMeasuredOnce() {
        Run run = bench("--smoke", "--only", "timers", "--sleepers", "100,10,10");

        assertThat(run.exit()).as(run.err()).isZero();
        String out = run.out();
        assertThat(out.split("per timer op, 10 sleepers", -1)).as(out).hasSize(2); // once
        assertThat(out.split("per timer op, 100 sleepers", -1)).as(out).hasSize(2);
        assertThat(out.indexOf("per timer op, 10 sleepers")).isLessThan(out.indexOf("per timer op, 100 sleepers"));
        assertThat(out).contains("kit's per-op cost at 100 / at 10");
    }

    @Test
    void oneNumberOfSleepersHasNoGrowthToPrint(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("one.json");
        Run run = bench("--smoke", "--only", "timers", "--sleepers", "50,50", "--json", json.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("per timer op, 50 sleepers")
                .doesNotContain("kit's per-op cost at", "log N grows by", "floor's own growth");
        assertThat(jsonKeys(json)).contains("timers.ratio_vs_floor_at_50")
                .noneMatch(k -> k.contains("growth"));
    }

    @Test
    void sleepersWithoutTheTimerWorkloadAreAUsageError() {
        Run run = bench("--smoke", "--only", "spawn", "--sleepers", "100");

        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("--sleepers", "--only spawn", "add timers to --only");
        assertThat(run.out()).doesNotContain("spawn:");
    }

    @Test
    void wrongSleepersAreAUsageErrorEvenWhenTheJsonFileIsWrongToo(@TempDir Path dir) {
        Run run = bench("--smoke", "--sleepers", "1", "--json", dir.resolve("no/such/dir/bench.json").toString());

        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("is out of range");
    }

    @Test
    void sleepersOutOfRangeAreAUsageError() {
        for (String wrong : new String[] {"1", "0,100", "1000001"}) {
            Run run = bench("--smoke", "--only", "timers", "--sleepers", wrong);
            assertThat(run.exit()).as(wrong).isEqualTo(Cli.USAGE);
            assertThat(run.err()).as(wrong).contains("is out of range", "from 2 to 1,000,000");
            assertThat(run.out()).as(wrong).doesNotContain("timers:");
        }
        Run notANumber = bench("--smoke", "--sleepers", "ten");
        assertThat(notANumber.exit()).isEqualTo(Cli.USAGE);
        assertThat(notANumber.err()).contains("ten");
    }

    @Test
    void aJsonFileThatCannotBeWrittenFailsBeforeMeasuring(@TempDir Path dir) {
        Run missingDir = bench("--smoke", "--json", dir.resolve("no/such/dir/bench.json").toString());
        assertThat(missingDir.exit()).isEqualTo(Cli.USAGE);
        assertThat(missingDir.err()).contains("no such folder", "does not exist");
        assertThat(missingDir.out()).doesNotContain("switch:");

        Run isDir = bench("--smoke", "--json", dir.toString());
        assertThat(isDir.exit()).isEqualTo(Cli.USAGE);
        assertThat(isDir.err()).contains("is a folder; give a file name, e.g. " + dir.resolve("bench.json"));
    }

    @Test
    void helpListsEveryOptionSmokeToo() {
        Run help = bench("--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).contains("--quick", "--smoke", "--json", "--only", "--sleepers");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        assertThat(bench("--fast").exit()).isEqualTo(Cli.USAGE);
    }

    @Test
    void theBareContinuationHookRunsYieldsAndEnds() {
        int[] progress = new int[1];
        Object c = Coroutine.rawContinuation(() -> {
            progress[0] = 1;
            Coroutine.rawYield();
            progress[0] = 2;
        });
        assertThat(progress[0]).isZero(); // made, not started
        assertThat(Coroutine.rawRun(c)).isFalse();
        assertThat(progress[0]).isEqualTo(1);
        assertThat(Coroutine.rawRun(c)).isTrue();
        assertThat(progress[0]).isEqualTo(2);
    }

    @Test
    void statsAreMedianMinAndMax() {
        Measure.Stats odd = Measure.summarize(new double[] {5, 1, 3});
        assertThat(odd).isEqualTo(new Measure.Stats(3, 1, 5));
        Measure.Stats even = Measure.summarize(new double[] {4, 1, 3, 2});
        assertThat(even).isEqualTo(new Measure.Stats(2.5, 1, 4));
    }

    @Test
    void timerLabelsAreShort() {
        assertThat(TimerBench.label(1_000)).isEqualTo("1k");
        assertThat(TimerBench.label(1_000_000)).isEqualTo("1m");
        assertThat(TimerBench.label(100)).isEqualTo("100");
    }
}
