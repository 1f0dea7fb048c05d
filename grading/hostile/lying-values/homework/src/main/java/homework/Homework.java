package homework;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;

/** Hostile: every result is a Liar, equal to anything; gather's list is a list of liars. */
public final class Homework {

    /** Equal to everything, hash 0, and it prints as whatever a test might expect. */
    static final class Liar {
        @Override
        public boolean equals(Object other) {
            return true;
        }

        @Override
        public int hashCode() {
            return 0;
        }

        @Override
        public String toString() {
            return "done";
        }
    }

    private Homework() {
    }

    @SuppressWarnings("unchecked")
    public static <T> T awaitTask(int tid) {
        return (T) new Liar();
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(List.of(bodies));
    }

    @SuppressWarnings("unchecked")
    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        List<T> liars = new ArrayList<>();
        for (int i = 0; i < bodies.size(); i++) {
            liars.add((T) new Liar());
        }
        return liars;
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
