package miniasyncio.examples;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import miniasyncio.Clock;
import miniasyncio.Scheduler;

/**
 * The lecture's example (section 3c): three workers sleep in turns on one thread.
 *
 * <pre>
 * def worker(name, steps, delay):                  static void worker(String name, int steps, double delay)
 *     for i in range(steps):                           for (int i = 0; i &lt; steps; i++) {
 *         print(f"[{name}] step {i}, t=...")              System.out.printf(...);
 *         yield from sleep(delay)                         sleep(delay);
 * </pre>
 *
 * Sleeping one after another would take 0.30 + 0.20 + 0.30 = 0.80 s. Overlapped, the run takes
 * the longest worker's time: 0.30 s. On the virtual clock ({@code --virtual-time}) the times are
 * exact and the output is the same on every run.
 */
public final class Example {

    private static double started;

    private Example() {
    }

    static void worker(String name, int steps, double delay) {
        for (int i = 0; i < steps; i++) {
            System.out.printf("[%s] step %d, t=%.2f%n", name, i, now() - started);
            sleep(delay); // a plain call: it suspends this task, and the others run meanwhile
        }
    }

    static void main() {
        createTask("worker A", () -> worker("A", 3, 0.10));
        createTask("worker B", () -> worker("B", 4, 0.05));
        createTask("worker C", () -> worker("C", 2, 0.15));
        sleep(0.01);
        System.out.println("[main] all tasks scheduled");
    }

    public static void main(String[] args) {
        Scheduler scheduler = new Scheduler();
        Clock clock = scheduler.clock();
        started = clock.now();
        scheduler.run("main", () -> {
            main();
            return null;
        });
        System.out.printf("scheduler finished in %.2fs%n", clock.now() - started);
    }
}
