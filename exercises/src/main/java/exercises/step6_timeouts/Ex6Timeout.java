package exercises.step6_timeouts;

import static miniasyncio.MiniAsyncio.sleep;

import exercises.step5_cancellation.CancellableScheduler;

/**
 * The lecture's {@code wait_for} demo (section 3): {@code slow_op} would take 1 s; after 0.2 s it
 * is cancelled (its {@code finally} prints first), and the caller gets a timeout.
 */
public final class Ex6Timeout {

    private Ex6Timeout() {
    }

    static String slowOp() {
        try {
            sleep(1.0);
            return "done";
        } finally {
            System.out.println("slow_op: cleaning up");
        }
    }

    static void timeoutDemo() {
        try {
            Timeouts.waitFor(Ex6Timeout::slowOp, 0.2);
        } catch (TimeoutException e) {
            System.out.println("timed out");
        }
    }

    public static void main(String[] args) {
        new CancellableScheduler().run("timeout_demo", () -> {
            timeoutDemo();
            return null;
        });
    }
}
