package homework;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import miniasyncio.MiniAsyncio;
import miniasyncio.Scheduler;

/** A correct solution in a modern style: streams for gather, a record for the syscall. */
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

    /** Every task created first (a stream collected to an array), then awaited in argument order. */
    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        int[] tids = bodies.stream().mapToInt(MiniAsyncio::createTask).toArray();
        return IntStream.of(tids).<T>mapToObj(Homework::awaitTask).toList(); // Stream.toList keeps nulls
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
