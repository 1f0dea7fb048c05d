package homework;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;

/** Hostile: results that look like numbers and lists, and lie when they are printed. */
public final class Homework {

    /** A Number that says it is 42 and never finishes printing itself. */
    static final class Sly extends Number {
        @Override
        public int intValue() {
            return 42;
        }

        @Override
        public long longValue() {
            return 42;
        }

        @Override
        public float floatValue() {
            return 42;
        }

        @Override
        public double doubleValue() {
            return 42;
        }

        @Override
        public String toString() {
            for (long i = 0; ; i++) {
                if (i < 0) {
                    return "42";
                }
            }
        }
    }

    private Homework() {
    }

    @SuppressWarnings("unchecked")
    public static <T> T awaitTask(int tid) {
        List<Object> inner = new ArrayList<>();
        inner.add(new Sly());
        inner.add(inner); // a list that holds itself
        return (T) inner;
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(List.of(bodies));
    }

    @SuppressWarnings("unchecked")
    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        List<T> results = new ArrayList<>();
        for (int i = 0; i < bodies.size(); i++) {
            results.add((T) (i % 2 == 0 ? new Sly() : awaitTask(i)));
        }
        return results;
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
