package grading.hidden;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated program in the homework's terms, for {@link ModelTests}: the main task creates the
 * top-level tasks at t=0 (after 20 quick tasks, so that their tids are two-digit numbers no
 * count in a message is taken for), and each task runs a script of sleeps, awaits and gathers,
 * then returns or fails. {@link StatementModel} says what the statement expects of it,
 * {@link ScenarioRun} runs it on the submission, and {@link #program} shows it to the student.
 *
 * <p>A script is addressed by its path: {@code "2"} is top-level task 2, {@code "2/1.0"} the body 0
 * of the gather at op 1 of task 2, and so on. Bodies never await a top-level task (their tids are
 * the submission's to hand out), so a task can only be stuck in one of its own awaits.
 */
record Scenario(List<TaskScript> tasks) {

    /** Tasks created before the scenario's, so that its tids start at {@value #FIRST_TID}. */
    static final int FILLERS = 20;
    static final int FIRST_TID = FILLERS + 2; // main is task 1

    /** Names no one of which is a part of another, nor of the words a deadlock message uses. */
    static final List<String> NAMES = List.of("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf",
            "hotel", "india", "juliet", "kilo", "lima");

    /** One unit of virtual time: sleeps are multiples of it, so sums are exact. */
    static final double TICK = 0.05;

    sealed interface ProgramOp permits SleepOp, AwaitOp, GatherOp {
    }

    /** {@code sleep(ticks * 0.05)}. */
    record SleepOp(int ticks) implements ProgramOp {
    }

    /** {@code awaitTask(tid of top-level task target)}. */
    record AwaitOp(int target) implements ProgramOp {
    }

    /** {@code gather(bodies...)}: each body a script without awaits. */
    record GatherOp(List<TaskScript> bodies) implements ProgramOp {
    }

    /** How a script ends. */
    enum ScriptEnd {
        /** returns a value of its own (a fresh object) */
        VALUE,
        /** returns the one object that every script ending so returns */
        SHARED,
        /** returns null */
        NULL,
        /** returns an exception object, as a value */
        RETURNS_EXCEPTION,
        /** throws an unchecked exception (IllegalStateException) */
        THROWS_UNCHECKED,
        /** throws a checked exception (java.io.IOException) */
        THROWS_CHECKED;

        boolean fails() {
            return this == THROWS_UNCHECKED || this == THROWS_CHECKED;
        }
    }

    record TaskScript(List<ProgramOp> ops, ScriptEnd end) {
    }

    static String name(int task) {
        return NAMES.get(task);
    }

    static int tid(int task) {
        return FIRST_TID + task;
    }

    static String bodyPath(String gatherPath, int op, int body) {
        return gatherPath + "/" + op + "." + body;
    }

    /** Every script's path, top-level tasks first, each followed by its bodies, depth first. */
    List<String> paths() {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            collect(Integer.toString(i), tasks.get(i), paths);
        }
        return paths;
    }

    private static void collect(String path, TaskScript script, List<String> into) {
        into.add(path);
        for (int op = 0; op < script.ops().size(); op++) {
            if (script.ops().get(op) instanceof GatherOp g) {
                for (int b = 0; b < g.bodies().size(); b++) {
                    collect(bodyPath(path, op, b), g.bodies().get(b), into);
                }
            }
        }
    }

    /** The script at {@code path}. */
    TaskScript script(String path) {
        String[] parts = path.split("/");
        TaskScript s = tasks.get(Integer.parseInt(parts[0]));
        for (int i = 1; i < parts.length; i++) {
            String[] opBody = parts[i].split("\\.");
            s = ((GatherOp) s.ops().get(Integer.parseInt(opBody[0]))).bodies().get(Integer.parseInt(opBody[1]));
        }
        return s;
    }

    /** The top-level task a path (or an op's "path#op") belongs to. */
    static int taskOf(String path) {
        int end = 0;
        while (end < path.length() && Character.isDigit(path.charAt(end))) {
            end++;
        }
        return Integer.parseInt(path.substring(0, end));
    }

    /**
     * How messages name a script: "alpha" for a task, "alpha's gather (op 2), body 1" for a body,
     * "alpha's gather (op 0), body 0, its gather (op 1), body 2" for a body of a nested gather.
     */
    static String describe(String path) {
        int slash = path.lastIndexOf('/');
        if (slash < 0) {
            return name(Integer.parseInt(path));
        }
        String parent = path.substring(0, slash);
        String[] opBody = path.substring(slash + 1).split("\\.");
        return describe(parent) + (parent.indexOf('/') < 0 ? "'s" : ", its") + " gather (op " + opBody[0] + "), body "
                + opBody[1];
    }

    /** "alpha's gather (op 1)", or "alpha's gather (op 0), body 2, its gather (op 1)": the gather at op {@code op} of a script. */
    static String describeGather(String path, int op) {
        return describe(path) + (path.indexOf('/') < 0 ? "'s" : ", its") + " gather (op " + op + ")";
    }

    static String seconds(long ticks) {
        return String.format(java.util.Locale.ROOT, "%.2f", ticks * TICK);
    }

    /** The scenario as a Java program, the way a student would write it: the feedback's smallest failing program. */
    String program() {
        StringBuilder out = new StringBuilder();
        out.append("Homework.run(() -> {   // main, task 1; 20 tasks that return null come first (tids 2..21)\n");
        List<String> tids = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            tids.add(name(i) + " = " + tid(i));
        }
        out.append("    int ").append(String.join(", ", tids)).append(";   // what the createTask calls below return\n");
        for (int i = 0; i < tasks.size(); i++) {
            out.append("    createTask(\"").append(name(i)).append("\", () -> ");
            script(out, Integer.toString(i), tasks.get(i), 2);
            out.append(");\n");
        }
        return out.append("    return null;\n});").toString();
    }

    private void script(StringBuilder out, String path, TaskScript s, int depth) {
        out.append("{ ");
        for (int op = 0; op < s.ops().size(); op++) {
            switch (s.ops().get(op)) {
                case SleepOp sleep -> out.append("sleep(").append(seconds(sleep.ticks())).append("); ");
                case AwaitOp await -> out.append("try { awaitTask(").append(name(await.target())).append("); } catch (Exception e) {} ");
                case GatherOp g -> {
                    out.append("try { gather(");
                    for (int b = 0; b < g.bodies().size(); b++) {
                        out.append(b == 0 ? "\n" : ",\n").append("    ".repeat(depth + 1)).append("() -> ");
                        script(out, bodyPath(path, op, b), g.bodies().get(b), depth + 1);
                    }
                    out.append(g.bodies().isEmpty() ? "" : "\n" + "    ".repeat(depth)).append("); } catch (Exception e) {} ");
                }
            }
        }
        out.append(switch (s.end()) {
            case VALUE -> "return new Object(); ";
            case SHARED -> "return SHARED; ";
            case NULL -> "return null; ";
            case RETURNS_EXCEPTION -> "return new IllegalArgumentException(\"returned by " + describe(path) + "\"); ";
            case THROWS_UNCHECKED -> "throw new IllegalStateException(\"" + describe(path) + " failed\"); ";
            case THROWS_CHECKED -> "throw new java.io.IOException(\"" + describe(path) + " failed\"); ";
        }).append('}');
    }
}
