package miniasyncio.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The memory workload's hold: the tasks stay asleep while {@code jmap} looks, and it says how to
 * look; and its child's arguments.
 */
class MemoryBenchTest {

    private static String printedBy(Runnable run) {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            run.run();
        } finally {
            System.setOut(old);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void holdingKeepsTheTasksAsleepAndPrintsTheJmapCommandForThisProcess() {
        long started = System.nanoTime();
        String out = printedBy(() -> MemoryBench.scheduler(50, 1));
        assertThat(out).isEqualTo("50 tasks asleep for 1 s: jmap -histo:live " + ProcessHandle.current().pid()
                + System.lineSeparator());
        assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(1_000_000_000L);
    }

    @Test
    void theHonestFloorIsHeldTheSameWay() {
        String out = printedBy(() -> MemoryBench.framed(50, 1));
        assertThat(out).isEqualTo("50 framed continuations parked for 1 s: jmap -histo:live "
                + ProcessHandle.current().pid() + System.lineSeparator());
    }

    @Test
    void withoutAHoldItPrintsNothing() {
        assertThat(printedBy(() -> MemoryBench.scheduler(50))).isEmpty();
        assertThat(printedBy(() -> MemoryBench.framed(50))).isEmpty();
    }

    @Test
    void theChildTakesTasksWarmupsAndAnOptionalHoldAllWholeNumbers() {
        assertThat(MemoryBench.parse("100", "2")).isEqualTo(new MemoryBench.Args(100, 2, 0));
        assertThat(MemoryBench.parse("100", "0", "30")).isEqualTo(new MemoryBench.Args(100, 0, 30));
        // each of these is a usage error, not a bare NumberFormatException nor a silent "no hold"
        String[][] wrong = {{}, {"100"}, {"100", "2", "30", "4"}, {"100", "2", "ten"}, {"100", "2", "-5"},
                {"0", "2"}, {"100", "-1"}, {"1.5", "2"}};
        for (String[] args : wrong) {
            assertThat(MemoryBench.parse(args)).as(String.join(" ", args)).isNull();
        }
        assertThat(MemoryBench.USAGE).startsWith("usage: MemoryBench TASKS WARMUPS [HOLD_SECONDS]");
    }
}
