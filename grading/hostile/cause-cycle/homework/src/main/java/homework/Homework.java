package homework;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;

/** Hostile: every stub throws a Loop, whose cause is its partner, whose cause is the Loop again. */
public final class Homework {

    static final class Loop extends RuntimeException {
        private Loop partner;

        static Loop pair() {
            Loop a = new Loop();
            Loop b = new Loop();
            a.partner = b;
            b.partner = a;
            return a;
        }

        @Override
        public synchronized Throwable getCause() {
            return partner;
        }

        @Override
        public String getMessage() {
            throw pair(); // throws again, whoever asks
        }

        @Override
        public String toString() {
            throw pair(); // and so does its toString
        }
    }

    private Homework() {
    }

    public static <T> T awaitTask(int tid) {
        throw Loop.pair();
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(Arrays.asList(bodies));
    }

    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        throw Loop.pair();
    }

    public static <T> T run(Callable<T> main) {
        return new HomeworkScheduler().run(main);
    }

    public static void run(MiniAsyncio.AsyncRunnable main) {
        throw Loop.pair();
    }
}
