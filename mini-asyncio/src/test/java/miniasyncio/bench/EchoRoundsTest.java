package miniasyncio.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The echo workload measures every server in rounds, in turn; the loop's own time over a peer's
 * is judged by the median of the rounds' ratios, each of two runs of one round (the machine's
 * speed drifts between rounds, and the median keeps one odd round from deciding).
 */
class EchoRoundsTest {

    /** A run of {@code roundTrips} in 1 s, with {@code userMillis} of the server's user time. */
    private static EchoLoad.Result run(long roundTrips, long userMillis, long... latencies) {
        return new EchoLoad.Result(roundTrips, 1_000_000_000L, latencies,
                new CpuTime(userMillis * 1_000_000L, 0), new CpuTime(0, 0));
    }

    /** EchoCpu.ownTime with what it prints to standard output kept (a green build is quiet). */
    private static Report ownTime(Map<String, List<EchoLoad.Result>> runs) {
        Report report = new Report(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        PrintStream out = System.out;
        try {
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            Map<String, EchoLoad.Result> results = new LinkedHashMap<>();
            runs.forEach((server, each) -> results.put(server, EchoLoad.Result.together(each)));
            EchoCpu.ownTime(results, runs, "_at_1000_64b", true, report);
        } finally {
            System.setOut(out);
        }
        return report;
    }

    @Test
    void theRatioJudgedIsTheMedianOfTheRoundsRatiosNotTheRatioOfTheSums() {
        // Round 2 is odd (the machine was slow for the loop's run): the sums would say 1.5 / 1.2 s of
        // user time for the same round trips, 1.25 x; the rounds say 0.5, 2.5 and 0.5.
        Map<String, List<EchoLoad.Result>> runs = new LinkedHashMap<>();
        runs.put("loop", List.of(run(1000, 100), run(1000, 1250), run(1000, 150)));
        runs.put("uvloop", List.of(run(1000, 200), run(1000, 500), run(1000, 300)));
        Report report = ownTime(runs);
        Map<String, Object> figures = report.figures();
        assertThat((double) figures.get("echo.loop_user_time_over_uvloop_at_1000_64b")).isEqualTo(0.5);
        assertThat(figures.get("echo.loop_user_time_over_uvloop_at_1000_64b.met")).isEqualTo(true);
        assertThat(figures.get("echo.loop_user_time_over_uvloop_at_1000_64b.rounds")).isEqualTo("0.5000 2.50 0.5000");
        assertThat((double) figures.get("echo.loop_user_time_over_uvloop_at_1000_64b.max")).isEqualTo(2.5);
        // each server's own time is still its time over all its round trips
        assertThat((double) figures.get("echo.loop.server_user_us_per_round_trip_at_1000_64b")).isEqualTo(500.0);
        assertThat(figures).doesNotContainKey("echo.loop_user_time_over_asyncio_at_1000_64b"); // no asyncio here
    }

    @Test
    void oneRoundIsJudgedAsItIs() {
        Map<String, List<EchoLoad.Result>> runs = new LinkedHashMap<>();
        runs.put("loop", List.of(run(1000, 100)));
        runs.put("asyncio", List.of(run(1000, 250)));
        Report report = ownTime(runs);
        assertThat((double) report.figures().get("echo.loop_user_time_over_asyncio_at_1000_64b")).isEqualTo(0.4);
        assertThat(report.figures().get("echo.loop_user_time_over_asyncio_at_1000_64b.met")).isEqualTo(false);
        assertThat(report.figures()).doesNotContainKey("echo.loop_user_time_over_asyncio_at_1000_64b.rounds");
    }

    @Test
    void aRoundWithoutAClockTickOfAServerJudgesNothing() {
        Map<String, List<EchoLoad.Result>> runs = new LinkedHashMap<>();
        runs.put("loop", List.of(run(1000, 100), run(1000, 100)));
        runs.put("uvloop", List.of(run(1000, 200), run(1000, 0))); // 0 ticks: the ratio is infinite
        Report report = ownTime(runs);
        assertThat(report.figures()).doesNotContainKey("echo.loop_user_time_over_uvloop_at_1000_64b");
    }

    @Test
    void aServersRunsTakenTogetherAddUpAndMergeTheirLatencies() {
        EchoLoad.Result together = EchoLoad.Result.together(List.of(run(10, 3, 1, 5, 9), run(30, 7, 2, 4)));
        assertThat(together.roundTrips()).isEqualTo(40);
        assertThat(together.windowNanos()).isEqualTo(2_000_000_000L);
        assertThat(together.perSecond()).isEqualTo(20.0);
        assertThat(together.latencies()).containsExactly(1, 2, 4, 5, 9);
        assertThat(together.serverCpu().userNanos()).isEqualTo(10_000_000L);
        assertThat(together.clientCpu().totalNanos()).isZero();
    }

    @Test
    void cpuTimesAddUpSplitWhenBothAreAndAsTotalsWhenOnlyTheTotalsAreKnown() {
        assertThat(new CpuTime(1, 2).plus(new CpuTime(10, 20))).isEqualTo(new CpuTime(11, 22));
        assertThat(new CpuTime(1, 2).plus(CpuTime.totalOnly(30))).isEqualTo(CpuTime.totalOnly(33));
        assertThat(new CpuTime(1, 2).plus(CpuTime.UNKNOWN)).isEqualTo(CpuTime.UNKNOWN);
    }

    @Test
    void aServerThatAnsweredNothingInTheWindowSaysWhyItsLineReadsZeroAndNa() {
        assertThat(run(0, 0).perSecond()).isZero();
        assertThat(EchoBench.noRoundTrip("asyncio", 10_000, 500)).isEqualTo("(asyncio: no round trip completed in the"
                + " 500 ms window: it took all 10,000 connections but answered none in time, too slow at this many or"
                + " short of CPU on this machine; no latency to show, so n/a)");
    }
}
