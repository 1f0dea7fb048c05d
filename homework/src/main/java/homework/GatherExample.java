package homework;

import static homework.Homework.gather;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.List;
import java.util.stream.Collectors;
import miniasyncio.Clock;

/**
 * The lecture's {@code gather} example: three "files" are read concurrently. The results come
 * back in argument order (a, b, c) although b finishes first, and the whole run takes the
 * longest read, 0.3 s, not 0.2 + 0.1 + 0.3 = 0.6 s. It prints the lecture's lines:
 *
 * <pre>
 * results: ['a.txt: contents', 'b.txt: contents', 'c.txt: contents']
 * elapsed: 0.30s (max delay: 0.3s)
 * </pre>
 *
 * (The lecture's first line, {@code is Future: True}, has no counterpart: this homework's
 * {@code gather} returns the list itself, not a Future to await.)
 *
 * <pre>
 * async def read_file(name, delay):           static String readFile(String name, double delay)
 *     await asyncio.sleep(delay)                  sleep(delay);
 *     return f"{name}: contents"                  return name + ": contents";
 * </pre>
 */
public final class GatherExample {

    private GatherExample() {
    }

    static String readFile(String name, double delay) {
        sleep(delay);
        return name + ": contents";
    }

    public static void main(String[] args) {
        HomeworkScheduler scheduler = new HomeworkScheduler();
        Clock clock = scheduler.clock();
        double started = clock.now();
        List<String> results = scheduler.run("main", () -> gather(
                () -> readFile("a.txt", 0.2),
                () -> readFile("b.txt", 0.1),
                () -> readFile("c.txt", 0.3)));
        // Python prints a list of strings with quotes: ['a.txt: contents', ...]
        System.out.println("results: " + results.stream().map(r -> "'" + r + "'")
                .collect(Collectors.joining(", ", "[", "]")));
        System.out.printf("elapsed: %.2fs (max delay: 0.3s)%n", clock.now() - started);
    }
}
