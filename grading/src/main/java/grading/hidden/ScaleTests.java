package grading.hidden;

import static homework.Homework.awaitTask;
import static homework.Homework.gather;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Scale: 10,000 tasks. Work is measured in scheduler steps, not wall time: a task that finishes
 * should cost a constant number of steps, so the budget is linear in the number of tasks. An
 * implementation that wakes every waiter whenever any task finishes needs n*n steps and runs out.
 */
public class ScaleTests {

    public static final List<String> ORDER = List.of("tenThousand");

    static final int N = 10_000;

    @Graded(name = "gather of 10,000 tasks completes, with work linear in the number of tasks", points = 10)
    public void tenThousand() {
        // 1. 10,000 tasks with 100 distinct wake times: results in order, about 3 steps per task.
        Fixture f = Fixture.withBudget(4 * N + 100);
        List<Callable<Integer>> bodies = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            int n = i;
            bodies.add(() -> {
                sleep((n % 100) * 0.001);
                return n;
            });
        }
        List<Integer> results = f.run(() -> gather(bodies));
        Check.equal(results.size(), N, "number of results");
        for (int i = 0; i < N; i++) {
            Check.equal(results.get(i), i, "result " + i);
        }
        // 2. 10,000 tasks each awaiting a child of its own: 10,000 waiters parked at once.
        Fixture g = Fixture.withBudget(6 * N + 100);
        List<Callable<Integer>> parents = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            int n = i;
            parents.add(() -> {
                int child = createTask(() -> {
                    sleep((N - n) * 1e-6);
                    return n;
                });
                int r = awaitTask(child);
                return r;
            });
        }
        List<Integer> nested = g.run(() -> gather(parents));
        Check.equal(nested.size(), N, "number of results with waiting parents");
        Check.equal(nested.get(N - 1), N - 1, "last result with waiting parents");
        Check.atMost(g.steps(), 6L * N, "scheduler steps for 10,000 parents each awaiting a child");
    }
}
