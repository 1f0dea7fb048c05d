package exercises.step3_futures;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.gather;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import exercises.Py;
import java.util.List;

/**
 * The lecture's section 3 transcripts on futures: {@code create_task} (the task starts when main
 * yields; main then waits for it) and {@code gather} (a Future; results in argument order; the
 * reads overlap, so it takes the longest delay, 0.30 s, not the sum).
 */
public final class Ex3Futures {

    private Ex3Futures() {
    }

    static void background(String name) {
        for (int i = 0; i < 3; i++) {
            sleep(0.05);
            System.out.println("[" + name + "] step " + i);
        }
    }

    static void taskDemo() {
        TaskFuture<Object> task = spawn("background", () -> {
            background("bg");
            return null;
        });
        System.out.println("main: background task scheduled, doing other work");
        sleep(0.1);
        System.out.println("main: waiting for background task");
        await(task);
        System.out.println("both tasks finished");
    }

    static String readFile(String name, double delay) {
        sleep(delay);
        return name + ": contents";
    }

    static void gatherDemo() {
        double start = now();
        Future<List<Object>> future = gather(
                () -> readFile("a.txt", 0.2),
                () -> readFile("b.txt", 0.1),
                () -> readFile("c.txt", 0.3));
        System.out.println("is Future: " + Py.str(future instanceof Future<?>));
        List<Object> results = await(future);
        double elapsed = now() - start;
        System.out.println("results: " + Py.repr(results));
        System.out.printf("elapsed: %.2fs (max delay: 0.3s)%n", elapsed);
    }

    public static void main(String[] args) {
        new FutureScheduler().run("task_demo", () -> {
            taskDemo();
            return null;
        });
        new FutureScheduler().run("gather_demo", () -> {
            gatherDemo();
            return null;
        });
    }
}
