package homework;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;

/** Hostile: every stub throws an exception that carries a flood of suppressed exceptions. */
public final class Homework {

    static final class Flood extends RuntimeException {
        Flood() {
            super("failed", null, true, true);
            String kilobyte = "x".repeat(1_024);
            for (int i = 0; i < 5_000; i++) {
                addSuppressed(new IllegalStateException(kilobyte));
            }
        }
    }

    private static final Flood FLOOD = new Flood();

    private Homework() {
    }

    public static <T> T awaitTask(int tid) {
        throw FLOOD;
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(Arrays.asList(bodies));
    }

    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        throw FLOOD;
    }

    public static <T> T run(Callable<T> main) {
        return new HomeworkScheduler().run(main);
    }

    public static void run(MiniAsyncio.AsyncRunnable main) {
        throw FLOOD;
    }
}
