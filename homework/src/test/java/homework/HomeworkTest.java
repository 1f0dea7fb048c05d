package homework;

import static homework.Homework.awaitTask;
import static homework.Homework.gather;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import miniasyncio.trace.Instrument;
import miniasyncio.NotImplementedYet;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.testing.JdkLists;
import org.junit.jupiter.api.Test;

/**
 * The basics of the homework. Run them with {@code mvn -q test -Dstudent} (from the repository's
 * root). They run as the grader runs them ({@link VisibleRun}): on the virtual clock, where time
 * jumps from timer to timer, so the times below are exact and the tests are instant; and with a
 * step budget and a time limit, so that polling or a loop that never yields fails in seconds
 * instead of hanging. Each failure names the rule of the statement (homework/README.md) it breaks.
 */
class HomeworkTest {

    @Test
    void awaitTaskReturnsTheAwaitedTasksResult() {
        Object answer = VisibleRun.run(() -> {
            int tid = createTask(() -> {
                sleep(0.1);
                return 42;
            });
            return awaitTask(tid);
        });
        assertThat(answer).withFailMessage("awaitTask must return the awaited task's result (42, passed with"
                + " send); it returned %s", shown(answer)).isEqualTo(42);
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
        assertThat(at).withFailMessage("awaitTask must return once the awaited task has finished, at t = 0.25"
                + " (it sleeps 0.25 s); it returned at t = %s", at).isEqualTo(0.25);
    }

    @Test
    void awaitTaskParksTheTaskInsteadOfPolling() {
        int[] resumed = {0};
        Instrument countMainsSteps = new Instrument() {
            @Override
            public void beforeStep(Task task) {
                if (task.tid() == 1) {
                    resumed[0]++;
                }
            }
        };
        VisibleRun.run(() -> {
            int tid = createTask(() -> {
                sleep(1.0);
                return null;
            });
            return awaitTask(tid);
        }, countMainsSteps);
        assertThat(resumed[0]).withFailMessage("awaitTask must park the waiting task until the awaited task has"
                + " finished (no polling): main should run twice, once to start and once when the task it awaits"
                + " finishes, but it was resumed %d times while that task slept 1 s", resumed[0]).isLessThanOrEqualTo(2);
    }

    @Test
    void gatherReturnsResultsInArgumentOrder() {
        List<String> results = VisibleRun.run(() -> gather(
                () -> readFile("a.txt", 0.2),
                () -> readFile("b.txt", 0.1),
                () -> readFile("c.txt", 0.3)));
        assertThat(results).withFailMessage("gather must return the results in argument order (a.txt, b.txt,"
                        + " c.txt), not in the order the tasks finish (b.txt first); it returned %s", shown(results))
                .containsExactly("contents of a.txt", "contents of b.txt", "contents of c.txt");
    }

    @Test
    void gatherReturnsAJdkListThatHoldsItsElements() {
        List<Integer> results = VisibleRun.run(() -> gather(() -> 1, () -> 2));
        assertThat(JdkLists.holdsItsElements(results)).withFailMessage("gather must return one of the JDK's lists that"
                + " hold their elements (ArrayList, Arrays.asList, List.of, Stream.toList()...), not a List class of"
                + " your own nor a view over another list (Collections.unmodifiableList, subList, reversed()): the"
                + " grader reads no other list; it returned a %s", results == null ? null : results.getClass().getName())
                .isTrue();
    }

    @Test
    void gatherRunsTheTasksConcurrently() {
        double at = VisibleRun.run(() -> {
            gather(() -> readFile("a.txt", 0.2), () -> readFile("b.txt", 0.1), () -> readFile("c.txt", 0.3));
            return now();
        });
        assertThat(at).withFailMessage("gather must run every body as its own task, concurrently: reads of 0.2,"
                + " 0.1 and 0.3 s end at t = 0.3 (the longest), not 0.6 (one after another); it returned at t = %s",
                at).isEqualTo(0.3);
    }

    @Test
    void awaitingAFailedTaskRethrowsItsException() {
        Object[] returned = {null};
        Throwable thrown = catchThrowable(() -> VisibleRun.run(() -> {
            int tid = createTask(() -> {
                sleep(0.1);
                throw new IllegalStateException("disk on fire");
            });
            returned[0] = awaitTask(tid);
            return returned[0];
        }));
        NotImplementedYet missing = NotImplementedYet.findIn(thrown);
        if (missing != null) {
            throw missing; // say what to write, rather than "wrong exception"
        }
        if (thrown instanceof AssertionError limit) {
            throw limit; // the step budget or the time limit ran out: its message is the reason
        }
        if (thrown == null) {
            fail("awaitTask must raise the awaited task's exception (IllegalStateException: disk on fire) in the"
                    + " waiting task; it returned " + shown(returned[0]));
        }
        if (!(thrown instanceof IllegalStateException) || !"disk on fire".equals(thrown.getMessage())) {
            fail("awaitTask must raise the awaited task's own exception, unchanged (IllegalStateException: disk on"
                    + " fire); it raised " + thrown);
        }
    }

    @Test
    void gatherThrowsTheFailureOfTheFirstBodyInArgumentOrder() {
        IllegalStateException first = new IllegalStateException("the first body failed, after 0.3 s");
        IllegalStateException second = new IllegalStateException("the second body failed, after 0.1 s");
        Throwable[] thrown = {null};
        Throwable outside = catchThrowable(() -> VisibleRun.run(() -> {
            int[] secondTid = {0};
            try {
                gather(() -> {
                    sleep(0.3);
                    throw first;
                }, () -> {
                    secondTid[0] = Scheduler.current().currentTask().tid();
                    sleep(0.1);
                    throw second;
                });
            } catch (RuntimeException e) {
                if (NotImplementedYet.findIn(e) != null) {
                    throw e;
                }
                thrown[0] = e;
                awaitQuietly(secondTid[0]); // its failure retrieved too: nothing is reported as lost
            }
            return null;
        }));
        NotImplementedYet missing = NotImplementedYet.findIn(outside);
        if (missing != null) {
            throw missing;
        }
        if (outside instanceof AssertionError limit) {
            throw limit;
        }
        if (thrown[0] != first) {
            fail("gather must throw the failure of the first body in argument order that fails (" + first
                    + "), not the first to fail in time (" + second + "); it " + (thrown[0] == null ? "threw nothing"
                    : "threw " + thrown[0]));
        }
    }

    private static void awaitQuietly(int tid) {
        try {
            if (tid != 0) {
                awaitTask(tid);
            }
        } catch (RuntimeException e) {
            // the second body's own failure: this test only asks which one gather threw
        }
    }

    @Test
    void homeworkRunUsesTheHomeworkScheduler() {
        List<Integer> results = VisibleRun.runMakingItsOwn(() -> Homework.run(() -> gather(() -> 1, () -> 2)));
        assertThat(results).withFailMessage("Homework.run(main) must run main on a HomeworkScheduler, where gather"
                + " works: gather(() -> 1, () -> 2) must return [1, 2]; it returned %s", shown(results))
                .containsExactly(1, 2);
    }

    private static String readFile(String name, double delay) {
        sleep(delay);
        return "contents of " + name;
    }

    /** A value as the failure shows it: a string in quotes, so that "null" and null differ. */
    private static String shown(Object value) {
        return value instanceof String s ? '"' + s + '"' : String.valueOf(value);
    }
}
