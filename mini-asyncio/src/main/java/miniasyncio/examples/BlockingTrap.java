package miniasyncio.examples;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import miniasyncio.Scheduler;
import miniasyncio.VirtualClock;

/**
 * The classic trap (digest section 4): a task calls {@code Thread.sleep} instead of
 * {@code sleep}. {@code Thread.sleep} does not yield to the scheduler: it blocks the one thread
 * the whole loop runs on, so every other task freezes until it returns. Two tickers that want to
 * tick every 0.05 s show it: while the blocker holds the loop, their timers fire but nobody runs
 * them, and they tick late.
 *
 * <p>The run goes twice: first the trap, then the fix ({@code sleep(0.3)}, which suspends only
 * the blocker). Watch it with {@code run BlockingTrap --debug --trace}: debug mode names the
 * step that held the loop ({@code Executing task 4 (blocker) took 0.300 s}) and the timeline
 * shows the tickers frozen ({@code :} = ready, waiting for its turn). Use the real clock: on the
 * virtual clock a step takes no time, so the freeze does not show on the timeline (the debug
 * warning still does, because it measures real time).
 */
public final class BlockingTrap {

    static final double TICK = 0.05;
    static final double BLOCK = 0.3;
    /** The options {@code run} was given (the CLI sets it): no need to suggest what is already on. */
    static final String RUN_OPTIONS = "miniasyncio.run.options";

    static final String VIRTUAL_NOTE = "(On the virtual clock a step takes no time, so the trap does not show below: the"
            + " tickers keep time and the run looks shorter than the fix. The trap shows only on the real clock: run"
            + " BlockingTrap without --virtual-time.)";

    private BlockingTrap() {
    }

    static void ticker(String name, double started) {
        double expected = now() - started;
        for (int i = 1; i <= 6; i++) {
            sleep(TICK);
            expected += TICK;
            double t = now() - started;
            // Tick 1 (at 0.05) comes before the blocker's first move (at 0.08), so the blocker cannot
            // make it late; only the slow start of a first run (class loading) could, so it is not judged.
            double late = i == 1 ? 0 : t - expected;
            System.out.printf("[%s] tick %d at t=%.2f%s%n", name, i, t,
                    late > 0.02 ? String.format(" (%.2f s late: the loop was blocked)", late) : "");
            expected = t;
        }
    }

    static void blocker(boolean trap) throws InterruptedException {
        sleep(0.08);
        if (trap) {
            System.out.println("[blocker] Thread.sleep(300): blocks the loop, nobody else can run");
            Thread.sleep((long) (BLOCK * 1000)); // THE TRAP: blocks the thread every task shares
        } else {
            System.out.println("[blocker] sleep(0.3): suspends only this task");
            sleep(BLOCK); // THE FIX: yields to the scheduler, which runs the others meanwhile
        }
        System.out.println("[blocker] done");
    }

    static void once(boolean trap) {
        Scheduler scheduler = new Scheduler();
        if (trap && scheduler.clock() instanceof VirtualClock) {
            // The trap is real time spent inside a step, and a step takes no virtual time: on this
            // clock the trap looks harmless (0.30 s, less than the fix), which would teach the
            // opposite of the lesson. Say so before its transcript.
            System.out.println(VIRTUAL_NOTE);
        }
        double started = scheduler.now();
        scheduler.run("main", () -> {
            createTask("ticker A", () -> ticker("ticker A", started));
            createTask("ticker B", () -> ticker("ticker B", started));
            createTask("blocker", () -> blocker(trap));
            return null;
        });
        System.out.printf("finished in %.2f s%n", scheduler.now() - started);
    }

    public static void main(String[] args) {
        System.out.println("== 1. The trap: the blocker calls Thread.sleep(300) inside a task ==");
        once(true);
        System.out.println();
        System.out.println("== 2. The fix: the blocker calls sleep(0.3) ==");
        once(false);
        String given = System.getProperty(RUN_OPTIONS, "");
        if (!(given.contains("--debug") && given.contains("--trace"))) {
            System.out.println();
            System.out.println("See it: run BlockingTrap --debug --trace (on the real clock)");
        }
    }
}
