package miniasyncio.around;

import java.util.function.Consumer;
import miniasyncio.Scheduler;

/**
 * What a scheduler does when {@link MonitorWatchdog} finds its loop's thread stuck for good (a
 * task blocked on a monitor that a suspended task holds), and the report it was given. The
 * watchdog calls {@link #stuck} on its own thread, so both fields are volatile.
 *
 * <p>Joined at one point, outside the loop: {@link Scheduler#run} registers the loop's thread with
 * the watchdog, which watches it from its own thread and reaches this through the scheduler.
 */
final class StuckAction {

    private volatile Consumer<String> action = System.err::println;
    private volatile String report;

    void set(Consumer<String> action) {
        if (action == null) {
            throw new NullPointerException("setOnStuck(null): pass what to do with the report, e.g. System.err::println");
        }
        this.action = action;
    }

    String report() {
        return report;
    }

    /** Called by the watchdog, once, on its own thread. */
    void stuck(String text) {
        report = text;
        action.accept(text);
    }
}
