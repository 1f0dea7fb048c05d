package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceCommandTest {

    @TempDir
    Path dir;

    @Test
    void theExampleOnTheVirtualClockPrintsTheExpectedTimeline() throws IOException {
        CliRun run = CliRun.of("run", "Example", "--virtual-time", "--trace");

        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo(resource("/trace/example-virtual-time.txt"));
    }

    @Test
    void theTimelineIsTheSameOnEveryRun() {
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--trace").out())
                .isEqualTo(CliRun.of("run", "Example", "--virtual-time", "--trace").out());
    }

    @Test
    void traceOutWritesChromeTraceEventsThatParse() throws IOException {
        Path json = dir.resolve("run.json");

        CliRun run = CliRun.of("run", "Example", "--virtual-time", "--trace-out", json.toString());

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("wrote " + json);
        JsonObject trace = JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        JsonArray events = trace.getAsJsonArray("traceEvents");
        List<String> threads = new ArrayList<>();
        int steps = 0;
        int sleeps = 0;
        int idle = 0;
        int finished = 0;
        for (JsonElement e : events) {
            JsonObject event = e.getAsJsonObject();
            assertThat(event.get("pid").getAsInt()).isEqualTo(1);
            String ph = event.get("ph").getAsString();
            String name = event.get("name").getAsString();
            if (ph.equals("M") && name.equals("thread_name")) {
                threads.add(event.getAsJsonObject("args").get("name").getAsString());
            } else if (ph.equals("X")) {
                assertThat(event.get("dur").getAsDouble()).isGreaterThanOrEqualTo(0);
                switch (event.get("cat").getAsString()) {
                    case "running" -> steps++;
                    case "sleeping" -> sleeps++;
                    case "idle" -> idle++;
                    default -> { }
                }
            } else if (ph.equals("i")) {
                finished++;
            }
        }
        assertThat(threads).containsExactly("loop", "task 1 (main)", "task 2 (worker A)", "task 3 (worker B)",
                "task 4 (worker C)");
        assertThat(steps).isEqualTo(2 + 4 + 5 + 3);
        assertThat(sleeps).isEqualTo(1 + 3 + 4 + 2);
        assertThat(idle).isEqualTo(6);
        assertThat(finished).isEqualTo(4);
        // worker A's second step runs at exactly t = 0.100 s = 100000 microseconds
        assertThat(events.asList().stream().map(JsonElement::getAsJsonObject)
                .filter(o -> o.get("ph").getAsString().equals("X") && o.get("tid").getAsInt() == 2
                        && o.get("cat").getAsString().equals("running"))
                .map(o -> o.get("ts").getAsDouble()))
                .containsExactly(0.0, 100000.0, 200000.0, 300000.0);
    }

    @Test
    void statsCountTheLoopOfTheExample() {
        CliRun run = CliRun.of("run", "Example", "--virtual-time", "--stats");

        assertThat(run.exit()).isZero();
        assertThat(run.out())
                .contains("loop iterations      20 (14 steps, 6 idle waits)")
                .contains("peak ready           3")
                .contains("peak pending tasks   4")
                .contains("timers set / fired   10 / 10")
                .contains("worst timer lag      0.000000 s")
                .containsPattern("longest step         \\d+\\.\\d{6} s, task \\d \\(");
    }

    @Test
    void debugWarnsAboutTheBlockingStepEvenOnTheVirtualClock() {
        CliRun run = CliRun.of("run", "BlockingTrap", "--virtual-time", "--debug");

        assertThat(run.exit()).isZero();
        // Only the trap's Thread.sleep(300) holds the loop; the fix's sleep(0.3) does not.
        assertThat(run.err()).containsPattern("Executing task 4 \\(blocker\\) took 0\\.[3-9]\\d\\d s");
        assertThat(run.err().lines().filter(l -> l.startsWith("Executing task 4"))).hasSize(1);
    }

    @Test
    void theTrapFreezesTheOtherTasksOnTheRealClockTimeline() {
        // Real time, so only generous bounds; the exact pictures are tested on the virtual clock.
        CliRun run = CliRun.of("run", "BlockingTrap", "--trace");

        assertThat(run.exit()).isZero();
        String trap = run.out().substring(run.out().indexOf("== scheduler 1 of 2 =="),
                run.out().indexOf("== scheduler 2 of 2 =="));
        double column = Double.parseDouble(trap.replaceAll("(?s).*one column = ([0-9.]+) s.*", "$1"));
        String blocker = trap.lines().filter(l -> l.contains("4 blocker")).findFirst().orElseThrow();
        String tickerA = trap.lines().filter(l -> l.contains("2 ticker A")).findFirst().orElseThrow();
        // 0.3 s in one step: a long run of '#'; meanwhile ticker A is ready but frozen: a run of ':'
        assertThat(longestRun(blocker, '#') * column).isGreaterThanOrEqualTo(0.2);
        assertThat(longestRun(tickerA, ':') * column).isGreaterThanOrEqualTo(0.15);
    }

    private static int longestRun(String row, char glyph) {
        int longest = 0;
        int run = 0;
        for (char c : row.toCharArray()) {
            run = c == glyph ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    @Test
    void slowStepSetsTheThresholdAndImpliesDebug() {
        CliRun run = CliRun.of("run", "BlockingTrap", "--virtual-time", "--slow-step", "10");

        assertThat(run.exit()).isZero();
        assertThat(run.err()).doesNotContain("Executing");
    }

    @Test
    void aNegativeSlowStepIsAUsageError() {
        CliRun run = CliRun.of("run", "Example", "--slow-step", "-1");

        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("--slow-step needs a finite number of seconds >= 0, got -1.0");
    }

    @Test
    void aTraceFileInAMissingFolderIsAUsageError() {
        CliRun run = CliRun.of("run", "Example", "--trace-out", dir.resolve("no/such/run.json").toString());

        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("does not exist; create it or pick another file");
    }

    @Test
    void aTraceFileThatIsAFolderIsAUsageError() {
        CliRun run = CliRun.of("run", "Example", "--trace-html", dir.toString());

        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("is a folder; give a file name");
    }

    @Test
    void anExampleWithoutASchedulerSaysThereIsNothingToTrace() {
        CliRun run = CliRun.of("run", "Counter", "--trace");

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("Counter made no Scheduler, so there is no loop to trace");
    }

    @Test
    void debugReportsWhereALostFailingTaskWasCreated() {
        CliRun run = CliRun.of("run", LosesAFailure.class.getName(), "--virtual-time", "--debug");

        assertThat(run.exit()).isZero();
        assertThat(run.err())
                .contains("Task exception was never retrieved: task 2 (doomed)")
                .contains("task 2 (doomed) was created at:")
                .contains("LosesAFailure.call");
    }

    @Test
    void withoutDebugTheCreationSiteIsNotKnown() {
        CliRun run = CliRun.of("run", LosesAFailure.class.getName(), "--virtual-time");

        assertThat(run.err()).contains("Task exception was never retrieved").doesNotContain("was created at");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = TraceCommandTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
        }
    }

    @Test
    void blockingTrapSuggestsDebugAndTraceOnlyWhenTheyAreNotGiven() {
        assertThat(CliRun.of("run", "BlockingTrap", "--virtual-time").out())
                .contains("See it: run BlockingTrap --debug --trace");
        assertThat(CliRun.of("run", "BlockingTrap", "--virtual-time", "--debug", "--trace").out())
                .doesNotContain("See it:");
    }

    @Test
    void blockingTrapsFirstTickIsNeverLateTheBlockerHasNotMovedYet() {
        CliRun run = CliRun.of("run", "BlockingTrap", "--debug");
        assertThat(run.out().lines().filter(l -> l.contains("tick 1 ")))
                .hasSize(4).noneMatch(l -> l.contains("late"));
        assertThat(run.out()).contains("late: the loop was blocked"); // the trap still shows, from tick 2
    }
}
