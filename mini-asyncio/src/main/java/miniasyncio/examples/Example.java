package miniasyncio.examples;

import java.io.OutputStream;
import java.io.PrintStream;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.around.LoopPolicy;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

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

    /**
     * Why a silent run first: the lecture starts its clock ({@code started = time.monotonic()})
     * with Python's print and f-strings already loaded. A cold JVM would instead spend the first
     * tenth of a second inside the timed window loading and linking classes (the formatter, the
     * lambdas, the scheduler's own code), and every time of the transcript would come out late
     * ({@code [A] step 0, t=0.04}, {@code finished in 0.37s}). One run of the same code on the
     * virtual clock, with its output thrown away and unseen by {@code --trace}, pays that cost
     * before the clock starts; it takes no virtual and almost no real time.
     */
    static void warmUp() {
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream(), true));
        try {
            LoopPolicy.withoutSetups(() -> new Scheduler(Clock.virtual()).run("warm-up", () -> {
                main();
                return null;
            }));
            String.format("scheduler finished in %.2fs%n", 0.3);
        } finally {
            System.setOut(out);
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
        warmUp();
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
