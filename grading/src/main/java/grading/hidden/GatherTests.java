package grading.hidden;

import static homework.Homework.awaitTask;
import static homework.Homework.gather;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import miniasyncio.Scheduler;

/** gather: argument order, concurrency and exact timing, failures, nesting. */
public class GatherTests {

    public static final List<String> ORDER = List.of("argumentOrder", "concurrentTiming", "sequentialAwaits",
            "firstFailure", "failureInArgumentOrder", "nested", "gatherOfNothing", "nullResultsKept");

    /** The file contents of the lecture's example, as tokens: one per name, made fresh for each test. */
    private final Map<String, Token> files = new HashMap<>();

    Token contents(String name) {
        return files.computeIfAbsent(name, n -> new Token("reading " + n));
    }

    Token readFile(String name, double delay) {
        sleep(delay);
        return contents(name);
    }

    @Graded(name = "gather returns results in argument order, not in the order tasks finish", points = 8,
            visibility = Visibility.VISIBLE)
    public void argumentOrder() {
        Fixture f = Fixture.create();
        Token d = new Token("d, at once");
        List<Object> results = f.run(() -> gather(
                () -> readFile("a.txt", 0.2),
                () -> readFile("b.txt", 0.1),
                () -> readFile("c.txt", 0.3),
                () -> d));
        Check.equal(results, List.of(contents("a.txt"), contents("b.txt"), contents("c.txt"), d), "gather's results");
        EndMarker.reached();
    }

    @Graded(name = "gather runs its tasks concurrently: reads of 0.2, 0.1 and 0.3 s end at exactly t=0.3",
            points = 8, visibility = Visibility.VISIBLE)
    public void concurrentTiming() {
        Fixture f = Fixture.create();
        double at = f.run(() -> {
            List<Object> results = gather(() -> readFile("a.txt", 0.2), () -> readFile("b.txt", 0.1),
                    () -> readFile("c.txt", 0.3));
            Check.equal(results, List.of(contents("a.txt"), contents("b.txt"), contents("c.txt")), "gather's results");
            return now();
        });
        Check.equal(at, 0.3, "virtual time when gather returned (the longest read, not the sum 0.6)");
        EndMarker.reached();
    }

    @Graded(name = "awaiting tasks one after another adds up: 0.1 + 0.2 + 0.3 s end at t=0.6", points = 4)
    public void sequentialAwaits() {
        Fixture f = Fixture.create();
        double at = f.run(() -> {
            for (double delay : new double[] {0.1, 0.2, 0.3}) {
                int tid = createTask("read " + delay, () -> readFile("x", delay));
                Check.equal(awaitTask(tid), contents("x"), "result of the awaited read");
            }
            return now();
        });
        Check.equal(at, 0.6, "virtual time after three awaits in a row");
        EndMarker.reached();
    }

    @Graded(name = "gather raises the first failure and does not cancel the other tasks", points = 7)
    public void firstFailure() {
        Fixture f = Fixture.create();
        int[] other = new int[1];
        boolean[] otherFinished = new boolean[1];
        IllegalStateException boom = new IllegalStateException("read failed");
        Token answer = new Token("the other task");
        f.run(() -> {
            Throwable e = Check.thrown(() -> gather(
                    () -> {
                        sleep(0.1);
                        throw boom;
                    },
                    () -> {
                        other[0] = Scheduler.current().currentTask().tid();
                        sleep(0.2);
                        otherFinished[0] = true;
                        return answer;
                    }), "gather with a failing task");
            Check.isTrue(e == boom, "gather should raise the failing task's exception, got " + Check.describe(e));
            Check.equal(now(), 0.1, "time when gather raised (when the first task failed)");
            Check.isTrue(!otherFinished[0], "the other task should still be running when gather raises");
            Check.isTrue(other[0] != 0, "when the first task failed, gather's second task had not started yet:"
                    + " gather should create all its tasks before it awaits any, so that they run concurrently");
            Object result = awaitTask(other[0]);
            Check.equal(result, answer, "the other task, awaited after gather failed, returned");
            Check.equal(now(), 0.2, "time when the other task finished");
            return null;
        });
        Check.isTrue(otherFinished[0], "the other task should run to its end, not be cancelled");
        EndMarker.reached();
    }

    /**
     * Which failure gather throws, as the homework states it: the failure of the first body in
     * argument order that fails, once every body before it has returned (the lecture's gather
     * awaits its tasks in argument order). Two runs tell the readings apart: the failing body is
     * the last one (a gather that rethrows only before its next await returns [result, null]),
     * and two bodies fail, the second argument first in time (asyncio's gather would throw that one).
     */
    @Graded(name = "gather throws the failure of the first body in argument order that fails, also when it is"
            + " the last body, not the first to fail in time", points = 3)
    public void failureInArgumentOrder() {
        Fixture f = Fixture.create();
        IllegalStateException last = new IllegalStateException("the last body failed");
        IllegalStateException firstArgument = new IllegalStateException("the first argument failed, after 0.3 s");
        IllegalStateException firstInTime = new IllegalStateException("the second argument failed, after 0.1 s");
        Token answer = new Token("the first body");
        int[] secondTid = new int[1];
        f.run(() -> {
            Throwable e = Check.thrown(() -> gather(
                    () -> readFile(answer, 0.1),
                    () -> fail(last, 0.2)), "gather of a body that returns at t=0.1 and a last body that fails at t=0.2");
            Check.isTrue(e == last, "gather should throw the failure of its last body when that is the only one that"
                    + " fails, got " + Check.describe(e));
            Check.equal(now(), 0.2, "time when gather threw (when its last body failed)");
            Throwable second = Check.thrown(() -> gather(
                    () -> fail(firstArgument, 0.3),
                    () -> {
                        secondTid[0] = Scheduler.current().currentTask().tid();
                        return fail(firstInTime, 0.1);
                    }), "gather of two failing bodies, started at t=0.2");
            Check.isTrue(second == firstArgument, "gather should throw the failure of the first body in argument order"
                    + " that fails (" + Check.describe(firstArgument) + "), not the first to fail in time ("
                    + Check.describe(firstInTime) + "); got " + Check.describe(second));
            Check.equal(now(), 0.5, "time when gather threw (when its first body failed, 0.3 s after it started at"
                    + " t=0.2)");
            Check.isTrue(Check.thrown(() -> awaitTask(secondTid[0]), "awaiting gather's second task") == firstInTime,
                    "gather's second task, awaited after gather threw, should throw its own failure");
            return null;
        });
        EndMarker.reached();
    }

    private static Token readFile(Token contents, double delay) {
        sleep(delay);
        return contents;
    }

    private static Object fail(RuntimeException failure, double delay) {
        sleep(delay);
        throw failure;
    }

    @Graded(name = "gathers nest: a gather of gathers keeps every level in argument order", points = 5)
    public void nested() {
        Fixture f = Fixture.create();
        double[] at = new double[1];
        Token d = new Token("d");
        List<Object> results = f.run(() -> {
            List<Object> r = gather(
                    () -> gather(() -> readFile("a", 0.2), () -> readFile("b", 0.1)),
                    () -> gather(() -> readFile("c", 0.3)),
                    () -> d);
            at[0] = now();
            return r;
        });
        Check.equal(results, List.of(List.of(contents("a"), contents("b")), List.of(contents("c")), d),
                "results of the nested gathers");
        Check.equal(at[0], 0.3, "time when the outer gather returned");
        EndMarker.reached();
    }

    @Graded(name = "gather() of nothing returns an empty list at once (and gather works on after it)", points = 1)
    public void gatherOfNothing() {
        Fixture f = Fixture.create();
        f.run(() -> {
            Check.equal(gather(), List.of(), "gather() with no bodies returned");
            Check.equal(gather(List.<Callable<Object>>of()), List.of(), "gather(an empty list) returned");
            Check.equal(now(), 0.0, "time after gathering nothing (nothing to wait for)");
            Check.equal(gather(() -> readFile("a", 0.1)), List.of(contents("a")), "a gather of one body after them");
            return null;
        });
        EndMarker.reached();
    }

    @Graded(name = "a task that returns null keeps its place in gather's results", points = 2)
    public void nullResultsKept() {
        Fixture f = Fixture.create();
        List<Object> results = f.run(() -> gather(
                () -> null,
                () -> readFile("b", 0.1),
                () -> {
                    sleep(0.2);
                    return null;
                }));
        Check.equal(results, java.util.Arrays.asList(null, contents("b"), null), "gather's results (null, the read, null)");
        EndMarker.reached();
    }
}
