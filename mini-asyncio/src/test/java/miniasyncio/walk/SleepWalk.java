package miniasyncio.walk;

import static miniasyncio.MiniAsyncio.run;
import static miniasyncio.MiniAsyncio.sleep;

/**
 * The program {@link SleepWalkTest} traces, in a JVM of its own: one task sleeps once (so that the
 * classes are loaded and {@code Sleep(1.0)} is kept), then sleeps again between two markers. What
 * the loop's thread enters between the end of {@link #before} and the start of {@link #after} is
 * one {@code sleep(1)}, from the call to the line after it. The real clock, the lecture's ending.
 */
public final class SleepWalk {

    private SleepWalk() {
    }

    /** Marks where the walk starts: the call of the second {@code sleep(1.0)} comes next. */
    static void before() {
    }

    /** Marks where the walk ends: the line after the second {@code sleep(1.0)}. */
    static void after() {
    }

    public static void main(String[] args) {
        run(() -> {
            sleep(1.0);
            before();
            sleep(1.0);
            after();
        });
    }
}
