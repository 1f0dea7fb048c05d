package homework;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.NotImplementedYet;

/** Hostile: every stub throws a NotImplementedYet of its own whose message is null. */
public final class Homework {

    /** A "not written yet" that says nothing. */
    static final class Silent extends NotImplementedYet {
        Silent() {
            super("Homework", "Homework.java");
        }

        @Override
        public String getMessage() {
            return null;
        }

        @Override
        public String toString() {
            return null;
        }
    }

    private Homework() {
    }

    public static <T> T awaitTask(int tid) {
        throw new Silent();
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(Arrays.asList(bodies));
    }

    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        throw new Silent();
    }

    public static <T> T run(Callable<T> main) {
        return new HomeworkScheduler().run(main);
    }

    public static void run(MiniAsyncio.AsyncRunnable main) {
        throw new Silent();
    }
}
