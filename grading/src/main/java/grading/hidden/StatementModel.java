package grading.hidden;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the homework's statement says a {@link Scenario} does: for every await and gather, when it
 * completes and with what (the very object, or the very exception), which tasks never finish,
 * and which of them form the cycles a deadlock message names.
 * Nothing here runs the submission; it is the statement's bullets ("The semantics" of
 * homework/README.md) written as a computation, each step naming the bullet it follows.
 *
 * <p>Times are exact: on the virtual clock only sleeps move time, so a task's times follow from
 * its own sleeps and the finishing times of what it awaits, whatever order the scheduler runs the
 * tasks of one instant in. Times are counted in {@link Scenario#TICK}s.
 */
final class StatementModel {

    /** How something ended: the value it returned, or the exception it threw. */
    record ModelOutcome(boolean threw, Object object) {
    }

    /** When an await, a gather or a script completes ({@code at}, in ticks) and how. */
    record ModelCompletion(long at, ModelOutcome outcome) {
    }

    /** "path#op" of every await and gather that completes, with how; absent when it never completes. */
    final Map<String, ModelCompletion> ops = new HashMap<>();
    /** Top-level tasks that never finish. */
    final Set<Integer> stuck = new LinkedHashSet<>();
    /** The cycles of tasks awaiting each other (disjoint: a task waits on one task at a time). */
    final List<Set<Integer>> cycles = new ArrayList<>();

    private final Scenario scenario;
    private final Map<String, Object> made;
    private final Map<Integer, ModelCompletion> finished = new HashMap<>();
    private final List<Integer> evaluating = new ArrayList<>();

    /**
     * @param made what each script's end returns or throws, by path (made by {@link ScenarioRun}
     *             before the run, so that the model and the run speak of the very same objects)
     */
    StatementModel(Scenario scenario, Map<String, Object> made) {
        this.scenario = scenario;
        this.made = made;
        for (int i = 0; i < scenario.tasks().size(); i++) {
            task(i);
        }
    }

    boolean deadlocks() {
        return !stuck.isEmpty();
    }

    static String key(String path, int op) {
        return path + "#" + op;
    }

    /** Top-level task {@code i}'s end, or null when it never finishes. */
    private ModelCompletion task(int i) {
        if (finished.containsKey(i)) {
            return finished.get(i);
        }
        int at = evaluating.indexOf(i);
        if (at >= 0) {
            // "Tasks that await each other in a cycle": i is on the chain of awaits that led back to it.
            cycles.add(new LinkedHashSet<>(evaluating.subList(at, evaluating.size())));
            return null;
        }
        evaluating.add(i);
        ModelCompletion end = script(Integer.toString(i), scenario.tasks().get(i), 0);
        evaluating.remove(evaluating.size() - 1);
        finished.put(i, end);
        if (end == null) {
            stuck.add(i);
        }
        return end;
    }

    /** Runs a script from tick {@code t}: its end, or null when it waits for ever. */
    private ModelCompletion script(String path, Scenario.TaskScript s, long t) {
        for (int op = 0; op < s.ops().size(); op++) {
            String key = key(path, op);
            switch (s.ops().get(op)) {
                case Scenario.SleepOp sleep -> t += sleep.ticks();
                case Scenario.AwaitOp await -> {
                    ModelCompletion target = task(await.target());
                    if (target == null) {
                        return null; // "the scheduler parks the task": nothing wakes it
                    }
                    // "Awaiting a task that already finished returns its result at once", else when it finishes;
                    // "returns the very object" / "its exception is thrown in the waiter"
                    t = Math.max(t, target.at());
                    ops.put(key, new ModelCompletion(t, target.outcome()));
                }
                case Scenario.GatherOp g -> {
                    ModelCompletion gathered = gather(path, op, g, t);
                    ops.put(key, gathered);
                    t = gathered.at();
                }
            }
        }
        Object object = made.get(path);
        ModelCompletion end = new ModelCompletion(t, new ModelOutcome(s.end().fails(), object));
        return end;
    }

    /**
     * "runs every body as its own task, concurrently": every body starts at t; it "returns their
     * results ... in argument order", or "throws the failure of the first body in argument order
     * that fails ... once it has failed and every body before it has returned".
     */
    private ModelCompletion gather(String path, int op, Scenario.GatherOp g, long t) {
        List<ModelCompletion> bodies = new ArrayList<>();
        for (int b = 0; b < g.bodies().size(); b++) {
            bodies.add(script(Scenario.bodyPath(path, op, b), g.bodies().get(b), t));
        }
        long at = t;
        List<Object> values = new ArrayList<>();
        for (ModelCompletion body : bodies) {
            at = Math.max(at, body.at());
            if (body.outcome().threw()) {
                return new ModelCompletion(at, body.outcome());
            }
            values.add(body.outcome().object());
        }
        return new ModelCompletion(at, new ModelOutcome(false, values));
    }
}
