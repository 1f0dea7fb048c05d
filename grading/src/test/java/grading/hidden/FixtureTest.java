package grading.hidden;

import static homework.Homework.awaitTask;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import homework.AwaitTask;
import homework.HomeworkScheduler;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Step;
import miniasyncio.Task;
import org.junit.jupiter.api.Test;

/** The fixture's own rules: main must run to its end, and a failure inside main is the reason shown. */
class FixtureTest {

    /** A cheating scheduler: when main awaits, it records a result for main and never resumes it. */
    static final class DropsMain extends HomeworkScheduler {
        DropsMain() {
            super(Clock.virtual());
        }

        @Override
        protected void handleSyscall(Task task, Object syscall) {
            if (syscall instanceof AwaitTask && task.tid() == 1) {
                results.put(task.tid(), new Step.Returned(null));
                return;
            }
            super.handleSyscall(task, syscall);
        }
    }

    @Test
    void aRunThatReturnsBeforeMainFinishedFails() {
        Fixture f = Fixture.on(new DropsMain());
        boolean[] checked = new boolean[1];
        Throwable e = catchThrowable(() -> f.run(() -> {
            awaitTask(createTask(() -> 1));
            checked[0] = true; // a check that never runs
            return null;
        }));
        assertThat(checked[0]).isFalse();
        assertThat(e).isInstanceOf(AssertionError.class).hasMessageContaining("never ran to its end");
    }

    @Test
    void aRunWhereMainFinishesReturnsItsResult() {
        Fixture f = Fixture.create();
        assertThat((Object) f.run(() -> awaitTask(createTask(() -> 7)))).isEqualTo(7);
        assertThat(f.mainFinished()).isTrue();
    }

    @Test
    void aFailedCheckInsideMainIsTheReasonEvenWhenTheRunThenDeadlocks() {
        Fixture f = Fixture.create();
        int[] tids = new int[2];
        // the run reports main's failure as never retrieved on stderr: captured, so a passing run stays quiet
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        Throwable e;
        try {
            e = catchThrowable(() -> f.run(() -> {
                tids[0] = createTask(() -> awaitTask(tids[1]));
                tids[1] = createTask(() -> awaitTask(tids[0]));
                sleep(0.1);
                Check.equal(1, 2, "a check inside main");
                return null;
            }));
        } finally {
            System.setErr(saved);
        }
        assertThat(e).isInstanceOf(AssertionError.class).hasMessage("a check inside main: expected 2, got 1");
    }

    @Test
    void anUnexpectedDeadlockIsExplained() {
        Fixture f = Fixture.create();
        int[] tids = new int[2];
        Throwable e = catchThrowable(() -> f.run(() -> {
            tids[0] = createTask("alpha", () -> awaitTask(tids[1]));
            tids[1] = createTask("beta", () -> awaitTask(tids[0]));
            return null;
        }));
        assertThat(e).isInstanceOf(AssertionError.class).hasMessageContaining("the run ended in a deadlock")
                .hasMessageContaining("task 2 (alpha)");
        Throwable expected = Fixture.create().runExpectingFailure(() -> {
            int[] t = new int[2];
            t[0] = createTask(() -> awaitTask(t[1]));
            t[1] = createTask(() -> awaitTask(t[0]));
            return null;
        }, "a cycle");
        assertThat(expected).isInstanceOf(DeadlockException.class);
    }
}
