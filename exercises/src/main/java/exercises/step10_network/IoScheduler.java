package exercises.step10_network;

import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.Clock;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it
import miniasyncio.Task;
import miniasyncio.VirtualClock;

/**
 * Step 10: the loop waits for the network. Two more syscalls, {@link ReadWait} and
 * {@link WriteWait}, park a task until a non-blocking channel is ready; one {@link java.nio.channels.Selector}
 * watches every such channel. The idle wait, the only place the loop sleeps, becomes
 * {@code select(timeout to the nearest timer)}: it returns when a channel is ready or when the
 * timer is due, whichever comes first. This is the heart of asyncio's {@code _run_once}.
 *
 * <p>One reader and one writer per channel at a time. A channel's interest stays registered
 * after its task is woken, as asyncio's streams keep reading registered: the task usually waits
 * again soon, and changing the interest costs a system call ({@code epoll_ctl}) at the next
 * {@code select}. But the selector is level-triggered: an interest nobody waits for would make
 * {@code select} return at once, again and again (a busy loop). So when readiness finds no task
 * waiting, the interest is dropped then; cancelling a waiting task drops it at once. A connect's
 * interest ({@code OP_CONNECT}) is dropped as soon as its wait is served: no task waits for a
 * connect twice, and on the connected socket the selector would wake at once for ever without
 * ever reporting the key, so readiness would never find it to drop it.
 *
 * <p>A cancellation that waits for a task's next yield (the task cancelled while it ran, step 5)
 * is delivered at a {@code ReadWait} or {@code WriteWait} too, instead of parking the task.
 *
 * <p>On the virtual clock the network still takes real time. While tasks wait for I/O the loop
 * waits for it in real time and virtual time stands still; only when the network has been quiet
 * for {@link #QUIET_MILLIS} real milliseconds does virtual time jump to the next timer (trio's
 * {@code MockClock(autojump_threshold)}). With no timer, it waits for the network as long as it
 * takes, as asyncio does.
 *
 * <p>Start it with {@link #runUntilComplete}: the selector is closed when that returns.
 *
 * <p>Given, in {@link IoSchedulerBase}: {@link #select}, {@link #selector()},
 * {@link #workersRunning()}, {@link #QUIET_MILLIS}, {@link #readWait}, {@link #writeWait},
 * {@link #current(String)}, and closing the selector.
 */
public class IoScheduler extends IoSchedulerBase {

    public IoScheduler() {
        super();
    }

    public IoScheduler(Clock clock) {
        super(clock);
    }

    // BEGIN SOLUTION MEMBERS
    /**
     * Who waits on one channel: at most one reader and one writer. A channel's selection key
     * carries them ({@code key.attachment()}, NIO's own idiom), so a wait, and readiness finding
     * its task, look nothing up.
     */
    private static final class Waiters {
        final SelectionKey key;
        Task reader;
        Task writer;

        Waiters(SelectionKey key) {
            this.key = key;
        }
    }

    /**
     * Every channel registered, with its waiters. Looked through only when a channel may have
     * been closed and when a waiting task is cancelled (the key of a closed channel leaves the
     * selector's key set at the next select, its waiters would be lost with it), not on a wait.
     */
    private final List<Waiters> registered = new ArrayList<>();
    private int waiting; // tasks waiting for I/O
    private int stepsUntilPoll; // asyncio polls the network once per pass over the ready tasks

    private boolean waitsForIo() {
        return waiting > 0;
    }

    /** Parks {@code task} on {@code channel}; if it cannot wait there, the task gets the reason. */
    private void parkOn(Task task, SelectableChannel channel, boolean read) {
        try {
            addWaiter(task, channel, read);
        } catch (IllegalStateException | IllegalArgumentException cannotWait) {
            scheduleThrow(task, cannotWait);
        }
    }

    private void addWaiter(Task task, SelectableChannel channel, boolean read) {
        String what = read ? "read" : "write";
        if (!channel.isOpen()) {
            throw new IllegalStateException(task + " waits to " + what + " a closed channel: " + channel);
        }
        if (channel.isBlocking()) {
            throw new IllegalArgumentException(task + " waits to " + what + " a blocking channel: call"
                    + " channel.configureBlocking(false) first (a selector watches only non-blocking channels)");
        }
        int ops = opsFor(channel, read);
        if ((channel.validOps() & ops) == 0) {
            throw new IllegalArgumentException(task + " waits to " + what + " " + channel + ", which cannot be "
                    + (read ? "read" : "written") + " (a ServerSocketChannel is only read: it accepts)");
        }
        Waiters waiters = waitersOf(channel, task, what);
        Task other = read ? waiters.reader : waiters.writer;
        if (other != null) {
            throw new IllegalStateException(task + " waits to " + what + " " + channel + ", but " + other
                    + " already waits to " + what + " it: one " + what + "r per channel at a time");
        }
        if (read) {
            waiters.reader = task;
        } else {
            waiters.writer = task;
        }
        waiting++;
        SelectionKey key = waiters.key;
        if ((key.interestOps() & ops) != ops) {
            key.interestOps(key.interestOps() | ops); // usually still set from the last wait
        }
    }

    /** The waiters of {@code channel}, attached to its key; registers it the first time. */
    private Waiters waitersOf(SelectableChannel channel, Task task, String what) {
        SelectionKey key = channel.keyFor(selector());
        if (key != null) {
            return (Waiters) key.attachment();
        }
        try {
            key = channel.register(selector(), 0);
        } catch (ClosedChannelException e) {
            throw new IllegalStateException(task + " waits to " + what + " a closed channel: " + channel, e);
        }
        Waiters waiters = new Waiters(key);
        key.attach(waiters);
        registered.add(waiters);
        return waiters;
    }

    /** OP_READ or OP_ACCEPT to read; OP_WRITE, or OP_CONNECT while a connect is pending, to write. */
    private static int opsFor(SelectableChannel channel, boolean read) {
        if (read) {
            return channel.validOps() & (SelectionKey.OP_READ | SelectionKey.OP_ACCEPT);
        }
        return channel instanceof SocketChannel socket && socket.isConnectionPending()
                ? SelectionKey.OP_CONNECT : SelectionKey.OP_WRITE;
    }

    /** The selector asks for exactly what the tasks still wait for on the channel. */
    private static void updateInterest(Waiters waiters) {
        SelectionKey key = waiters.key;
        if (!key.isValid()) {
            return;
        }
        SelectableChannel channel = key.channel();
        int ops = 0;
        if (waiters.reader != null) {
            ops |= opsFor(channel, true);
        }
        if (waiters.writer != null) {
            ops |= opsFor(channel, false);
        }
        key.interestOps(ops);
    }

    /** Takes {@code task} off {@code waiters} but leaves the interest set: it will likely wait again. */
    private void forget(Waiters waiters, Task task) {
        if (waiters.reader == task) {
            waiters.reader = null;
            waiting--;
        }
        if (waiters.writer == task) {
            waiters.writer = null;
            waiting--;
        }
    }

    /** The waiters {@code task} is among, or null when it waits for no channel. */
    private Waiters findWaiters(Task task) {
        for (Waiters waiters : registered) {
            if (waiters.reader == task || waiters.writer == task) {
                return waiters;
            }
        }
        return null;
    }

    /**
     * A task waiting on a channel that was closed meanwhile would wait forever: it gets an error.
     * Closing a channel cancels its key, and the next select drops that registration; so this
     * looks (at every registered channel) only when the selector holds fewer registrations than
     * {@code registered} (every channel on this selector is registered through a wait). A closed
     * channel is forgotten here.
     */
    private int failWaitersOnClosedChannels() {
        if (selector().keys().size() >= registered.size()) {
            return 0; // no registration dropped since the last look: no channel of ours was closed
        }
        List<Waiters> closed = new ArrayList<>();
        registered.removeIf(waiters -> {
            if (waiters.key.channel().isOpen()) {
                return false;
            }
            closed.add(waiters);
            return true;
        });
        int woken = 0;
        for (Waiters waiters : closed) {
            woken += strand(waiters, waiters.reader) + strand(waiters, waiters.writer);
        }
        return woken;
    }

    /** {@code task} waited on a channel that is closed now: it wakes with the error. */
    private int strand(Waiters waiters, Task task) {
        if (task == null) {
            return 0;
        }
        forget(waiters, task);
        scheduleThrow(task, new IllegalStateException(
                "the channel " + task + " waited for was closed meanwhile: " + waiters.key.channel()));
        return 1;
    }

    /**
     * One look at the network ({@link #select}), then the ready channels' tasks go to ready. Before
     * it sleeps ({@code timeoutMillis} >= 0) it looks without waiting first: that look drops the
     * registrations of the channels closed since the last one, so a task waiting on such a channel
     * is found now and gets its error, instead of waiting while the loop sleeps for ever.
     */
    private int pollIo(long timeoutMillis) {
        boolean anyReady = select(-1) > 0;
        int woken = failWaitersOnClosedChannels();
        if (timeoutMillis >= 0 && !anyReady && woken == 0) {
            select(timeoutMillis); // nothing yet, and nobody was stranded: sleep until a channel is ready
            woken += failWaitersOnClosedChannels(); // a channel was closed meanwhile: did a task wait on it?
        }
        for (SelectionKey key : selector().selectedKeys()) {
            Waiters waiters = (Waiters) key.attachment();
            int ready = key.isValid() ? key.readyOps() : 0;
            boolean nobodyWaited = false;
            if ((ready & (SelectionKey.OP_READ | SelectionKey.OP_ACCEPT)) != 0) {
                nobodyWaited |= waiters.reader == null;
                woken += wake(waiters, waiters.reader);
            }
            if ((ready & (SelectionKey.OP_WRITE | SelectionKey.OP_CONNECT)) != 0) {
                nobodyWaited |= waiters.writer == null;
                woken += wake(waiters, waiters.writer);
            }
            if ((ready & SelectionKey.OP_CONNECT) != 0) {
                // A connect is served once: no task waits for it again. Left set on the connected
                // socket, it makes the selector wake at once for ever (epoll sees a writable socket,
                // NIO reports no ready key for it), and readiness never finds it to drop it.
                key.interestOps(key.interestOps() & ~SelectionKey.OP_CONNECT);
            }
            if (nobodyWaited) {
                updateInterest(waiters); // ready, but its task went on without waiting again: stop asking
            }
        }
        selector().selectedKeys().clear();
        return woken;
    }

    /**
     * Tasks cancelled while they ran: step 5 delivers such a request at the task's next yield, in
     * its handleSyscall. When that yield is a ReadWait or a WriteWait, it must reach step 5 then,
     * not park the task (step 5 keeps the request; this only says where the next yield goes).
     */
    private final java.util.Set<Task> cancelledWhileRunning = new java.util.HashSet<>();

    @Override
    public boolean cancel(int tid) {
        Task task = futureOf(tid).task();
        boolean running = task.isRunning();
        boolean accepted = super.cancel(tid);
        if (accepted && running) {
            cancelledWhileRunning.add(task);
        }
        return accepted;
    }

    @Override
    public int uncancel(int tid) {
        int left = super.uncancel(tid);
        if (left == 0) {
            cancelledWhileRunning.remove(futureOf(tid).task()); // withdrawn: its next wait parks as any other
        }
        return left;
    }

    @Override
    protected void finishTask(Task task, miniasyncio.Step.Outcome outcome) {
        cancelledWhileRunning.remove(task); // it returned before yielding again
        super.finishTask(task, outcome);
    }

    private int wake(Waiters waiters, Task task) {
        if (task == null) {
            return 0;
        }
        forget(waiters, task); // the interest stays: most tasks wait on the same channel again soon
        schedule(task, null); // the task now reads (or writes, or accepts) without blocking
        return 1;
    }
    // END SOLUTION

    /**
     * {@code ReadWait} and {@code WriteWait} park the task on its channel (the error goes to the
     * task: a closed channel, a blocking one, a second reader or writer), unless a cancellation
     * waits for the task's next yield: it is delivered there, as at any other syscall (step 5).
     * Other syscalls go on up.
     */
    @Override
    protected void handleSyscall(Task task, Object syscall) {
        // BEGIN SOLUTION
        boolean cancelWaits = cancelledWhileRunning.remove(task);
        switch (syscall) {
            case ReadWait(SelectableChannel channel) when !cancelWaits -> parkOn(task, channel, true);
            case WriteWait(SelectableChannel channel) when !cancelWaits -> parkOn(task, channel, false);
            default -> super.handleSyscall(task, syscall); // step 5 delivers a waiting cancellation at any syscall
        }
        // END SOLUTION
    }

    /**
     * Nothing is ready. With tasks waiting for I/O: {@code select} until a channel is ready or the
     * nearest timer is due (the core loop then wakes the sleepers); on the virtual clock see the
     * class comment. Without: the idle wait of before (timers, workers, or a deadlock).
     */
    @Override
    protected void idleWaitOrDeadlock() {
        // BEGIN SOLUTION
        if (!waitsForIo()) {
            super.idleWaitOrDeadlock();
            return;
        }
        Task next = sleeping.isEmpty() ? null : sleeping.peek();
        boolean virtual = clock() instanceof VirtualClock;
        if (next == null || (virtual && workersRunning() > 0)) {
            pollIo(0); // only the network (or a worker) can bring work: wait for it as long as it takes
        } else if (virtual) {
            if (pollIo(QUIET_MILLIS) == 0) {
                super.idleWaitOrDeadlock(); // the network stayed quiet: time jumps to the next timer
            }
        } else {
            long left = sleeping.firstWakeAt() - clock().nanoTime();
            pollIo(left <= 0 ? -1 : Math.ceilDiv(left, 1_000_000L)); // never wake before the timer
        }
        // END SOLUTION
    }

    /**
     * Also polls the network (without waiting) once per pass over the ready tasks, so that tasks
     * that keep each other busy do not starve the ones waiting for I/O. Then: is there work left,
     * tasks waiting for I/O included?
     */
    @Override
    protected boolean hasWork() {
        // BEGIN SOLUTION
        if (!ready.isEmpty() && waitsForIo() && --stepsUntilPoll <= 0) {
            pollIo(-1);
            stepsUntilPoll = ready.size();
        }
        return super.hasWork() || waitsForIo();
        // END SOLUTION
    }

    /** Cancelling a task that waits for I/O takes it off its channel. */
    @Override
    protected boolean unpark(Task task) {
        // BEGIN SOLUTION
        Waiters waiters = findWaiters(task);
        if (waiters == null) {
            return super.unpark(task);
        }
        forget(waiters, task);
        updateInterest(waiters);
        return true;
        // END SOLUTION
    }

    /** The tasks waiting for I/O are pending too (for deadlock messages, cancelling and closing). */
    @Override
    protected List<Task> pendingTasks() {
        // BEGIN SOLUTION
        List<Task> pending = super.pendingTasks();
        for (Waiters waiters : registered) {
            if (waiters.reader != null) {
                pending.add(waiters.reader);
            }
            if (waiters.writer != null) {
                pending.add(waiters.writer);
            }
        }
        return pending;
        // END SOLUTION
    }
}
