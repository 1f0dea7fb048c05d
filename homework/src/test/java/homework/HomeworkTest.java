package homework;

import static homework.Homework.awaitTask;
import static homework.Homework.gather;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import miniasyncio.NotImplementedYet;
import org.junit.jupiter.api.Test;

/**
 * The basics of the homework. Run them with {@code mvn -q -pl homework -am verify}. They run as
 * the grader runs them ({@link VisibleRun}): on the virtual clock, where time jumps from timer to
 * timer, so the times below are exact and the tests are instant; and with a step budget and a
 * time limit, so that polling or a loop that never yields fails in seconds instead of hanging.
 */
class HomeworkTest {

    @Test
    void awaitTaskReturnsTheAwaitedTasksResult() {
        int answer = VisibleRun.run(() -> {
            int tid = createTask(() -> {
                sleep(0.1);
                return 42;
            });
            return awaitTask(tid);
        });
        assertThat(answer).isEqualTo(42);
    }

    @Test
    void awaitTaskWaitsUntilTheTaskHasFinished() {
        double at = VisibleRun.run(() -> {
            int tid = createTask(() -> {
                sleep(0.25);
                return null;
            });
            awaitTask(tid);
            return now();
        });
        assertThat(at).isEqualTo(0.25);
    }

    @Test
    void gatherReturnsResultsInArgumentOrder() {
        List<String> results = VisibleRun.run(() -> gather(
                () -> readFile("a.txt", 0.2),
                () -> readFile("b.txt", 0.1),
                () -> readFile("c.txt", 0.3)));
        assertThat(results).containsExactly("contents of a.txt", "contents of b.txt", "contents of c.txt");
    }

    @Test
    void gatherRunsTheTasksConcurrently() {
        double at = VisibleRun.run(() -> {
            gather(() -> readFile("a.txt", 0.2), () -> readFile("b.txt", 0.1), () -> readFile("c.txt", 0.3));
            return now();
        });
        assertThat(at).as("the longest read (0.3), not the sum (0.6)").isEqualTo(0.3);
    }

    @Test
    void awaitingAFailedTaskRethrowsItsException() {
        Throwable thrown = catchThrowable(() -> VisibleRun.run(() -> {
            int tid = createTask(() -> {
                sleep(0.1);
                throw new IllegalStateException("disk on fire");
            });
            return awaitTask(tid);
        }));
        if (thrown instanceof NotImplementedYet missing) {
            throw missing; // say what to write, rather than "wrong exception"
        }
        assertThat(thrown).isInstanceOf(IllegalStateException.class).hasMessage("disk on fire");
    }

    @Test
    void homeworkRunUsesTheHomeworkScheduler() {
        assertThat(VisibleRun.runMakingItsOwn(() -> Homework.run(() -> gather(() -> 1, () -> 2)))).containsExactly(1, 2);
    }

    private static String readFile(String name, double delay) {
        sleep(delay);
        return "contents of " + name;
    }
}
