package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The lecture's printing examples, each compared line for line on the virtual clock. */
class LectureExamplesTest {

    static String transcript(String example) {
        CliRun run = CliRun.of("run", example, "--virtual-time");
        assertThat(run.exit()).as(run.err()).isZero();
        return run.out();
    }

    @Test
    void greetCreatingRunsNothingRunRunsItAndACallInATaskRunsItThere() {
        assertThat(transcript("Greet")).isEqualTo("""
                class miniasyncio.Coroutine
                state: CORO_CREATED
                greet: step 1
                greet: step 2
                greet: step 3
                hello world
                greet: step 1
                greet: step 2
                greet: step 3
                hello world
                ran in task 1 (main), no new task: true
                """);
    }

    @Test
    void asyncTextFileOpensReadsAndClosesThroughToThread() {
        assertThat(transcript("AsyncTextFile")).isEqualTo("""
                opened
                hello from disk
                closed
                """);
    }

    @Test
    void blockingTrapOnTheVirtualClockSaysTheTrapShowsOnlyOnTheRealClock() {
        String out = transcript("BlockingTrap");
        assertThat(out).startsWith("""
                == 1. The trap: the blocker calls Thread.sleep(300) inside a task ==
                (On the virtual clock a step takes no time, so the trap does not show below:""");
        assertThat(out).containsOnlyOnce("The trap shows only on the real clock");
    }

    @Test
    void blockingTrapOnTheRealClockShowsTheFreezeAndNoNote() {
        CliRun run = CliRun.of("run", "BlockingTrap");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).doesNotContain("virtual clock").contains("late: the loop was blocked");
    }

    @Test
    void threadLockRaceShowsTheRaceAndThatReentrantLockDoesNotFixIt() {
        assertThat(transcript("ThreadLockRace")).isEqualTo("""
                expected 2, got: 1
                with ReentrantLock: 1 (a thread lock does not keep tasks of one thread apart)
                """);
    }
}
