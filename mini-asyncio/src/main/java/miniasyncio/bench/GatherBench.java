package miniasyncio.bench;

import static miniasyncio.MiniAsyncio.sleep;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Gather: fan out N tasks and wait for all their results, through the homework's
 * {@code homework.Homework.gather}. The homework lives in another module, built on top of this
 * one, so it is looked up by name when the bench runs: when {@code homework.jar} sits beside
 * {@code mini-asyncio.jar} (the manifest's Class-Path) and gather is implemented, this workload
 * runs; otherwise it is skipped with the reason.
 *
 * <p>What is looked up: a public static {@code gather} taking a {@code List} (or an array) of
 * {@code Callable}s and returning their results, and a public static {@code run(Callable)} in the
 * same class that runs a main task on a scheduler that knows the homework's syscalls.
 */
final class GatherBench {

    static final String CLASS = "homework.Homework";

    private GatherBench() {
    }

    /** The reason gather cannot run, or null when it can. */
    static String unavailable() {
        try {
            Class<?> type = Class.forName(CLASS);
            if (gatherMethod(type) == null) {
                return CLASS + " has no public static gather(List<Callable>) or gather(Callable...)";
            }
            if (runMethod(type) == null) {
                return CLASS + " has no public static run(Callable) to start a main task";
            }
            return null;
        } catch (ClassNotFoundException | LinkageError e) {
            return CLASS + " is not on the class path (build the homework module: homework/target/homework.jar)";
        }
    }

    static Method gatherMethod(Class<?> type) {
        for (Method m : type.getMethods()) {
            if (m.getName().equals("gather") && Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 1) {
                Class<?> p = m.getParameterTypes()[0];
                if (p.isAssignableFrom(ArrayList.class) || p == Callable[].class) {
                    return m;
                }
            }
        }
        return null;
    }

    static Method runMethod(Class<?> type) {
        for (Method m : type.getMethods()) {
            if (m.getName().equals("run") && Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 1
                    && m.getParameterTypes()[0] == Callable.class) {
                return m;
            }
        }
        return null;
    }

    static void gather(Method run, Method gather, int tasks) {
        List<Callable<Object>> bodies = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            Integer value = i;
            bodies.add(() -> {
                sleep(0);
                return value;
            });
        }
        Object argument = gather.getParameterTypes()[0] == Callable[].class ? bodies.toArray(Callable[]::new) : bodies;
        Callable<Object> main = () -> gather.invoke(null, argument);
        Object results;
        try {
            results = run.invoke(null, main);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        if (!(results instanceof List<?> list) || list.size() != tasks || !Integer.valueOf(tasks - 1).equals(list.get(tasks - 1))) {
            throw new IllegalStateException("gather did not return the " + tasks + " results in argument order");
        }
    }

    static void run(Sizes sizes, Report report) throws ClassNotFoundException {
        int n = sizes.gatherTasks();
        report.section("gather", "fan-out and fan-in of " + n + " tasks with homework.Homework.gather");
        String reason = unavailable();
        if (reason != null) {
            report.note("gather.skipped", "skipped: " + reason);
            return;
        }
        Class<?> type = Class.forName(CLASS);
        Method run = runMethod(type);
        Method gather = gatherMethod(type);
        try {
            Measure.Stats s = Measure.interleaved(sizes.warmups(), sizes.iterations(), n, () -> gather(run, gather, n))[0];
            report.count("gather.tasks", n, "tasks");
            report.stats("gather.ns_per_task", s, "gather, per task (spawn + 1 step + result)", "ns");
        } catch (RuntimeException e) {
            if (miniasyncio.NotImplementedYet.findIn(e) != null) {
                report.note("gather.skipped", "skipped: " + miniasyncio.NotImplementedYet.findIn(e).getMessage());
                return;
            }
            throw e;
        }
    }
}
