package homework;

import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;

/** Hostile: every body is a no-op. It breaks no static rule, and has earned nothing. */
public final class Homework {

    private Homework() {
    }

    public static <T> T awaitTask(int tid) {
        return null;
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return null;
    }

    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        return null;
    }

    public static <T> T run(Callable<T> main) {
        return null;
    }

    public static void run(MiniAsyncio.AsyncRunnable main) {
    }
}
