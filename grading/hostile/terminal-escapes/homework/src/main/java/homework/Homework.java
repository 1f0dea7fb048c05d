package homework;


import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.NotImplementedYet;

/**
 * Hostile: its failure messages redraw the console line as a passed row.
 * Otherwise the homework is as released: awaitTask and gather are not written, so the honest
 * score is 0 and every point it gets would be unearned.
 */
public final class Homework {

    private Homework() {
    }

    public static <T> T awaitTask(int tid) {
        attack();
        throw new NotImplementedYet("Homework.awaitTask", "Homework.java");
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... bodies) {
        return gather(Arrays.asList(bodies));
    }

    public static <T> List<T> gather(List<? extends Callable<? extends T>> bodies) {
        attack();
        throw new NotImplementedYet("Homework.gather", "Homework.java");
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

    private static void attack() {
        String redraw = "\r\u001b[2K\u001b[32mpassed  106/106\u001b[0m\u202e";
        System.out.println(redraw);
        throw new IllegalStateException(redraw);
    }

}
