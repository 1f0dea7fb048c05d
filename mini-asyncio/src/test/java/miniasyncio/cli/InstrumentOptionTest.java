package miniasyncio.cli;

import java.util.concurrent.atomic.AtomicInteger;
import miniasyncio.Task;
import miniasyncio.trace.Instrument;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class InstrumentOptionTest {

    /** An instrument of "yours", with a no-argument constructor. */
    public static class CountSteps implements Instrument {
        static final AtomicInteger steps = new AtomicInteger();

        @Override
        public void beforeStep(Task task) {
            steps.incrementAndGet();
        }
    }

    @Test
    void anInstrumentOfYoursIsAddedToTheExamplesScheduler() {
        CountSteps.steps.set(0);

        CliRun run = CliRun.of("run", "Example", "--virtual-time", "--instrument", CountSteps.class.getName());

        assertThat(run.exit()).isZero();
        assertThat(CountSteps.steps.get()).isEqualTo(14);
    }

    @Test
    void theEventLogPrintsEveryHook() {
        CliRun run = CliRun.of("run", "Example", "--virtual-time", "--instrument", "miniasyncio.trace.EventLog");

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains(
                "[   0.000] spawn  task 1 (main)\n",
                "[   0.000] spawn  task 2 (worker A) by task 1 (main)\n",
                "[   0.100] yield  task 2 (worker A): Sleep[duration=0.1]\n",
                "[   0.200] idle   until 0.300\n",
                "[   0.300] exit   task 4 (worker C) returned\n");
    }

    @Test
    void anUnknownInstrumentClassIsAUsageError() {
        CliRun run = CliRun.of("run", "Example", "--instrument", "no.such.Thing");

        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("--instrument no.such.Thing: no such class");
    }

    @Test
    void aClassThatIsNotAnInstrumentIsAUsageError() {
        CliRun run = CliRun.of("run", "Example", "--instrument", "java.lang.String");

        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.err()).contains("--instrument java.lang.String is not a miniasyncio.trace.Instrument");
    }
}
