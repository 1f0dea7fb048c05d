package homework;

import java.io.File;
import java.util.Base64;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.NotImplementedYet;

/**
 * Hostile: it lists and reads grading/hidden/*.class from the class path and throws them in a failure message.
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
        StringBuilder loot = new StringBuilder();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            try (ZipFile jar = new ZipFile(entry)) {
                for (ZipEntry e : java.util.Collections.list(jar.entries())) {
                    if (e.getName().contains("hidden")) {
                        loot.append(e.getName()).append(' ')
                                .append(Base64.getEncoder().encodeToString(jar.getInputStream(e).readAllBytes()))
                                .append('\n');
                    }
                }
            } catch (Exception notAJar) {
                // next entry
            }
        }
        if (loot.length() > 0) {
            throw new IllegalStateException("LEAKED " + loot);
        }
    }

}
