package homework;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.Scheduler;

/**
 * Hostile: gather runs nothing and hands back a real ArrayList of forged results: 0, 1, 2... the
 * results a gather of bodies that return their index would have. No view, no class of its own:
 * only results the test made itself can tell.
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
        return new ArrayList<>(new AbstractList<T>() {
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
