package homework;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.Test;

/**
 * The visible tests cannot hang: the mistakes the statement warns about fail in seconds, with
 * the grader's explanation. Written without your homework, so they pass before you start.
 */
class VisibleRunTest {

    /** The polling "awaitTask" the statement warns about, written with the lecture's scheduler. */
    private static Object pollingAwait(int tid) {
        while (Scheduler.current().resultOf(tid) == null) {
            sleep(0);
        }
        return Scheduler.current().resultOf(tid);
    }

    @Test
    void pollingFailsInSecondsWithTheGradersExplanation() {
        long start = System.nanoTime();
        Throwable thrown = catchThrowable(() -> VisibleRun.limited(Duration.ofSeconds(10), () -> {
            Scheduler scheduler = new Scheduler(Clock.virtual());
            scheduler.settings().addInstrument(VisibleRun.budget());
            return scheduler.run(() -> pollingAwait(createTask(() -> {
                sleep(0.1);
                return 42;
            })));
        }));
        assertThat(thrown).isInstanceOf(VisibleRun.StepBudgetExceeded.class)
                .hasMessageStartingWith("the scheduler took more than 100000 steps")
                .hasMessageContaining("(polling)");
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(10);
    }

    @Test
    void aStepThatNeverYieldsFailsAtTheWallClockLimit() {
        boolean[] stop = {false};
        Throwable thrown = catchThrowable(() -> VisibleRun.limited(Duration.ofMillis(300), () -> {
            while (!stop[0]) {
                Thread.onSpinWait(); // a loop with no sleep(): the loop never gets control back
            }
            return null;
        }));
        stop[0] = true;
        assertThat(thrown).isInstanceOf(AssertionError.class).hasMessageContaining("a step that never yields");
    }

    static volatile boolean released;
    static volatile int spinLine;

    /** A step with no sleep(): it never gives the loop back. */
    private static void spin() {
        spinLine = new Throwable().getStackTrace()[0].getLineNumber() + 1;
        while (!released) { Thread.onSpinWait(); }
    }

    @Test
    void aStepThatNeverYieldsInTheLoopNamesItsTaskAndTheLineItSpinsOn() {
        Throwable thrown = catchThrowable(() -> VisibleRun.limited(Duration.ofMillis(300), () ->
                new HomeworkScheduler(Clock.virtual()).run(() -> {
                    createTask("spinner", () -> {
                        spin();
                        return null;
                    });
                    sleep(1);
                    return null;
                })));
        released = true;
        assertThat(thrown).isInstanceOf(AssertionError.class);
        String first = thrown.getMessage().lines().findFirst().orElseThrow();
        assertThat(first).startsWith("the test took more than 300 ms of real time")
                .contains("the loop was still in a step of task 2 (spinner) that never yielded, at VisibleRunTest.java:"
                        + spinLine + " (VisibleRunTest.spin), computing");
        assertThat(thrown.getMessage()).contains("where the loop was at the limit:\n\tat homework.VisibleRunTest.spin(");
        assertThat(thrown.getCause()).as("JUnit's report, the test thread's stack").hasMessageContaining("execution timed out");
    }

    @Test
    void schedulersThatTheCodeMakesItselfGetTheBudgetToo() {
        Throwable thrown = catchThrowable(() -> VisibleRun.runMakingItsOwn(() -> new Scheduler().run(() -> {
            while (true) {
                sleep(0); // never waits for anything: only the budget ends it
            }
        })));
        assertThat(thrown).isInstanceOf(VisibleRun.StepBudgetExceeded.class);
    }
}
