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
            "waitersResumeInOrder", "failureRethrown", "failureReachesEveryWaiter", "noPolling",
            "tasksCreatedByOtherTasks");

    @Graded(name = "awaitTask returns the awaited task's result, when it finishes", points = 5,
            visibility = Visibility.VISIBLE)
    public void returnsResult() {
        Fixture f = Fixture.create();
        double[] at = new double[1];
        Object result = f.run(() -> {
            int tid = createTask("worker", () -> {
                sleep(0.25);
                return "done";
            });
            Object r = awaitTask(tid);
            at[0] = now();
            return r;
        });
        Check.equal(result, "done", "awaitTask(tid) returned");
        Check.equal(at[0], 0.25, "time when awaitTask returned (the task sleeps 0.25 s)");
    }

    @Graded(name = "awaiting a task that already finished returns its result at once", points = 5)
    public void alreadyFinished() {
        Fixture f = Fixture.create();
        f.run(() -> {
            int tid = createTask("quick", () -> 7);
            sleep(0.1); // the task has finished meanwhile
            Check.equal((Object) awaitTask(tid), 7, "awaiting a finished task returned");
            Check.equal((Object) awaitTask(tid), 7, "awaiting the same finished task a second time returned");
            Check.equal(now(), 0.1, "time after awaiting a finished task (no waiting expected)");
            return null;
        });
    }

    @Graded(name = "several tasks awaiting one task all get its result", points = 6)
    public void severalWaiters() {
        Fixture f = Fixture.create();
        List<Object> got = new ArrayList<>();
        try {
            f.run(() -> {
                int target = createTask("target", () -> {
                    sleep(0.2);
                    return "shared";
                });
                for (int i = 0; i < 3; i++) {
                    createTask("waiter " + i, () -> got.add(awaitTask(target)));
                }
                return null;
            });
        } catch (AssertionError e) {
            if (got.size() < 3) {
                throw new AssertionError("only " + got.size() + " of 3 waiters got the result; " + e.getMessage());
            }
            throw e;
        }
        Check.equal(got, List.of("shared", "shared", "shared"), "results received by the 3 waiters");
    }

    @Graded(name = "tasks awaiting the same task resume in the order they started waiting", points = 3)
    public void waitersResumeInOrder() {
        Fixture f = Fixture.create();
        List<String> resumed = new ArrayList<>();
        f.run(() -> {
            int target = createTask("target", () -> {
                sleep(1.0);
                return "done";
            });
            // Created A, B, C, D; they start waiting in the order B, D, A, C (after sleeping 0.1 to 0.4 s).
            double[] waitFirst = {0.3, 0.1, 0.4, 0.2};
            List<Integer> waiters = new ArrayList<>();
            for (int i = 0; i < waitFirst.length; i++) {
                String name = "waiter " + (char) ('A' + i);
                double delay = waitFirst[i];
                waiters.add(createTask(name, () -> {
                    sleep(delay);
                    awaitTask(target);
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
    }

    @Graded(name = "a failure reaches every waiter and counts as retrieved", points = 2)
    public void failureReachesEveryWaiter() {
        Fixture f = Fixture.create();
        List<String> caught = new ArrayList<>();
        f.run(() -> {
            int tid = createTask("failing", () -> {
                sleep(0.1);
                throw new IllegalArgumentException("bad input");
            });
            int w1 = createTask("waiter 1", () -> catchInto(caught, tid));
            int w2 = createTask("waiter 2", () -> catchInto(caught, tid));
            awaitTask(w1);
            awaitTask(w2);
            Check.equal(caught, List.of("bad input", "bad input"), "messages of the exceptions the two waiters caught");
            Check.equal(Scheduler.current().unretrievedFailures().size(), 0,
                    "failures still marked as never retrieved after the waiters got them (use takeResult)");
            return null;
        });
    }

    private static Object catchInto(List<String> caught, int tid) {
        try {
            awaitTask(tid);
        } catch (IllegalArgumentException e) {
            caught.add(e.getMessage());
        }
        return null;
    }

    @Graded(name = "a waiting task is not resumed until its task finishes (no polling)", points = 8)
    public void noPolling() {
        Fixture f = Fixture.withBudget(1_000);
        int[] waiter = new int[1];
        Object[] got = new Object[1];
        f.run(() -> {
            int slow = createTask("slow", () -> {
                sleep(1000);
                return "late";
            });
            waiter[0] = createTask("waiter", () -> got[0] = awaitTask(slow));
            return null;
        });
        Check.equal(got[0], "late", "what awaitTask returned to the waiter");
        Check.equal(f.stepsOf(waiter[0]), 2,
                "times the waiter was run (once to start and yield AwaitTask, once when its task finished)");
        Check.equal(f.scheduler.now(), 1000.0, "virtual time at the end");
    }

    @Graded(name = "tasks can await tasks that other tasks created", points = 4)
    public void tasksCreatedByOtherTasks() {
        Fixture f = Fixture.create();
        Object result = f.run(() -> {
            int parent = createTask("parent", () -> createTask("child", () -> {
                sleep(0.1);
                return "from child";
            }));
            Object returned = awaitTask(parent);
            Check.isTrue(returned instanceof Integer, "awaiting a task whose body returns the tid of a task it"
                    + " created should return that tid, got " + returned);
            int childTid = (Integer) returned;
            int sibling = createTask("sibling", () -> "sibling saw: " + awaitTask(childTid));
            Object fromChild = awaitTask(childTid);
            Check.equal(fromChild, "from child", "result of the task created by another task");
            return awaitTask(sibling);
        });
        Check.equal(result, "sibling saw: from child", "result of a task awaiting its sibling");
        Check.equal(f.scheduler.now(), 0.1, "time at the end");
    }
}
