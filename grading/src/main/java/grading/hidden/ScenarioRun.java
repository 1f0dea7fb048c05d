package grading.hidden;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import homework.Homework;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import miniasyncio.Coroutine;
import miniasyncio.NotImplementedYet;
import miniasyncio.Scheduler;
import miniasyncio.Task;

/**
 * One run of a {@link Scenario} on the submission's scheduler (virtual clock, step budget), and
 * what could be seen of it: how each await and gather ended and when, the task each gather body
 * ran in, the order of parks, resumptions, task ends and steps, which tasks were closed, and
 * which failures the run reported as never retrieved. Nothing of the submission's is called to
 * read these: values are kept as they came, to be compared by identity.
 */
final class ScenarioRun {

    /** An await or gather as it ended: when (in ticks) and with what. */
    record SeenEnd(long at, boolean threw, Object object) {
    }

    /**
     * One event, in the order they happened: 'I' about to await ("path#op"), 'R' resumed from it,
     * 'E' a script's end (its path), 'S' a step of task {@code tid}; {@code at} in ticks.
     */
    record RunEvent(char kind, String key, int tid, long at) {
    }

    final Scenario scenario;
    /** What each script's end returns or throws, by path: made before the run, shared with the model. */
    final Map<String, Object> made = new HashMap<>();
    final Map<String, SeenEnd> seen = new HashMap<>();
    final List<RunEvent> events = new ArrayList<>();
    /** The task each gather body ran in, and the task that called each gather ("path#op"). */
    final Map<String, Task> bodyTasks = new HashMap<>();
    final Map<String, Task> callers = new HashMap<>();
    /** Top-level tasks whose finally ran before their script ended: closed. */
    final Set<Integer> closed = new LinkedHashSet<>();
    final int[] tids;
    /** What the run threw (null: it returned). */
    Throwable runFailure;
    /** Paths of the scripts whose failure the run reported as never retrieved (a normal ending only). */
    final Set<String> reported = new LinkedHashSet<>();
    private NotImplementedYet stub;

    /**
     * Steps one run may take, for each script of the program (its task's start, a sleep, a park
     * and its end, with room to spare), and for main and the 20 quick tasks: a scheduler that
     * polls runs out at once instead of spending the test's time limit.
     */
    static final int STEPS_PER_SCRIPT = 20, STEPS_BASE = 200;

    private ScenarioRun(Scenario scenario) {
        this.scenario = scenario;
        this.tids = new int[scenario.tasks().size()];
        Token shared = new Token("every script that returns SHARED");
        for (String path : scenario.paths()) {
            String who = Scenario.describe(path);
            made.put(path, switch (scenario.script(path).end()) {
                case VALUE -> new Token(who);
                case SHARED -> shared;
                case NULL -> null;
                case RETURNS_EXCEPTION -> new IllegalArgumentException("returned by " + who);
                case THROWS_UNCHECKED -> new IllegalStateException(who + " failed");
                case THROWS_CHECKED -> new IOException(who + " failed");
            });
        }
    }

    /** Runs {@code scenario} on a new HomeworkScheduler of the submission's. */
    static ScenarioRun of(Scenario scenario) {
        ScenarioRun run = new ScenarioRun(scenario);
        run.execute();
        return run;
    }

    private void execute() {
        Fixture f = Fixture.withBudget(STEPS_BASE + STEPS_PER_SCRIPT * scenario.paths().size());
        f.onStep = task -> events.add(new RunEvent('S', null, task.tid(), 0));
        PrintStream err = System.err;
        // The kit prints each never-retrieved failure with its stack trace: that is the grader's
        // business here, read from reportedUnretrieved(), not the student's output.
        System.setErr(new PrintStream(OutputStream.nullOutputStream()));
        try {
            runFailure = f.runCatching(() -> {
                for (int i = 0; i < Scenario.FILLERS; i++) {
                    createTask("filler " + i, () -> null);
                }
                for (int i = 0; i < tids.length; i++) {
                    int task = i;
                    tids[i] = createTask(Scenario.name(i), () -> top(task));
                }
                return null;
            });
        } finally {
            System.setErr(err);
        }
        if (stub != null) {
            throw stub; // a method not written yet earns nothing, and says which
        }
        if (runFailure == null) {
            Map<Integer, String> byTid = new HashMap<>();
            for (int i = 0; i < tids.length; i++) {
                byTid.put(tids[i], Integer.toString(i));
            }
            bodyTasks.forEach((path, task) -> byTid.putIfAbsent(task.tid(), path));
            for (Task t : f.scheduler.view().reportedUnretrieved()) {
                String path = byTid.get(t.tid());
                if (path != null) {
                    reported.add(path);
                }
            }
        }
    }

    private Object top(int task) throws Exception {
        String path = Integer.toString(task);
        boolean ended = false;
        try {
            Scenario.TaskScript s = scenario.tasks().get(task);
            ops(path, s);
            ended = true;
            events.add(new RunEvent('E', path, 0, ticks()));
            return end(path, s);
        } finally {
            if (!ended) {
                closed.add(task);
            }
        }
    }

    private Object body(String path, Scenario.TaskScript s) throws Exception {
        ops(path, s);
        events.add(new RunEvent('E', path, 0, ticks()));
        return end(path, s);
    }

    private void ops(String path, Scenario.TaskScript s) {
        for (int op = 0; op < s.ops().size(); op++) {
            String key = StatementModel.key(path, op);
            switch (s.ops().get(op)) {
                case Scenario.SleepOp sleep -> sleep(sleep.ticks() * Scenario.TICK);
                case Scenario.AwaitOp await -> {
                    events.add(new RunEvent('I', key, 0, ticks()));
                    observe(key, () -> Homework.awaitTask(tids[await.target()]));
                    events.add(new RunEvent('R', key, 0, ticks()));
                }
                case Scenario.GatherOp g -> {
                    callers.put(key, Scheduler.current().currentTask());
                    @SuppressWarnings("unchecked")
                    Callable<Object>[] bodies = new Callable[g.bodies().size()];
                    for (int b = 0; b < bodies.length; b++) {
                        String bodyPath = Scenario.bodyPath(path, op, b);
                        Scenario.TaskScript body = g.bodies().get(b);
                        bodies[b] = () -> {
                            bodyTasks.putIfAbsent(bodyPath, Scheduler.current().currentTask());
                            return body(bodyPath, body);
                        };
                    }
                    observe(key, () -> Homework.gather(bodies));
                }
            }
        }
    }

    /** Runs an await or a gather and keeps how it ended. Being closed (Exit) and a stub pass through. */
    private void observe(String key, Callable<Object> call) {
        Object value;
        try {
            value = call.call();
        } catch (Throwable t) {
            if (t instanceof Coroutine.Exit exit) {
                throw exit;
            }
            if (t.getClass() == NotImplementedYet.class) {
                stub = (NotImplementedYet) t;
                throw stub;
            }
            seen.put(key, new SeenEnd(ticks(), true, t));
            return;
        }
        seen.put(key, new SeenEnd(ticks(), false, value));
    }

    private Object end(String path, Scenario.TaskScript s) throws Exception {
        Object object = made.get(path);
        if (s.end().fails()) {
            throw (Exception) object;
        }
        return object;
    }

    private static long ticks() {
        return Math.round(now() / Scenario.TICK);
    }
}
