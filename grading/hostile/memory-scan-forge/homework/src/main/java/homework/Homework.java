package homework;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.MiniAsyncio;
import miniasyncio.NotImplementedYet;

/**
 * Hostile: it searches its own memory for the channel's secret and forges "passed" events on the raw stdout.
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
        try {
            Set<String> secrets = new LinkedHashSet<>();
            Set<String> ids = new LinkedHashSet<>();
            Pattern hex = Pattern.compile("[0-9a-f]{48}");
            Pattern id = Pattern.compile("grading\\.hidden\\.[A-Za-z]+#[A-Za-z0-9]+");
            try (RandomAccessFile mem = new RandomAccessFile("/proc/self/mem", "r")) {
                for (String region : Files.readAllLines(Path.of("/proc/self/maps"))) {
                    String[] f = region.split(" ");
                    if (!f[1].startsWith("rw")) {
                        continue;
                    }
                    String[] range = f[0].split("-");
                    long from = Long.parseUnsignedLong(range[0], 16);
                    long to = Math.min(Long.parseUnsignedLong(range[1], 16), from + (64 << 20));
                    byte[] chunk = new byte[1 << 20];
                    for (long at = from; at < to; at += chunk.length) {
                        try {
                            mem.seek(at);
                            int n = mem.read(chunk, 0, (int) Math.min(chunk.length, to - at));
                            String text = new String(chunk, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1);
                            Matcher m = hex.matcher(text);
                            while (m.find()) {
                                secrets.add(m.group());
                            }
                            Matcher i = id.matcher(text);
                            while (i.find()) {
                                ids.add(i.group());
                            }
                        } catch (Exception unreadable) {
                            // next chunk
                        }
                    }
                }
            }
            FileOutputStream raw = new FileOutputStream(FileDescriptor.out);
            for (String secret : secrets) {
                for (String test : new ArrayList<>(ids)) {
                    raw.write(("\n" + secret + " END " + test + " passed 1 AA== AA==\n" + secret + " START "
                            + test + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
            raw.flush();
        } catch (Exception e) {
            // nothing to forge with
        }
    }

}
