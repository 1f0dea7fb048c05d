package grading.hidden;

import static homework.Homework.awaitTask;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;

/** Clear errors: unknown tids, awaiting yourself, cycles of tasks awaiting each other; closing parked tasks. */
public class ErrorTests {

    public static final List<String> ORDER = List.of("unknownTid", "awaitSelf", "deadlockCycle", "deadlockLongCycle",
            "parkedTasksClosed");

    @Graded(name = "awaiting a tid that no task has (a tid never handed out, 0, or negative) is a clear error in"
            + " the caller", points = 4)
    public void unknownTid() {
        Fixture f = Fixture.create();
        f.run(() -> {
            createTask("some task", () -> 1);
            for (int tid : new int[] {123_456_789, 0, -1, -7}) {
                Throwable e = Check.thrown(() -> awaitTask(tid), "awaitTask(" + tid + ") with no such task");
                Check.isTrue(e instanceof IllegalArgumentException, "awaitTask(" + tid + ") should fail at once in"
                        + " the caller with an IllegalArgumentException, got " + Check.describe(e));
                Check.isTrue(namesTid(Check.givenMessage(e), tid), "the error should name the tid " + tid + ", got "
                        + Check.describe(e));
            }
            sleep(0.1); // the task still works afterwards
            return null;
        });
        EndMarker.reached();
    }

    @Graded(name = "a task awaiting itself is a clear error instead of waiting forever", points = 4)
    public void awaitSelf() {
        Fixture f = Fixture.create();
        f.run(() -> {
            int self = Scheduler.current().currentTask().tid();
            Throwable e = Check.thrown(() -> awaitTask(self), "a task awaiting its own tid");
            Check.isTrue(e instanceof IllegalArgumentException,
                    "awaiting yourself should fail at once in the caller with an IllegalArgumentException, got "
                            + Check.describe(e));
            Check.isTrue(namesTid(Check.givenMessage(e), self),
                    "the error should name the tid " + self + ", got " + Check.describe(e));
            sleep(0.1); // the task still works afterwards
            return null;
        });
        EndMarker.reached();
    }

    /**
     * The rule for a deadlock message, as the homework states it: it names every task of the cycle,
     * each by its tid and its name, and no other task. The wording, the separators and the task
     * the cycle starts from are the student's. "Names a tid" means the tid appears as a number of
     * its own (24 is not found in 124 or 2.4); the tasks get tids above 20 (earlier tasks take the
     * small ones) so that a count like "2 tasks" is never taken for a tid.
     */
    @Graded(name = "tasks awaiting each other in a cycle end in a deadlock error that names the cycle (each"
            + " task's tid and name) and no task outside it", points = 6)
    public void deadlockCycle() {
        Fixture f = Fixture.create();
        Map<String, Integer> tids = new LinkedHashMap<>();
        Throwable e = f.runExpectingFailure(() -> {
            for (int i = 0; i < 20; i++) {
                createTask("earlier " + i, () -> null);
            }
            sleep(0.1); // they finish
            // delta awaits gamma awaits alpha; alpha and beta await each other: the cycle.
            tids.put("delta", createTask("delta", () -> awaitTask(tids.get("gamma"))));
            tids.put("gamma", createTask("gamma", () -> awaitTask(tids.get("alpha"))));
            tids.put("alpha", createTask("alpha", () -> awaitTask(tids.get("beta"))));
            tids.put("beta", createTask("beta", () -> awaitTask(tids.get("alpha"))));
            sleep(0.1);
            return null;
        }, "a run where alpha and beta await each other, gamma awaits alpha and delta awaits gamma");
        Check.isTrue(e instanceof DeadlockException,
                "expected a miniasyncio.DeadlockException from run(), got " + Check.describe(e));
        Check.isTrue(f.mainFinished(), "the main task should have finished before the deadlock, got "
                + Check.describe(e));
        String message = Check.givenMessage(e);
        String cycle = "task " + tids.get("alpha") + " (alpha) and task " + tids.get("beta") + " (beta)";
        namesOnly(message, tids, List.of("alpha", "beta"), List.of("gamma", "delta"), cycle);
        EndMarker.reached();
    }

    /**
     * The same rule on a longer cycle, with a task that parks on the cycle after it formed:
     * alpha awaits beta awaits gamma awaits alpha (three tasks), delta awaited alpha before the
     * cycle closed, and epsilon parks on gamma last, after a sleep. A walk that starts from the
     * task that parked last, or that only looks for two tasks awaiting each other, names the wrong
     * tasks or none.
     */
    @Graded(name = "a longer cycle (three tasks) is named too, and a task that parks on it later is not", points = 3)
    public void deadlockLongCycle() {
        Fixture f = Fixture.create();
        Map<String, Integer> tids = new LinkedHashMap<>();
        Throwable e = f.runExpectingFailure(() -> {
            for (int i = 0; i < 30; i++) {
                createTask("earlier " + i, () -> null);
            }
            sleep(0.1); // they finish
            tids.put("delta", createTask("delta", () -> awaitTask(tids.get("alpha"))));
            tids.put("alpha", createTask("alpha", () -> awaitTask(tids.get("beta"))));
            tids.put("beta", createTask("beta", () -> awaitTask(tids.get("gamma"))));
            tids.put("gamma", createTask("gamma", () -> awaitTask(tids.get("alpha"))));
            tids.put("epsilon", createTask("epsilon", () -> {
                sleep(0.2); // the cycle has formed by now
                return awaitTask(tids.get("gamma"));
            }));
            sleep(0.1);
            return null;
        }, "a run where alpha, beta and gamma await each other in a cycle, delta awaits alpha, and epsilon"
                + " awaits gamma after a sleep");
        Check.isTrue(e instanceof DeadlockException,
                "expected a miniasyncio.DeadlockException from run(), got " + Check.describe(e));
        String cycle = "task " + tids.get("alpha") + " (alpha), task " + tids.get("beta") + " (beta) and task "
                + tids.get("gamma") + " (gamma)";
        namesOnly(Check.givenMessage(e), tids, List.of("alpha", "beta", "gamma"), List.of("delta", "epsilon"), cycle);
        EndMarker.reached();
    }

    private static void namesOnly(String message, Map<String, Integer> tids, List<String> named, List<String> notNamed,
                                  String cycle) {
        for (String name : named) {
            Check.isTrue(message.contains(name) && namesTid(message, tids.get(name)), "the deadlock message should"
                    + " name task " + tids.get(name) + " (" + name + "): its tid and its name; the cycle is " + cycle
                    + ". The message was: " + message);
        }
        for (String name : notNamed) {
            Check.isTrue(!message.contains(name) && !namesTid(message, tids.get(name)), "the deadlock message should"
                    + " name only the tasks of the cycle (" + cycle + "), but it also names task " + tids.get(name)
                    + " (" + name + "), which waits on the cycle but is not part of it. The message was: " + message);
        }
    }

    /** Whether {@code tid} appears in {@code message} as a number of its own. */
    static boolean namesTid(String message, int tid) {
        return Pattern.compile("(?<![0-9.])" + tid + "(?![0-9]|\\.[0-9])").matcher(message).find();
    }

    @Graded(name = "when a run ends early, tasks still waiting in awaitTask are closed: their finally blocks run",
            points = 3)
    public void parkedTasksClosed() {
        // 1. A deadlock: alpha and beta await each other, gamma awaits alpha.
        Fixture f = Fixture.create();
        Set<String> closed = new TreeSet<>();
        int[] tids = new int[2];
        Throwable e = f.runExpectingFailure(() -> {
            tids[0] = createTask("alpha", () -> awaitClosing(closed, "alpha", tids[1]));
            tids[1] = createTask("beta", () -> awaitClosing(closed, "beta", tids[0]));
            createTask("gamma", () -> awaitClosing(closed, "gamma", tids[0]));
            sleep(0.1);
            return null;
        }, "a run where alpha and beta await each other and gamma awaits alpha");
        Check.isTrue(e instanceof DeadlockException,
                "expected a miniasyncio.DeadlockException from run(), got " + Check.describe(e));
        Check.isTrue(f.mainFinished(), "the main task should have finished before the deadlock, got "
                + Check.describe(e));
        Check.equal(List.copyOf(closed), List.of("alpha", "beta", "gamma"), "tasks whose finally blocks ran after the deadlock"
                + " (the three tasks waiting in awaitTask should be closed, so that their finally blocks run)");

        // 2. setEndWithMain(true), asyncio.run's ending: once main returns, the tasks left are closed.
        Fixture g = Fixture.create();
        g.scheduler.settings().setEndWithMain(true);
        Set<String> closedAtEnd = new TreeSet<>();
        g.run(() -> {
            int slow = createTask("slow", () -> {
                try {
                    sleep(10);
                } finally {
                    closedAtEnd.add("slow");
                }
                return null;
            });
            createTask("waiter 1", () -> awaitClosing(closedAtEnd, "waiter 1", slow));
            createTask("waiter 2", () -> awaitClosing(closedAtEnd, "waiter 2", slow));
            sleep(0.1);
            return null;
        });
        Check.equal(List.copyOf(closedAtEnd), List.of("slow", "waiter 1", "waiter 2"), "tasks whose finally blocks ran when a"
                + " run with setEndWithMain(true) ended with main (a sleeping task and two tasks awaiting it)");
        EndMarker.reached();
    }

    private static Object awaitClosing(Set<String> closed, String name, int tid) {
        try {
            return awaitTask(tid);
        } finally {
            closed.add(name);
        }
    }
}
