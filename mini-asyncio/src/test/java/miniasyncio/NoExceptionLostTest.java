package miniasyncio;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import miniasyncio.ParkingScheduler.Park;
import org.junit.jupiter.api.Test;

/**
 * Every way out of {@code run()}: each exception a task raised ends up thrown by run, or printed
 * on stderr as never retrieved. None is lost.
 */
class NoExceptionLostTest {

    /**
     * A {@link ParkingScheduler} ({@link Park} parks a task with nothing to wake it: the way to
     * make a deadlock) that can be told to break in handleSyscall.
     */
    static class Parking extends ParkingScheduler {
        boolean breakOnPark;

        @Override
        protected void handleSyscall(Task task, Object syscall) {
            if (breakOnPark && syscall instanceof Park) {
                throw new IllegalStateException("scheduler bug");
            }
            super.handleSyscall(task, syscall);
        }
    }

    static void failSoon() {
        sleep(0.1);
        throw new IllegalStateException("nobody awaited me");
    }

    /** A task whose finally throws when it is closed. */
    static void leakyWhenClosed(Object syscall) {
        try {
            Scheduler.syscall("leaky", syscall);
        } finally {
            throw new IllegalArgumentException("finally failed while closing");
        }
    }

    @Test
    void mainReturnsAndAnotherTaskFailed() {
        try (Capture c = new Capture()) {
            assertThat(new Scheduler(Clock.virtual()).run(() -> {
                createTask("failer", NoExceptionLostTest::failSoon);
                return 7;
            })).isEqualTo(7);
            assertThat(c.err()).contains("Task exception was never retrieved: task 2 (failer)", "nobody awaited me");
        }
    }

    @Test
    void theReportOfAFailureNobodyRetrievedShowsTheProgramsFramesAndFoldsTheKits() {
        try (Capture c = new Capture()) {
            new Scheduler(Clock.virtual()).run(() -> {
                createTask("failer", NoExceptionLostTest::failSoon);
                return 7;
            });
            assertThat(c.err()).contains("\tat miniasyncio.NoExceptionLostTest.failSoon(NoExceptionLostTest.java:")
                    .containsPattern("\t\\.\\.\\. \\d+ frames? of the kit and the JDK")
                    .doesNotContain("miniasyncio.Scheduler.stepOne", "jdk.internal.vm.Continuation");
        }
    }

    @Test
    void mainFailsAndAnotherTaskFailed() {
        try (Capture c = new Capture()) {
            assertThatThrownBy(() -> new Scheduler(Clock.virtual()).run(() -> {
                createTask("failer", NoExceptionLostTest::failSoon);
                sleep(0.2);
                throw new UnsupportedOperationException("main failed");
            })).hasMessage("main failed");
            assertThat(c.err()).contains("Task exception was never retrieved: task 2 (failer)", "nobody awaited me");
        }
    }

    @Test
    void endingWithMainClosesATaskWhoseFinallyThrows() {
        try (Capture c = new Capture()) {
            Scheduler scheduler = new Scheduler(Clock.virtual());
            scheduler.settings().setEndWithMain(true);
            scheduler.run(() -> {
                createTask("leaky", () -> leakyWhenClosed(new Sleep(10)));
                sleep(1);
                return null;
            });
            assertThat(c.err()).contains("Task exception was never retrieved: task 2 (leaky)",
                    "IllegalArgumentException: finally failed while closing");
        }
    }

    @Test
    void aDeadlockStillReportsTheFailuresNobodyRetrieved() {
        try (Capture c = new Capture()) {
            Parking scheduler = new Parking();
            assertThatThrownBy(() -> scheduler.run(() -> {
                createTask("failer", NoExceptionLostTest::failSoon);
                createTask("leaky", () -> leakyWhenClosed(new Park()));
                sleep(1);
                ParkingScheduler.park();
                return null;
            })).isInstanceOf(DeadlockException.class);
            assertThat(c.err())
                    .contains("Task exception was never retrieved: task 2 (failer)", "nobody awaited me")
                    .contains("Task exception was never retrieved: task 3 (leaky)", "finally failed while closing");
        }
    }

    @Test
    void aBrokenSchedulerHookStillReportsEveryFailure() {
        try (Capture c = new Capture()) {
            Parking scheduler = new Parking();
            scheduler.breakOnPark = true;
            assertThatThrownBy(() -> scheduler.run(() -> {
                createTask("failer", NoExceptionLostTest::failSoon);
                createTask("leaky", () -> leakyWhenClosed(new Sleep(10)));
                sleep(1);
                ParkingScheduler.park();
                return null;
            })).hasMessage("scheduler bug");
            assertThat(c.err())
                    .contains("Task exception was never retrieved: task 2 (failer)", "nobody awaited me")
                    .contains("Task exception was never retrieved: task 3 (leaky)", "finally failed while closing");
        }
    }

    @Test
    void aRetrievedFailureIsNotReportedTwiceOnADeadlock() {
        try (Capture c = new Capture()) {
            Parking scheduler = new Parking();
            assertThatThrownBy(() -> scheduler.run(() -> {
                int failer = createTask("failer", NoExceptionLostTest::failSoon);
                sleep(1);
                assertThat(scheduler.takeResult(failer)).isInstanceOf(Step.Failed.class);
                ParkingScheduler.park();
                return null;
            })).isInstanceOf(DeadlockException.class);
            assertThat(c.err()).doesNotContain("never retrieved");
        }
    }
}
