package homework;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.Scheduler;

/** awaitTask и gather, написанные по-русски. */
public final class Homework {

    private Homework() {
    }

    @SuppressWarnings("unchecked")
    public static <T> T awaitTask(int tid) {
        return (T) Scheduler.syscall("awaitTask", new AwaitTask(tid));
    }

    @SafeVarargs
    public static <T> List<T> gather(Callable<? extends T>... тела) {
        return gather(Arrays.asList(тела));
    }

    /** Сначала создаём все задачи (они идут конкурентно), потом ждём их в порядке аргументов. */
    public static <T> List<T> gather(List<? extends Callable<? extends T>> тела) {
        int[] номера = new int[тела.size()];
        for (int i = 0; i < номера.length; i++) {
            номера[i] = MiniAsyncio.createTask(тела.get(i));
        }
        List<T> результаты = new ArrayList<>(номера.length);
        for (int номер : номера) {
            результаты.add(awaitTask(номер));
        }
        return результаты;
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
