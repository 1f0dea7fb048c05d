package grading.hidden;

import static homework.Homework.awaitTask;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.ArrayList;
import java.util.List;
import miniasyncio.Scheduler;

/** awaitTask: results, failures, several waiters, no polling. */
public class AwaitTaskTests {

    public static final List<String> ORDER = List.of("returnsResult", "alreadyFinished", "severalWaiters",
            "waitersResumeInOrder", "failureRethrown", "failureReachesEveryWaiter", "finishedFailureRetrieved", "noPolling",
            "tasksCreatedByOtherTasks");

    @Graded(name = "awaitTask returns the awaited task's result, when it finishes", points = 5,
            visibility = Visibility.VISIBLE)
    public void returnsResult() {
        Fixture f = Fixture.create();
        double[] at = new double[1];
        Token done = new Token("the worker");
        Object result = f.run(() -> {
            int tid = createTask("worker", () -> {
                sleep(0.25);
                return done;
            });
            Object r = awaitTask(tid);
            at[0] = now();
            return r;
        });
        Check.equal(result, done, "awaitTask(tid) returned");
        Check.equal(at[0], 0.25, "time when awaitTask returned (the task sleeps 0.25 s)");
        EndMarker.reached();
    }

    @Graded(name = "awaiting a task that already finished returns its result at once", points = 5)
    public void alreadyFinished() {
        Fixture f = Fixture.create();
        Token seven = new Token("the quick task");
        f.run(() -> {
            int tid = createTask("quick", () -> seven);
            sleep(0.1); // the task has finished meanwhile
            Check.equal(awaitTask(tid), seven, "awaiting a finished task returned");
            Check.equal(awaitTask(tid), seven, "awaiting the same finished task a second time returned");
            Check.equal(now(), 0.1, "time after awaiting a finished task (no waiting expected)");
            return null;
        });
        EndMarker.reached();
    }

    @Graded(name = "several tasks awaiting one task all get its result", points = 6)
    public void severalWaiters() {
        Fixture f = Fixture.create();
        List<Object> got = new ArrayList<>();
        Token shared = new Token("the target");
        try {
            f.run(() -> {
                int target = createTask("target", () -> {
                    sleep(0.2);
                    return shared;
                });
                for (int i = 0; i < 3; i++) {
                    createTask("waiter " + i, () -> got.add(awaitTask(target)));
                }
                return null;
            });
        } catch (AssertionError e) {
            if (got.size() < 3) {
                throw new AssertionError("only " + got.size() + " of 3 waiters got the result; " + Check.message(e));
            }
            throw e;
        }
        Check.equal(got, List.of(shared, shared, shared), "results received by the 3 waiters");
        EndMarker.reached();
    }

    @Graded(name = "tasks awaiting the same task resume in the order they started waiting", points = 3)
    public void waitersResumeInOrder() {
        Fixture f = Fixture.create();
        List<String> resumed = new ArrayList<>();
        Token done = new Token("the target");
        f.run(() -> {
            int target = createTask("target", () -> {
                sleep(1.0);
                return done;
            });
            // Created A, B, C, D; they start waiting in the order B, D, A, C (after sleeping 0.1 to 0.4 s).
            double[] waitFirst = {0.3, 0.1, 0.4, 0.2};
            List<Integer> waiters = new ArrayList<>();
            for (int i = 0; i < waitFirst.length; i++) {
                String name = "waiter " + (char) ('A' + i);
                double delay = waitFirst[i];
                waiters.add(createTask(name, () -> {
                    sleep(delay);
                    Check.equal(awaitTask(target), done, name + "'s awaitTask(target) returned");
                    Check.equal(now(), 1.0, "time when " + name + " resumed (its task finishes at t=1.0)");
                    resumed.add(name);
                    return null;
                }));
            }
            for (int waiter : waiters) {
                awaitTask(waiter);
            }
            return null;
        });
        Check.equal(resumed, List.of("waiter B", "waiter D", "waiter A", "waiter C"),
                "the order the four waiters resumed in, when their task finished (they started waiting in the"
                        + " order B, D, A, C)");
        EndMarker.reached();
    }

    @Graded(name = "awaiting a task that failed rethrows its exception in the waiter", points = 8,
            visibility = Visibility.VISIBLE)
    public void failureRethrown() {
        Fixture f = Fixture.create();
        IllegalStateException boom = new IllegalStateException("disk on fire");
        f.run(() -> {
            int tid = createTask("failing", () -> {
                sleep(0.1);
                throw boom;
            });
            Throwable caught = Check.thrown(() -> awaitTask(tid), "awaiting a task that fails");
            Check.isTrue(caught == boom, "the waiter should get the task's own exception ("
                    + Check.describe(boom) + "), got " + Check.describe(caught));
            Check.equal(now(), 0.1, "time when the failure reached the waiter");
            Throwable again = Check.thrown(() -> awaitTask(tid), "awaiting the failed task once more");
            Check.isTrue(again == boom, "awaiting a task that already failed should rethrow its exception, got "
                    + Check.describe(again));
            return null;
        });
        EndMarker.reached();
    }

    @Graded(name = "a failure reaches every waiter and counts as retrieved", points = 2)
    public void failureReachesEveryWaiter() {
        Fixture f = Fixture.create();
        List<Object> caught = new ArrayList<>();
        IllegalArgumentException bad = new IllegalArgumentException("bad input");
        f.run(() -> {
            int tid = createTask("failing", () -> {
                sleep(0.1);
                throw bad;
            });
            int w1 = createTask("waiter 1", () -> catchInto(caught, tid));
            int w2 = createTask("waiter 2", () -> catchInto(caught, tid));
            awaitTask(w1);
            awaitTask(w2);
            Check.isTrue(caught.size() == 2 && caught.get(0) == bad && caught.get(1) == bad, "each of the two waiters"
                    + " should catch the failing task's own exception (" + Check.describe(bad) + "); they caught "
                    + caught.size() + " exception(s), " + caught.stream().filter(c -> c == bad).count() + " of them that one");
            Check.equal(Scheduler.current().view().unretrievedFailures().size(), 0,
                    "failures still marked as never retrieved after the waiters got them (use takeResult)");
            return null;
        });
        EndMarker.reached();
    }

    /**
     * "The failure counts as retrieved" on the other path: the task failed before anybody awaited
     * it, so the waiter takes its result from the results, not from finishTask (resultOf there
     * leaves it to be reported as never retrieved).
     */
    @Graded(name = "awaiting a task that had already failed rethrows its exception and counts it as retrieved",
            points = 2)
    public void finishedFailureRetrieved() {
        Fixture f = Fixture.create();
        IllegalStateException boom = new IllegalStateException("failed before anybody waited");
        f.run(() -> {
            int tid = createTask("failing", () -> {
                sleep(0.1);
                throw boom;
            });
            sleep(0.2); // it has failed by now, with nobody awaiting it
            Check.isTrue(Scheduler.current().view().unretrievedFailures().size() == 1, "a task that failed with nobody"
                    + " awaiting it should count as not retrieved until a task awaits it (take a result in finishTask"
                    + " only for a task that somebody awaits)");
            Throwable caught = Check.thrown(() -> awaitTask(tid), "awaiting a task that had already failed");
            Check.isTrue(caught == boom, "the waiter should get the task's own exception (" + Check.describe(boom)
                    + "), got " + Check.describe(caught));
            Check.equal(Scheduler.current().view().unretrievedFailures().size(), 0,
                    "failures still marked as never retrieved after a task awaited the failed task (take its result"
                            + " with takeResult, as when it fails while awaited)");
            return null;
        });
        EndMarker.reached();
    }

    private static Object catchInto(List<Object> caught, int tid) {
        try {
            awaitTask(tid);
        } catch (IllegalArgumentException e) {
            caught.add(e);
        }
        return null;
    }

    @Graded(name = "a waiting task is not resumed until its task finishes (no polling)", points = 8)
    public void noPolling() {
        Fixture f = Fixture.withBudget(1_000);
        int[] waiter = new int[1];
        Object[] got = new Object[1];
        Token late = new Token("the slow task");
        f.run(() -> {
            int slow = createTask("slow", () -> {
                sleep(1000);
                return late;
            });
            waiter[0] = createTask("waiter", () -> got[0] = awaitTask(slow));
            return null;
        });
        Check.equal(got[0], late, "what awaitTask returned to the waiter");
        Check.equal(f.stepsOf(waiter[0]), 2,
                "times the waiter was run (once to start and yield AwaitTask, once when its task finished)");
        Check.equal(f.scheduler.now(), 1000.0, "virtual time at the end");
        EndMarker.reached();
    }

    @Graded(name = "tasks can await tasks that other tasks created", points = 4)
    public void tasksCreatedByOtherTasks() {
        Fixture f = Fixture.create();
        Token fromChild = new Token("the child");
        Token fromSibling = new Token("the sibling");
        int[] childTid = new int[1];
        Object result = f.run(() -> {
            int parent = createTask("parent", () -> childTid[0] = createTask("child", () -> {
                sleep(0.1);
                return fromChild;
            }));
            Object returned = awaitTask(parent);
            Check.equal(returned, childTid[0], "awaiting a task whose body returns the tid of a task it created"
                    + " should return that tid");
            int sibling = createTask("sibling", () -> {
                Check.equal(awaitTask(childTid[0]), fromChild, "what the sibling's awaitTask(child) returned");
                return fromSibling;
            });
            Check.equal(awaitTask(childTid[0]), fromChild, "result of the task created by another task");
            return awaitTask(sibling);
        });
        Check.equal(result, fromSibling, "result of a task awaiting its sibling");
        Check.equal(f.scheduler.now(), 0.1, "time at the end");
        EndMarker.reached();
    }
}
