package homework;

import java.util.AbstractList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.Scheduler;

/**
 * Hostile: gather runs nothing and hands back a list of the JDK's own class that reads through to
 * a list of its own: Collections.unmodifiableList over a list whose get(i) answers i, the result
 * a gather of bodies that return their index would have.
 */
public final class Homework {

    private Homework() {
    }

    @SuppressWarnings("unchecked")
    public static <T> T awaitTask(int tid) {
        return (T) Scheduler.syscall("awaitTask", new AwaitTask(tid));
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(List.of(bodies));
    }

    @SuppressWarnings("unchecked")
    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        int n = bodies.size();
        return Collections.unmodifiableList(new AbstractList<T>() {
            @Override
            public T get(int i) {
                return (T) Integer.valueOf(i);
            }

            @Override
            public int size() {
                return n;
            }
        });
    }

    public static <T> T run(Callable<T> main) {
        return new HomeworkScheduler().run(main);
    }

    public static void run(MiniAsyncio.AsyncRunnable main) {
        new HomeworkScheduler().run(() -> {
            main.run();
            return null;
        });
    }
}
