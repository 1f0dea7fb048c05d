package exercises.step10_network;

import exercises.step9_run.AsyncioScheduler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.Selector;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.ToThread;

/**
 * Given: the part of {@link IoScheduler} the kit writes (the selector, the one way to look at the
 * network, the count of {@code toThread} workers, closing, and the two waits tasks call), so that
 * {@code IoScheduler.java} holds only what you write. A release may change this file; yours is
 * never touched. Only {@link IoScheduler} extends it: the rest of the kit names
 * {@code IoScheduler}.
 */
public abstract class IoSchedulerBase extends AsyncioScheduler {

    /** On the virtual clock: real milliseconds of network silence before time jumps to a timer. */
    public static final long QUIET_MILLIS = 100;

    private final Selector selector = openSelector();
    private final AtomicInteger workersRunning = new AtomicInteger(); // toThread calls not handed back
    private long selectCalls;

    IoSchedulerBase() {
        super();
    }

    IoSchedulerBase(Clock clock) {
        super(clock);
    }

    /**
     * Counts a {@code toThread} call as a worker running (while one runs, virtual time stands
     * still: {@link #workersRunning()}), then as before. Your {@code handleSyscall} passes every
     * syscall but {@code ReadWait} and {@code WriteWait} on up, through here.
     */
    @Override
    protected void handleSyscall(Task task, Object syscall) {
        if (syscall instanceof ToThread) {
            workersRunning.incrementAndGet();
        }
        super.handleSyscall(task, syscall);
    }

    /** How many {@code toThread} workers run now (their results not handed back yet). */
    protected final int workersRunning() {
        return workersRunning.get();
    }

    /** As before; the selector is closed when the run ends. */
    @Override
    public <T> T runUntilComplete(String name, Callable<T> main) {
        try {
            return super.runUntilComplete(name, main);
        } finally {
            closeSelector();
        }
    }

    @Override
    protected void closeAll() {
        try {
            super.closeAll();
        } finally {
            closeSelector();
        }
    }

    /** A worker has handed a toThread result back: the loop may be in select, so wake it there. */
    @Override
    protected void workerHandedBack() {
        workersRunning.decrementAndGet();
        selector.wakeup();
    }

    /**
     * The one way to look at the network: {@code timeoutMillis} < 0 looks without waiting
     * ({@code selectNow}), 0 waits until a channel is ready (or a worker wakes the loop), > 0 waits
     * at most that long. The ready keys are in {@code selector().selectedKeys()}. A wait is the
     * loop idle: the instruments are told ({@code --trace} draws it).
     */
    protected final int select(long timeoutMillis) {
        selectCalls++;
        try {
            if (timeoutMillis < 0) {
                return selector.selectNow();
            }
            long from = clock().nanoTime();
            int ready = timeoutMillis == 0 ? selector.select() : selector.select(timeoutMillis);
            idleWaited(from, clock().nanoTime()); // --trace draws the loop idle ('z') while it waited here
            return ready;
        } catch (IOException e) {
            throw new UncheckedIOException("the selector failed", e);
        }
    }

    /** The selector every waiting channel is registered with. */
    protected final Selector selector() {
        return selector;
    }

    /** How many times the loop has looked at the network: few while it only waits (no busy polling). */
    public final long selectCalls() {
        return selectCalls;
    }

    private void closeSelector() {
        try {
            selector.close();
        } catch (IOException e) {
            throw new UncheckedIOException("closing the selector failed", e);
        }
    }

    private static Selector openSelector() {
        try {
            return Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a Selector", e);
        }
    }

    /** The running IoScheduler; {@code caller} names the method for the error outside one. */
    public static IoScheduler current(String caller) {
        if (Scheduler.current() instanceof IoScheduler scheduler) {
            return scheduler;
        }
        throw new IllegalStateException(caller + "() needs a running IoScheduler: start the program with"
                + " new IoScheduler().runUntilComplete(main)");
    }

    /** Suspends the running task until {@code channel} can be read (or accepted) without blocking. */
    public static void readWait(SelectableChannel channel) {
        current("readWait");
        Scheduler.syscall("readWait", new ReadWait(channel));
    }

    /** Suspends the running task until {@code channel} can be written (or its connect finished). */
    public static void writeWait(SelectableChannel channel) {
        current("writeWait");
        Scheduler.syscall("writeWait", new WriteWait(channel));
    }
}
