package homework;

import static homework.Homework.awaitTask;
import static homework.Homework.gather;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import miniasyncio.Clock;
import miniasyncio.NotImplementedYet;
import org.junit.jupiter.api.Test;

/**
 * The basics of the homework. Run them with {@code mvn -q -pl homework -am verify}. They run on
 * the virtual clock: time jumps from timer to timer, so the times below are exact and the tests
 * are instant.
 */
class HomeworkTest {

    private static HomeworkScheduler scheduler() {
        return new HomeworkScheduler(Clock.virtual());
    }

    @Test
    void awaitTaskReturnsTheAwaitedTasksResult() {
        int answer = scheduler().run(() -> {
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
        double at = scheduler().run(() -> {
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
        List<String> results = scheduler().run(() -> gather(
                () -> readFile("a.txt", 0.2),
                () -> readFile("b.txt", 0.1),
                () -> readFile("c.txt", 0.3)));
        assertThat(results).containsExactly("contents of a.txt", "contents of b.txt", "contents of c.txt");
    }

    @Test
    void gatherRunsTheTasksConcurrently() {
        double at = scheduler().run(() -> {
            gather(() -> readFile("a.txt", 0.2), () -> readFile("b.txt", 0.1), () -> readFile("c.txt", 0.3));
            return now();
        });
        assertThat(at).as("the longest read (0.3), not the sum (0.6)").isEqualTo(0.3);
    }

    @Test
    void awaitingAFailedTaskRethrowsItsException() {
        Throwable thrown = catchThrowable(() -> scheduler().run(() -> {
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
        assertThat(Homework.run(() -> gather(() -> 1, () -> 2))).containsExactly(1, 2);
    }

    private static String readFile(String name, double delay) {
        sleep(delay);
        return "contents of " + name;
    }
}
