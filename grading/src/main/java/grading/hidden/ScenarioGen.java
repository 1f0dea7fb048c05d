package grading.hidden;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

/**
 * The generated programs {@link ModelTests} grades with, and their shrinking. The seed and the
 * count are fixed, so every grading of a submission runs the same programs and gets the same
 * grade. Three shapes, so that what the statement speaks of is met often: programs at random
 * (tasks that sleep, await each other, gather and nest gathers, and return or fail in every way
 * the statement names), crowds (several tasks that start waiting for one task at one instant),
 * and cycles of two to six tasks, with tasks that wait on them, some only after the cycle formed.
 */
final class ScenarioGen {

    static final long SEED = 52;
    /** Programs of the three shapes, and wide gathers on top (from a seed of their own). */
    static final int SHAPED = 300, WIDE = 40, COUNT = SHAPED + WIDE;
    /** The widest gather generated: sizes spread evenly over orders of magnitude up to it. */
    static final int WIDEST = 1_000;
    /** Most runs one shrinking may take: the smallest program is found well within it. */
    static final int MAX_SHRINK_RUNS = 400;

    private ScenarioGen() {
    }

    static List<Scenario> all() {
        Random random = new Random(SEED);
        List<Scenario> all = new ArrayList<>(COUNT);
        for (int i = 0; i < SHAPED; i++) {
            all.add(switch (i % 4) {
                case 0, 1 -> randomProgram(random);
                case 2 -> crowd(random);
                default -> cycle(random);
            });
        }
        Random wide = new Random(SEED + 1);
        for (int i = 0; i < WIDE; i++) {
            all.add(wide(wide));
        }
        return all;
    }

    private static Scenario randomProgram(Random r) {
        int n = 2 + r.nextInt(6);
        List<Scenario.TaskScript> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Scenario.ProgramOp> ops = new ArrayList<>();
            int count = r.nextInt(4);
            for (int k = 0; k < count; k++) {
                int pick = r.nextInt(20);
                ops.add(pick < 8 ? sleep(r) : pick < 15 ? new Scenario.AwaitOp(other(r, n, i)) : gather(r, 0));
            }
            tasks.add(new Scenario.TaskScript(ops, end(r)));
        }
        return new Scenario(tasks);
    }

    /** Task 0 sleeps, then every other task awaits it, most after the same sleep: they park at one instant. */
    private static Scenario crowd(Random r) {
        int n = 3 + r.nextInt(5);
        int common = r.nextInt(2);
        List<Scenario.TaskScript> tasks = new ArrayList<>();
        tasks.add(new Scenario.TaskScript(List.of(new Scenario.SleepOp(1 + r.nextInt(3))), end(r)));
        for (int i = 1; i < n; i++) {
            List<Scenario.ProgramOp> ops = new ArrayList<>();
            ops.add(new Scenario.SleepOp(r.nextInt(5) == 0 ? common + 1 : common));
            ops.add(new Scenario.AwaitOp(0));
            if (r.nextBoolean()) {
                ops.add(r.nextBoolean() ? new Scenario.AwaitOp(0) : sleep(r));
            }
            tasks.add(new Scenario.TaskScript(ops, end(r)));
        }
        return new Scenario(tasks);
    }

    /** Tasks 0..L-1 await each other in a cycle; the others await one of them, now or after a sleep. */
    private static Scenario cycle(Random r) {
        int length = 2 + r.nextInt(5);
        int n = length + r.nextInt(4);
        List<Scenario.TaskScript> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Scenario.ProgramOp> ops = new ArrayList<>();
            if (r.nextInt(3) == 0) {
                ops.add(r.nextBoolean() ? sleep(r) : gather(r, 1));
            }
            ops.add(new Scenario.AwaitOp(i < length ? (i + 1) % length : r.nextInt(i))); // a chain into the cycle
            tasks.add(new Scenario.TaskScript(ops, end(r)));
        }
        return new Scenario(tasks);
    }

    /**
     * A gather of 4 to {@link #WIDEST} bodies (as many of each order of magnitude), which a task
     * awaits: a statement about "bodies" holds for any number of them, not only for the few the
     * other shapes make.
     */
    private static Scenario wide(Random r) {
        int n = (int) Math.round(Math.exp(Math.log(4) + r.nextDouble() * (Math.log(WIDEST) - Math.log(4))));
        List<Scenario.TaskScript> bodies = new ArrayList<>();
        for (int b = 0; b < n; b++) {
            bodies.add(new Scenario.TaskScript(List.of(sleep(r)), r.nextInt(8) == 0 ? Scenario.ScriptEnd.THROWS_CHECKED
                    : Scenario.ScriptEnd.VALUE));
        }
        return new Scenario(List.of(
                new Scenario.TaskScript(List.of(new Scenario.GatherOp(bodies)), Scenario.ScriptEnd.VALUE),
                new Scenario.TaskScript(List.of(new Scenario.AwaitOp(0)), Scenario.ScriptEnd.NULL)));
    }

    private static Scenario.GatherOp gather(Random r, int depth) {
        List<Scenario.TaskScript> bodies = new ArrayList<>();
        int count = r.nextInt(4);
        for (int b = 0; b < count; b++) {
            List<Scenario.ProgramOp> ops = new ArrayList<>();
            if (r.nextInt(3) > 0) {
                ops.add(sleep(r));
            }
            if (depth < 1 && r.nextInt(5) == 0) {
                ops.add(gather(r, depth + 1));
            }
            bodies.add(new Scenario.TaskScript(ops, end(r)));
        }
        return new Scenario.GatherOp(bodies);
    }

    private static Scenario.SleepOp sleep(Random r) {
        return new Scenario.SleepOp(r.nextInt(4));
    }

    private static int other(Random r, int n, int self) {
        int t = r.nextInt(n - 1);
        return t >= self ? t + 1 : t;
    }

    private static Scenario.ScriptEnd end(Random r) {
        int pick = r.nextInt(20);
        return pick < 6 ? Scenario.ScriptEnd.VALUE : pick < 8 ? Scenario.ScriptEnd.SHARED : pick < 10 ? Scenario.ScriptEnd.NULL
                : pick < 13 ? Scenario.ScriptEnd.RETURNS_EXCEPTION : pick < 16 ? Scenario.ScriptEnd.THROWS_UNCHECKED
                : Scenario.ScriptEnd.THROWS_CHECKED;
    }

    /** A shrunk program: the smallest found that still {@code fails}, and the runs it took. */
    record ShrunkProgram(Scenario scenario, int runs) {
    }

    /**
     * Greedy shrinking, as QuickCheck does: take the first smaller program that still fails, and
     * start again from it, until none does or {@link #MAX_SHRINK_RUNS} runs are spent.
     */
    static ShrunkProgram shrink(Scenario failing, Predicate<Scenario> fails) {
        Scenario current = failing;
        int runs = 0;
        boolean smaller = true;
        while (smaller && runs < MAX_SHRINK_RUNS) {
            smaller = false;
            for (Scenario candidate : smaller(current)) {
                if (runs++ >= MAX_SHRINK_RUNS) {
                    break;
                }
                if (fails.test(candidate)) {
                    current = candidate;
                    smaller = true;
                    break;
                }
            }
        }
        return new ShrunkProgram(current, runs);
    }

    /** Programs one step smaller than {@code s}: a task, an op or a body fewer, a gather nested less, a shorter sleep, a plainer end. */
    static List<Scenario> smaller(Scenario s) {
        List<Scenario> out = new ArrayList<>();
        for (int k = 0; k < s.tasks().size() && s.tasks().size() > 1; k++) {
            out.add(withoutTask(s, k));
        }
        for (String path : s.paths()) {
            Scenario.TaskScript script = s.script(path);
            List<Scenario.ProgramOp> ops = script.ops();
            for (int op = 0; op < ops.size(); op++) {
                List<Scenario.ProgramOp> fewer = new ArrayList<>(ops);
                fewer.remove(op);
                out.add(with(s, path, new Scenario.TaskScript(fewer, script.end())));
                if (ops.get(op) instanceof Scenario.GatherOp g) {
                    if (g.bodies().size() > 4) { // half the bodies first: a wide gather shrinks in a few runs
                        out.add(with(s, path, replaced(script, op,
                                new Scenario.GatherOp(g.bodies().subList(0, g.bodies().size() / 2)))));
                    }
                    for (int b = 0; b < g.bodies().size(); b++) {
                        List<Scenario.TaskScript> bodies = new ArrayList<>(g.bodies());
                        bodies.remove(b);
                        out.add(with(s, path, replaced(script, op, new Scenario.GatherOp(bodies))));
                        for (Scenario.ProgramOp inner : g.bodies().get(b).ops()) {
                            if (inner instanceof Scenario.GatherOp nested) { // a level less: the inner gather in its place
                                out.add(with(s, path, replaced(script, op, nested)));
                            }
                        }
                    }
                }
                if (ops.get(op) instanceof Scenario.SleepOp sleep && sleep.ticks() > 0) {
                    out.add(with(s, path, replaced(script, op, new Scenario.SleepOp(sleep.ticks() - 1))));
                }
            }
            if (script.end() != Scenario.ScriptEnd.VALUE) {
                out.add(with(s, path, new Scenario.TaskScript(ops, Scenario.ScriptEnd.VALUE)));
            }
        }
        return out;
    }

    private static Scenario.TaskScript replaced(Scenario.TaskScript script, int op, Scenario.ProgramOp by) {
        List<Scenario.ProgramOp> ops = new ArrayList<>(script.ops());
        ops.set(op, by);
        return new Scenario.TaskScript(ops, script.end());
    }

    /** {@code s} with the script at {@code path} replaced. */
    static Scenario with(Scenario s, String path, Scenario.TaskScript by) {
        int slash = path.lastIndexOf('/');
        if (slash < 0) {
            List<Scenario.TaskScript> tasks = new ArrayList<>(s.tasks());
            tasks.set(Integer.parseInt(path), by);
            return new Scenario(tasks);
        }
        String parent = path.substring(0, slash);
        String[] opBody = path.substring(slash + 1).split("\\.");
        int op = Integer.parseInt(opBody[0]);
        Scenario.TaskScript holder = s.script(parent);
        List<Scenario.TaskScript> bodies = new ArrayList<>(((Scenario.GatherOp) holder.ops().get(op)).bodies());
        bodies.set(Integer.parseInt(opBody[1]), by);
        return with(s, parent, replaced(holder, op, new Scenario.GatherOp(bodies)));
    }

    /** {@code s} without task {@code k}: awaits of it are dropped, and later tasks move down one. */
    private static Scenario withoutTask(Scenario s, int k) {
        List<Scenario.TaskScript> tasks = new ArrayList<>();
        for (int i = 0; i < s.tasks().size(); i++) {
            if (i != k) {
                Scenario.TaskScript t = s.tasks().get(i);
                List<Scenario.ProgramOp> ops = new ArrayList<>();
                for (Scenario.ProgramOp op : t.ops()) {
                    if (op instanceof Scenario.AwaitOp a) {
                        if (a.target() != k) {
                            ops.add(new Scenario.AwaitOp(a.target() > k ? a.target() - 1 : a.target()));
                        }
                    } else {
                        ops.add(op);
                    }
                }
                tasks.add(new Scenario.TaskScript(ops, t.end()));
            }
        }
        return new Scenario(tasks);
    }
}
