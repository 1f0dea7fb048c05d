package homework;

import static homework.Homework.gather;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.List;
import miniasyncio.Clock;

/**
 * The lecture's {@code gather} example: three "files" are read concurrently. The results come
 * back in argument order (a, b, c) although b finishes first, and the whole run takes the
 * longest read, 0.3 s, not 0.2 + 0.1 + 0.3 = 0.6 s.
 *
 * <pre>
 * def read_file(name, delay):                 static String readFile(String name, double delay)
 *     print(f"reading {name}...")                 System.out.printf(...);
 *     yield from sleep(delay)                     sleep(delay);
 *     return f"contents of {name}"                return "contents of " + name;
 * </pre>
 */
public final class GatherExample {

    private GatherExample() {
    }

    static String readFile(String name, double delay) {
        System.out.printf("reading %s...%n", name);
        sleep(delay);
        System.out.printf("%s done%n", name);
        return "contents of " + name;
    }

    public static void main(String[] args) {
        HomeworkScheduler scheduler = new HomeworkScheduler();
        Clock clock = scheduler.clock();
        double started = clock.now();
        List<String> results = scheduler.run("main", () -> gather(
                () -> readFile("a.txt", 0.2),
                () -> readFile("b.txt", 0.1),
                () -> readFile("c.txt", 0.3)));
        System.out.println("results: " + results);
        System.out.printf("gather finished in %.2fs (the longest read, not the sum)%n", clock.now() - started);
    }
}
