package miniasyncio.around;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.Test;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two tasks enter the same {@code synchronized} block, and the first suspends inside it. On
 * JDK 21 the suspension is refused (a pinned stack); from JDK 24 on it is allowed and the second
 * task blocks the loop's thread for good, which the watchdog must report within about a second.
 */
class MonitorWatchdogTest {

    static final Object SHARED = new Object();

    /** The lecture's read, sleep(0), write, "protected" by a monitor. */
    static void incrementUnderMonitor(int[] value) {
        synchronized (SHARED) {
            int before = value[0];
            sleep(0); // suspends while holding SHARED
            value[0] = before + 1;
        }
    }

    static void twoTasksOnOneMonitor() {
        int[] value = {0};
        createTask("first", () -> incrementUnderMonitor(value));
        createTask("second", () -> incrementUnderMonitor(value));
    }

    @Test
    void aTaskBlockedOnAMonitorASuspendedTaskHoldsIsReportedWithinAboutASecond() throws Exception {
        CompletableFuture<String> report = new CompletableFuture<>();
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setOnStuck(report::complete);
        Thread loop = new Thread(() -> {
            try {
                scheduler.run(() -> {
                    twoTasksOnOneMonitor();
                    return null;
                });
                ended.complete(null);
            } catch (Throwable t) {
                ended.complete(t);
            }
        }, "monitor test loop");
        loop.setDaemon(true); // on JDK 24+ it stays blocked for good
        long started = System.nanoTime();
        loop.start();
        if (Runtime.version().feature() < 24) {
            // JDK 21: a held monitor pins the stack, the suspension fails at once with the advice.
            assertThat(ended.get(10, TimeUnit.SECONDS)).isNull();
            assertThat(scheduler.view().unretrievedFailures()).isEmpty(); // reported on stderr at the end
            return;
        }
        String text = report.get(10, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - started) / 1e9;
        assertThat(seconds).as("reported within about a second").isBetween(0.9, 5.0);
        assertThat(text)
                .contains("task 3 (second) has been blocked for")
                .contains("it enters at miniasyncio.around.MonitorWatchdogTest.incrementUnderMonitor(MonitorWatchdogTest.java:")
                .contains("The monitor is held by a suspended task:\n  task 2 (first), suspended inside it at"
                        + " miniasyncio.around.MonitorWatchdogTest.incrementUnderMonitor(MonitorWatchdogTest.java:")
                .contains("exercises.step4_sync.Lock")
                .contains("run() will never return");
        assertThat(scheduler.settings().stuckReport()).isEqualTo(text);
        assertThat(loop.getState()).isEqualTo(Thread.State.BLOCKED);
        assertThat(ended).isNotDone();
    }

    @Test
    void aMonitorHeldByAnotherLiveThreadIsNotTheLoopsHang() throws Exception {
        CompletableFuture<String> report = new CompletableFuture<>();
        Object lock = new Object();
        CompletableFuture<Void> holding = new CompletableFuture<>();
        Thread holder = new Thread(() -> {
            synchronized (lock) {
                holding.complete(null);
                try {
                    Thread.sleep(1800); // longer than the watchdog's limit, then lets go
                } catch (InterruptedException ignored) {
                    // ends early
                }
            }
        });
        holder.start();
        holding.get(5, TimeUnit.SECONDS);
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setOnStuck(report::complete);
        scheduler.run(() -> {
            synchronized (lock) { // waits for the other thread, which does let go
                return null;
            }
        });
        assertThat(report).isNotDone();
        assertThat(scheduler.settings().stuckReport()).isNull();
    }

    /**
     * The same on a loaded machine: busy loops on every core beside it, and an owner that lets go
     * and takes the monitor again many times while the loop's thread stays blocked (each letting
     * go is a moment when the monitor has no owner, and a look that falls on it must not count).
     */
    @Test
    void aMonitorALiveThreadKeepsTakingIsNotTheLoopsHangWithBusyLoopsBeside() throws Exception {
        CompletableFuture<String> report = new CompletableFuture<>();
        Object lock = new Object();
        java.util.concurrent.atomic.AtomicBoolean busy = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.List<Thread> loops = new java.util.ArrayList<>();
        for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
            Thread t = new Thread(() -> {
                long x = 0;
                while (busy.get()) {
                    x += System.nanoTime() % 7; // work that cannot be optimized away
                }
                if (x == 42) {
                    System.out.print("");
                }
            }, "busy loop " + i);
            t.setDaemon(true);
            loops.add(t);
            t.start();
        }
        CompletableFuture<Void> holding = new CompletableFuture<>();
        Thread holder = new Thread(() -> {
            long end = System.nanoTime() + 2_000_000_000L; // twice the watchdog's limit
            while (System.nanoTime() < end) {
                synchronized (lock) {
                    holding.complete(null);
                    long spin = System.nanoTime() + 20_000_000L;
                    while (System.nanoTime() < spin) {
                        Thread.onSpinWait(); // holds it 20 ms, then lets go for a moment
                    }
                }
            }
        });
        try {
            holder.start();
            holding.get(10, TimeUnit.SECONDS);
            Scheduler scheduler = new Scheduler(Clock.virtual());
            scheduler.settings().setOnStuck(report::complete);
            scheduler.run(() -> {
                synchronized (lock) { // the holder lets go for good after 2 s at the latest
                    return null;
                }
            });
            holder.join();
            assertThat(report).isNotDone();
            assertThat(scheduler.settings().stuckReport()).isNull();
        } finally {
            busy.set(false);
        }
    }

    /**
     * The rule itself, look by look (times in ms): the one look whose two reads fall just as a live
     * owner lets go sees a blocked thread and no owner, and must not be reported even though the
     * thread has been blocked for longer than the limit.
     */
    @Test
    void onlyASecondOfLooksThatAllSawNoLiveOwnerIsReported() {
        long ms = 1_000_000L;
        Object task = new Object();
        MonitorWatchdog.Watch watch = new MonitorWatchdog.Watch(new Scheduler(Clock.virtual()));
        for (long t = 0; t <= 1800; t += 200) {
            assertThat(watch.look(task, false, 7, t * ms)).as("owned by a live thread at %d ms", t).isFalse();
        }
        assertThat(watch.look(task, true, 7, 2000 * ms)).as("the owner let go between the two reads").isFalse();
        assertThat(watch.look(task, false, 0, 2200 * ms)).as("the loop's thread took the monitor").isFalse();
        for (long t = 2400; t < 3400; t += 200) {
            assertThat(watch.look(task, true, 7, t * ms)).as("no live owner for %d ms", t - 2400).isFalse();
        }
        assertThat(watch.look(task, true, 7, 3400 * ms)).as("a second of looks without a live owner").isTrue();
        assertThat(watch.look(task, true, 7, 3600 * ms)).as("reported once").isFalse();

        MonitorWatchdog.Watch slowed = new MonitorWatchdog.Watch(new Scheduler(Clock.virtual()));
        assertThat(slowed.look(task, true, 7, 0)).isFalse();
        assertThat(slowed.look(task, true, 7, 1500 * ms)).as("a watcher slowed by the load: two looks only").isFalse();
        assertThat(slowed.look(task, true, 8, 3000 * ms)).as("another monitor starts the count anew").isFalse();
    }

    @Test
    void theFirstUserFrameSkipsTheJdkAndTheKitsMachinery() {
        StackTraceElement[] stack = {
                new StackTraceElement("jdk.internal.vm.Continuation", "yield", "Continuation.java", 1),
                new StackTraceElement("miniasyncio.Coroutine", "yield", "Coroutine.java", 2),
                new StackTraceElement("miniasyncio.MiniAsyncio", "sleep", "MiniAsyncio.java", 3),
                new StackTraceElement("miniasyncio.examples.Mine", "work", "Mine.java", 4)};
        assertThat(MonitorWatchdog.firstUserFrame(stack).getClassName()).isEqualTo("miniasyncio.examples.Mine");
    }
}
