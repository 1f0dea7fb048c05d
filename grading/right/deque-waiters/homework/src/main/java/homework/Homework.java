package homework;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.Scheduler;

/** The homework's functions, written in another style than the reference (see HomeworkScheduler). */
public final class Homework {

    private Homework() {
    }

    @SuppressWarnings("unchecked")
    public static <T> T awaitTask(int tid) {
        if (!(Scheduler.current() instanceof HomeworkScheduler)) {
            throw new IllegalStateException("awaitTask needs a task running on a HomeworkScheduler");
        }
        return (T) Scheduler.syscall("awaitTask", new AwaitTask(tid));
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(Arrays.asList(bodies));
    }

    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        List<Integer> tids = bodies.stream().map(body -> MiniAsyncio.createTask(body)).toList();
        return tids.stream().map(tid -> Homework.<T>awaitTask(tid)).toList();
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
