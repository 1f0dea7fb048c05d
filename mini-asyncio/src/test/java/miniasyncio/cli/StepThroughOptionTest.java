package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run NAME --step-through FILE.html}: what it writes, and each wrong use of it. */
class StepThroughOptionTest {

    @TempDir
    Path dir;

    @Test
    void writesOnePageAndLeavesTheProgramsOutputAsItWas() throws Exception {
        Path html = dir.resolve("ex.html");
        CliRun plain = CliRun.of("run", "Example", "--virtual-time");
        CliRun stepped = CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString());
        assertThat(stepped.exit()).isZero();
        assertThat(stepped.out()).isEqualTo(plain.out());
        assertThat(stepped.err()).isEqualTo("wrote " + html + "\n");
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>").contains("data-state=\"ready\"",
                "data-state=\"sleeping\"", "data-state=\"results\"", "\"steps\":14,");
    }

    @Test
    void aPageInAMissingFolderIsAUsageError() {
        CliRun run = CliRun.of("run", "Example", "--step-through", dir.resolve("no/such/ex.html").toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("--step-through", "does not exist");
    }

    @Test
    void aPageThatIsAFolderIsAUsageError() {
        CliRun run = CliRun.of("run", "Example", "--step-through", dir.toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("--step-through", "is a folder");
    }

    @Test
    void aStepLimitBelowTwoIsAUsageError() {
        CliRun run = CliRun.of("run", "Example", "--step-through", dir.resolve("ex.html").toString(), "--step-limit", "1");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("--step-limit needs a number of steps >= 2, got 1");
    }

    @Test
    void anExampleWithoutASchedulerSaysThereIsNothingToStepThrough() {
        CliRun run = CliRun.of("run", "Counter", "--step-through", dir.resolve("c.html").toString());
        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("Counter made no Scheduler");
        assertThat(dir.resolve("c.html")).doesNotExist();
    }

    @Test
    void aStepLimitKeepsEveryNthStepAndThePageSaysSo() throws Exception {
        Path html = dir.resolve("ex.html");
        CliRun run = CliRun.of("run", "Example", "--virtual-time", "--step-through", html.toString(), "--step-limit", "4");
        assertThat(run.exit()).isZero();
        // 14 steps, at most 4 kept: steps 1, 5, 9, 13 (every 4th)
        assertThat(Files.readString(html)).contains("\"steps\":14,", "\"stride\":4,", "\"limit\":4,")
                .contains("{\"n\":1,", "{\"n\":5,", "{\"n\":9,", "{\"n\":13,").doesNotContain("{\"n\":2,");
    }

    @Test
    void aSecondSchedulerGetsAPageOfItsOwn() {
        Path html = dir.resolve("trap.html");
        CliRun run = CliRun.of("run", "BlockingTrap", "--virtual-time", "--step-through", html.toString());
        assertThat(run.exit()).isZero();
        assertThat(html).exists();
        assertThat(dir.resolve("trap-2.html")).exists();
    }
}
