package grading.hidden;

import grading.child.Guarded;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import miniasyncio.DeadlockException;
import miniasyncio.Task;

/**
 * The bullets of the statement's "The semantics" that {@link ModelTests} checks on generated
 * scenarios, one per graded test: each compares a run of the submission ({@link ScenarioRun})
 * with the statement's model ({@link StatementModel}) on exactly what its bullet says, and nothing
 * the statement leaves free (wording, the order tids are handed out, a message's length or order).
 * A rule judges only what it can see: an await that never came back is the parking rule's, not
 * the result rule's, so that a mistake costs the points of the rule it breaks.
 */
enum StatementRules {

    VERY_OBJECT("returns the very object") {
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            return awaitsEndingAs(false, model, run, tally);
        }
    },

    THROWN_IN_WAITER("its exception is thrown in the waiter") {
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            return awaitsEndingAs(true, model, run, tally);
        }
    },

    RESUME_ORDER("they resume in the order they started waiting") {
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            Map<String, Integer> endAt = new HashMap<>();
            Map<String, Integer> resumedAt = new HashMap<>();
            for (int i = 0; i < run.events.size(); i++) {
                ScenarioRun.RunEvent e = run.events.get(i);
                if (e.kind() == 'E') {
                    endAt.put(e.key(), i);
                } else if (e.kind() == 'R') {
                    resumedAt.put(e.key(), i);
                }
            }
            // Judged on the awaits that came back with what they should: an order of wrong answers shows nothing.
            Set<String> right = new HashSet<>();
            for (String key : awaits(run)) {
                StatementModel.ModelCompletion expected = model.ops.get(key);
                ScenarioRun.SeenEnd seen = run.seen.get(key);
                if (expected != null && tally.seen(seen != null && resumedAt.containsKey(key)
                        && seen.threw() == expected.outcome().threw() && seen.object() == expected.outcome().object())) {
                    right.add(key);
                }
            }
            // For each task, the awaits that parked on it (started before it ended), in the order they started.
            Map<Integer, List<String>> parked = new HashMap<>();
            for (int i = 0; i < run.events.size(); i++) {
                ScenarioRun.RunEvent e = run.events.get(i);
                if (e.kind() == 'I') {
                    int target = target(run, e.key());
                    Integer end = endAt.get(Integer.toString(target));
                    if (end != null && i < end && right.contains(e.key())) {
                        parked.computeIfAbsent(target, t -> new ArrayList<>()).add(e.key());
                    }
                }
            }
            for (Map.Entry<Integer, List<String>> p : parked.entrySet()) {
                List<String> started = p.getValue();
                List<String> resumed = new ArrayList<>(started);
                resumed.sort((a, b) -> Integer.compare(resumedAt.get(a), resumedAt.get(b)));
                if (!resumed.equals(started)) {
                    String target = Scenario.name(p.getKey());
                    return new RuleViolation("the tasks awaiting " + target + " resume in the order they started waiting: "
                            + waiters(started), "they resumed in the order " + waiters(resumed));
                }
            }
            return null;
        }
    },

    UNRETRIEVED("A failure that no task awaits stays unretrieved") {
        /**
         * Judged on what the run did: a task's failure counts as retrieved when an await of it came
         * back, a body's when its gather threw it (a gather awaits its bodies in argument order, up
         * to the one whose failure it throws); the bodies of a gather that did not end as the
         * statement says are not judged here.
         */
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            if (model.deadlocks() || !tally.seen(run.runFailure == null)) {
                return null; // the run did not end as a run whose failures are reported
            }
            Set<String> ended = new HashSet<>();
            for (ScenarioRun.RunEvent e : run.events) {
                if (e.kind() == 'E') {
                    ended.add(e.key());
                }
            }
            for (String path : run.scenario.paths()) {
                if (!run.scenario.script(path).end().fails() || !ended.contains(path)) {
                    continue;
                }
                boolean top = path.indexOf('/') < 0;
                if (!top && !gatherAsStated(model, run, path)) {
                    continue; // a gather that went wrong otherwise: the gather rules' business
                }
                boolean retrieved = top ? awaitedBack(run, Scenario.taskOf(path)) : thrownByGather(run, path);
                boolean reported = run.reported.contains(path);
                if (!retrieved && !reported) {
                    return new RuleViolation(Scenario.describe(path) + " fails and no task awaits it"
                            + (path.indexOf('/') < 0 ? "" : " (its gather threw another failure first)")
                            + ", so the run reports its failure as never retrieved",
                            "its failure counted as retrieved: it was not reported");
                }
                if (retrieved && reported) {
                    return new RuleViolation(Scenario.describe(path) + "'s failure was retrieved ("
                            + (path.indexOf('/') < 0 ? "a task awaited it" : "its gather threw it")
                            + "), so the run does not report it", "the run reported it as never retrieved (take the"
                            + " result of a task somebody awaits)");
                }
            }
            return null;
        }
    },

    OWN_TASKS("runs every body as its own task") {
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            Set<Integer> topLevel = new HashSet<>();
            for (int tid : run.tids) {
                topLevel.add(tid);
            }
            Map<Task, String> ranBody = new HashMap<>();
            for (String key : gathers(run)) {
                String path = key.substring(0, key.indexOf('#'));
                int op = Integer.parseInt(key.substring(key.indexOf('#') + 1));
                Task caller = run.callers.get(key);
                int count = ((Scenario.GatherOp) run.scenario.script(path).ops().get(op)).bodies().size();
                for (int b = 0; b < count; b++) {
                    String body = Scenario.bodyPath(path, op, b);
                    Task task = run.bodyTasks.get(body);
                    if (task == null) {
                        continue; // judged below if the gather returned
                    }
                    String other = ranBody.putIfAbsent(task, body);
                    if (task == caller || topLevel.contains(task.tid()) || other != null) {
                        return new RuleViolation(Scenario.describe(body) + " runs as a task of its own, created for it",
                                "it ran in " + task + ", " + (task == caller ? "the task that called gather"
                                : other != null ? "the task that ran " + Scenario.describe(other) : "a task of the program's"));
                    }
                }
                StatementModel.ModelCompletion expected = model.ops.get(key);
                ScenarioRun.SeenEnd seen = run.seen.get(key);
                if (expected == null || expected.outcome().threw() || !tally.seen(seen != null)) {
                    continue;
                }
                List<?> values = (List<?>) expected.outcome().object();
                String gather = Scenario.describeGather(path, op);
                String wanted = gather + " returns at t=" + Scenario.seconds(expected.at()) + " (its bodies run"
                        + " concurrently) a list of its bodies' results in argument order, " + list(values);
                if (seen.threw()) {
                    return new RuleViolation(wanted, "it threw " + Check.describe((Throwable) seen.object()));
                }
                if (!Guarded.jdkList(seen.object())) {
                    continue; // a list of another kind: the JDK-list rule's, checked by its own tests
                }
                List<?> got = (List<?>) seen.object();
                boolean same = got.size() == values.size();
                for (int i = 0; same && i < values.size(); i++) {
                    same = got.get(i) == values.get(i);
                }
                if (!same || seen.at() != expected.at()) {
                    return new RuleViolation(wanted, "it returned at t=" + Scenario.seconds(seen.at()) + " " + Check.shown(got));
                }
            }
            return null;
        }
    },

    FIRST_FAILURE("throws the failure of the first body in argument order") {
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            for (String key : gathers(run)) {
                StatementModel.ModelCompletion expected = model.ops.get(key);
                ScenarioRun.SeenEnd seen = run.seen.get(key);
                if (expected == null || !expected.outcome().threw() || !tally.seen(seen != null)) {
                    continue;
                }
                if (!seen.threw() || seen.object() != expected.outcome().object() || seen.at() != expected.at()) {
                    String path = key.substring(0, key.indexOf('#'));
                    return new RuleViolation(Scenario.describeGather(path, Integer.parseInt(key.substring(key.indexOf('#') + 1)))
                            + " throws, at t=" + Scenario.seconds(expected.at()) + ", "
                            + thrown(expected.outcome().object()) + ": the failure of its first body in argument order that"
                            + " fails, once every body before it has returned",
                            "at t=" + Scenario.seconds(seen.at()) + " it " + what(seen));
                }
            }
            return null;
        }
    },

    CYCLE_NAMED("A cycle may have any length") {
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            if (!model.deadlocks()) {
                return null;
            }
            tally.seen(true); // judged whatever the run did
            String cycles = cycles(model);
            String expected = "the run ends with a miniasyncio.DeadlockException whose message names " + cycles
                    + ", each task with its tid and its name, and no other task";
            if (!(run.runFailure instanceof DeadlockException)) {
                return new RuleViolation(expected, run.runFailure == null ? "the run returned"
                        : "the run ended with " + Check.describe(run.runFailure));
            }
            String message = Guarded.givenMessage(run.runFailure);
            if (message == Guarded.OVERRIDDEN || message == null) {
                return new RuleViolation(expected, "its message " + (message == null ? "is empty" : message));
            }
            boolean anyCycle = false;
            Set<Integer> inNamedCycles = new HashSet<>();
            for (Set<Integer> cycle : model.cycles) {
                long named = cycle.stream().filter(t -> names(message, run, t)).count();
                if (named == cycle.size()) {
                    anyCycle = true;
                    inNamedCycles.addAll(cycle);
                } else if (named > 0) {
                    return new RuleViolation(expected, "it names only part of the cycle. The message was: " + message);
                }
            }
            if (!anyCycle) {
                return new RuleViolation(expected, "it names no whole cycle. The message was: " + message);
            }
            for (int t = 0; t < run.tids.length; t++) {
                if (!inNamedCycles.contains(t) && (message.contains(Scenario.name(t))
                        || ErrorTests.namesTid(message, run.tids[t]))) {
                    return new RuleViolation(expected, "it also names task " + run.tids[t] + " (" + Scenario.name(t) + "), "
                            + (model.stuck.contains(t) ? "which waits on a cycle but is not part of it" : "which is not"
                            + " waiting at all") + ". The message was: " + message);
                }
            }
            return null;
        }
    },

    CLOSED("When a run ends early") {
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            if (!model.deadlocks() || !tally.seen(run.runFailure instanceof DeadlockException)) {
                return null;
            }
            if (!run.closed.equals(model.stuck)) {
                return new RuleViolation("when the deadlock ends the run, the tasks still waiting are closed, so that their"
                        + " finally blocks run: " + tasks(model.stuck), "the finally blocks of " + tasks(run.closed) + " ran");
            }
            return null;
        }
    },

    PARKS("the scheduler parks the task") {
        /** Judged against when the awaited task really ended in this run, so that another rule's mistake is not counted here. */
        @Override
        RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally) {
            tally.seen(true); // judged whatever the run did
            Map<String, Long> endedAt = new HashMap<>();
            Map<String, Long> startedAt = new HashMap<>();
            for (ScenarioRun.RunEvent e : run.events) {
                if (e.kind() == 'E') {
                    endedAt.put(e.key(), e.at());
                } else if (e.kind() == 'I') {
                    startedAt.put(e.key(), e.at());
                }
            }
            for (String key : awaits(run)) {
                ScenarioRun.SeenEnd seen = run.seen.get(key);
                Long started = startedAt.get(key);
                Long end = endedAt.get(Integer.toString(target(run, key)));
                if (started == null) {
                    continue; // its task never got there
                }
                if (end == null && seen != null) {
                    return new RuleViolation(awaitOf(run, key) + " comes back only when its task has finished, and that"
                            + " task never finishes", "it came back at t=" + Scenario.seconds(seen.at()));
                }
                if (end != null && (seen == null || seen.at() != Math.max(started, end))) {
                    return new RuleViolation(awaitOf(run, key) + " comes back at t=" + Scenario.seconds(Math.max(started, end))
                            + (end <= started ? ", at once: its task had finished" : ", when its task finishes"),
                            seen == null ? "it never came back" : "it came back at t=" + Scenario.seconds(seen.at()));
                }
            }
            RuleViolation polled = polled(run);
            if (polled != null) {
                return polled;
            }
            if (!model.deadlocks() && run.runFailure != null) {
                return new RuleViolation("the run returns: every task it awaits finishes",
                        "the run ended with " + Check.describe(run.runFailure));
            }
            return null;
        }
    };

    /** The bullet's phrase, as the row of homework/README.md's table of rules that names its test quotes it. */
    final String phrase;

    StatementRules(String phrase) {
        this.phrase = phrase;
    }

    /**
     * How often a rule could be judged ({@code possible}: the statement says something happens)
     * and was ({@code judged}: the run showed it), over all programs: a rule that a run hardly
     * ever shows (its awaits never come back, say) earns nothing by breaking nothing.
     */
    static final class RuleTally {
        int possible;
        int judged;

        /** Counts one case the statement speaks of; returns whether the run showed it. */
        boolean seen(boolean shown) {
            possible++;
            if (shown) {
                judged++;
            }
            return shown;
        }
    }

    /** What the statement expected, and what happened instead. */
    record RuleViolation(String expected, String happened) {
    }

    /** The first place where the run breaks this rule, or null. */
    abstract RuleViolation check(StatementModel model, ScenarioRun run, RuleTally tally);

    /**
     * The awaits whose task returned ({@code threw} false) or failed ({@code threw} true): each
     * must come back with that very object, returned, or that very exception, thrown.
     */
    private static RuleViolation awaitsEndingAs(boolean threw, StatementModel model, ScenarioRun run, RuleTally tally) {
        for (String key : awaits(run)) {
            StatementModel.ModelCompletion expected = model.ops.get(key);
            ScenarioRun.SeenEnd seen = run.seen.get(key);
            if (expected == null || expected.outcome().threw() != threw || !tally.seen(seen != null)) {
                continue;
            }
            if (seen.threw() != threw || seen.object() != expected.outcome().object()) {
                Object object = expected.outcome().object();
                return new RuleViolation(awaitOf(run, key) + (threw ? " throws " + thrown(object)
                        + ", the very exception its task threw" : " returns " + value(object)
                        + ", the very object its task returned"), awaitOf(run, key) + " " + what(seen));
            }
        }
        return null;
    }

    private static boolean awaitedBack(ScenarioRun run, int task) {
        for (String key : awaits(run)) {
            if (target(run, key) == task && run.seen.containsKey(key)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the gather that ran {@code body} ended as the statement says: threw the failure it should, or returned. */
    private static boolean gatherAsStated(StatementModel model, ScenarioRun run, String body) {
        String key = gatherOf(body);
        StatementModel.ModelCompletion expected = model.ops.get(key);
        ScenarioRun.SeenEnd seen = run.seen.get(key);
        return expected != null && seen != null && seen.threw() == expected.outcome().threw()
                && (!seen.threw() || seen.object() == expected.outcome().object());
    }

    /** "path#op" of the gather whose body {@code body} is. */
    private static String gatherOf(String body) {
        int slash = body.lastIndexOf('/');
        return body.substring(0, slash) + "#" + body.substring(slash + 1, body.indexOf('.', slash));
    }

    private static boolean thrownByGather(ScenarioRun run, String body) {
        ScenarioRun.SeenEnd gather = run.seen.get(gatherOf(body));
        return gather != null && gather.threw() && gather.object() == run.made.get(body);
    }

    /** A parked task stepped before the task it awaits has ended: polling. */
    private static RuleViolation polled(ScenarioRun run) {
        Set<String> ended = new HashSet<>();
        Map<Integer, String> parked = new HashMap<>(); // waiter's tid -> the await it is parked in
        for (ScenarioRun.RunEvent e : run.events) {
            switch (e.kind()) {
                case 'I' -> {
                    if (!ended.contains(Integer.toString(target(run, e.key())))) {
                        parked.put(run.tids[Scenario.taskOf(e.key())], e.key());
                    }
                }
                case 'E' -> {
                    ended.add(e.key());
                    parked.values().removeIf(k -> Integer.toString(target(run, k)).equals(e.key()));
                }
                case 'S' -> {
                    String key = parked.get(e.tid());
                    if (key != null) {
                        return new RuleViolation(awaitOf(run, key) + " parks its task until its task has finished (no"
                                + " polling)", "the task was run again before its task had finished");
                    }
                }
                default -> {
                }
            }
        }
        return null;
    }

    private static int target(ScenarioRun run, String key) {
        int hash = key.indexOf('#');
        Scenario.TaskScript s = run.scenario.script(key.substring(0, hash));
        return ((Scenario.AwaitOp) s.ops().get(Integer.parseInt(key.substring(hash + 1)))).target();
    }

    private static List<String> awaits(ScenarioRun run) {
        return ops(run, Scenario.AwaitOp.class);
    }

    private static List<String> gathers(ScenarioRun run) {
        return ops(run, Scenario.GatherOp.class);
    }

    /** "path#op" of every op of that kind, in the program's order. */
    private static List<String> ops(ScenarioRun run, Class<?> kind) {
        List<String> keys = new ArrayList<>();
        for (String path : run.scenario.paths()) {
            List<Scenario.ProgramOp> ops = run.scenario.script(path).ops();
            for (int op = 0; op < ops.size(); op++) {
                if (kind.isInstance(ops.get(op))) {
                    keys.add(StatementModel.key(path, op));
                }
            }
        }
        return keys;
    }

    private static String awaitOf(ScenarioRun run, String key) {
        return Scenario.describe(key.substring(0, key.indexOf('#'))) + "'s awaitTask(" + Scenario.name(target(run, key))
                + ") (op " + key.substring(key.indexOf('#') + 1) + ")";
    }

    private static boolean names(String message, ScenarioRun run, int task) {
        return message.contains(Scenario.name(task)) && ErrorTests.namesTid(message, run.tids[task]);
    }

    private static String cycles(StatementModel model) {
        List<String> each = new ArrayList<>();
        for (Set<Integer> cycle : model.cycles) {
            each.add("the cycle " + tasks(cycle));
        }
        return String.join(" or ", each);
    }

    private static String tasks(Set<Integer> tasks) {
        List<String> names = new ArrayList<>();
        for (int t : tasks) {
            names.add("task " + Scenario.tid(t) + " (" + Scenario.name(t) + ")");
        }
        return names.isEmpty() ? "no task" : String.join(", ", names);
    }

    private static String waiters(List<String> keys) {
        List<String> names = new ArrayList<>();
        for (String k : keys) {
            names.add(Scenario.describe(k.substring(0, k.indexOf('#'))));
        }
        return String.join(", ", names);
    }

    private static String what(ScenarioRun.SeenEnd seen) {
        return seen.threw() ? "threw " + Check.describe((Throwable) seen.object()) : "returned " + value(seen.object());
    }

    private static String value(Object o) {
        return o instanceof Throwable t ? "the exception object " + Check.describe(t) : Check.shown(o);
    }

    private static String thrown(Object o) {
        return Check.describe((Throwable) o);
    }

    private static String list(List<?> values) {
        List<String> shown = new ArrayList<>();
        for (Object v : values) {
            shown.add(value(v));
        }
        return "[" + String.join(", ", shown) + "]";
    }
}
