package miniasyncio.around;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import miniasyncio.Clock;
import miniasyncio.ContextVar;
import miniasyncio.MiniAsyncio;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.TimerHeap;
import miniasyncio.VirtualClock;

/**
 * The worker threads behind {@link MiniAsyncio#toThread}: asyncio's {@code to_thread} and its
 * default executor. Everything else of a scheduler happens on the loop's one thread; only the
 * blocking call runs here, and only its result comes back.
 *
 * <p>Made by the scheduler at the first {@code toThread} of a run: until then the loop asks it
 * nothing (its field is null), so a run without one never enters this file. Joined to the loop at
 * these points: {@link Scheduler#handleSyscall} starts a call ({@link #start}); the loop, before it
 * wakes the sleepers, makes ready the tasks whose call came back ({@link #handBack}); when nothing is ready, {@link Scheduler#idleWaitOrDeadlock} waits
 * for a worker if one still runs ({@link #waitForOne}), without polling, and {@code hasWork}
 * counts a running call as work ({@link #busy}); a waiting task is pending ({@link #tasks}), is
 * cancelled with {@code unpark} ({@link #forget}) and dropped by {@code closeAll}
 * ({@link #forgetAll}); the end of {@code run} lets the workers go ({@link #shutdown}).
 *
 * <p>A task waiting here is parked like any other: {@link Scheduler#unpark} takes it out
 * ({@link #forget}) so that it can be cancelled, timed out or closed at once. Its worker thread
 * is <em>not</em> stopped (Java cannot stop a thread safely, nor can asyncio): the call runs on,
 * and what it hands back is dropped, also when the same task has meanwhile started another call.
 */
public final class ToThreadWorkers {

    /**
     * What the workers need of the loop: the scheduler's helpers that only its subclasses may call
     * ({@code schedule}, {@code scheduleThrow}, {@code idleWaited}, {@code workerHandedBack}), handed
     * over as method references made inside the scheduler, so that they stay protected across the two
     * packages. {@code handedBack} runs on a worker thread (a loop idling in a selector wakes itself).
     */
    public record Loop(BiConsumer<Task, Object> schedule, BiConsumer<Task, Throwable> scheduleThrow,
                       IdleWait idleWaited, Runnable handedBack) {}

    /** The loop idled from {@code from} to {@code to} (clock nanoseconds): its instruments hear it. */
    @FunctionalInterface
    public interface IdleWait {
        void idleWaited(long from, long to);
    }

    /** One call on a worker: the task waiting for it, and how it ended (written by the worker). */
    private static final class Call {
        final Task task;
        Object value;
        Throwable error;

        Call(Task task) {
            this.task = task;
        }
    }

    private final Loop scheduler;
    /** Tasks waiting for a worker, with the call each waits for (loop thread only). */
    private final Map<Task, Call> away = new LinkedHashMap<>();
    /** What workers hand back (any thread): the queue is the happens-before edge to the loop. */
    private final ConcurrentLinkedQueue<Call> inbox = new ConcurrentLinkedQueue<>();
    private ExecutorService threads; // made on the first toThread
    private Thread loop;

    /*
     * Public, as every method the loop calls below: the Scheduler, in package miniasyncio, makes and calls it.
     */
    public ToThreadWorkers(Loop scheduler) {
        this.scheduler = scheduler;
    }

    /** Is a task waiting for a worker? Then the loop has work that no timer brings. */
    public boolean busy() {
        return !away.isEmpty();
    }

    /** The tasks waiting for a worker, in the order they started waiting. */
    public List<Task> tasks() {
        return new ArrayList<>(away.keySet());
    }

    /**
     * Starts {@code call} on a worker thread; {@code task} stays parked until the worker hands back. The scheduler
     * passes the call bound to the task's {@code ContextVar} values, so that the call sees them.
     */
    public void start(Task task, Callable<?> call) {
        if (threads == null) {
            loop = Thread.currentThread();
            threads = Executors.newCachedThreadPool(runnable -> {
                Thread t = new Thread(runnable, "mini-asyncio toThread worker");
                t.setDaemon(true); // a blocking call abandoned by a cancelled task does not keep the JVM alive
                return t;
            });
        }
        Call running = new Call(task);
        away.put(task, running);
        threads.execute(() -> {
            try {
                running.value = call.call();
            } catch (Throwable failure) {
                running.error = failure;
            }
            inbox.add(running);
            LockSupport.unpark(loop);      // wakes the loop if it waits here
            scheduler.handedBack().run();  // and where a subclass's loop waits (a selector)
        });
    }

    /**
     * Makes ready, with its result or its exception, each task whose call has come back. A call
     * whose task was taken out meanwhile (cancelled, closed) is dropped.
     */
    public void handBack() {
        if (away.isEmpty()) {
            return; // no call out: nothing to look at
        }
        Call call;
        while ((call = inbox.poll()) != null) {
            if (away.remove(call.task, call)) {
                if (call.error == null) {
                    scheduler.schedule().accept(call.task, call.value);
                } else {
                    scheduler.scheduleThrow().accept(call.task, call.error);
                }
            }
        }
    }

    /**
     * Nothing is ready and a task waits for a worker: park the loop's thread until a worker hands
     * back (it unparks this thread) or, on the real clock, until the first timer of {@code sleeping}
     * (if any). On the virtual clock time stands still while a worker runs, as it does while
     * a step runs: a blocking call takes no virtual time, and the order of a run stays the same.
     */
    public void waitForOne(TimerHeap sleeping, Clock clock) {
        long from = clock.nanoTime();
        boolean untilWorker = sleeping.isEmpty() || clock instanceof VirtualClock;
        long nextTimer = untilWorker ? from : sleeping.firstWakeAt();
        scheduler.idleWaited().idleWaited(from, Math.max(from, nextTimer));
        while (inbox.isEmpty()) {
            if (untilWorker) {
                LockSupport.park(this);
            } else {
                long left = nextTimer - clock.nanoTime();
                if (left <= 0) {
                    return;
                }
                LockSupport.parkNanos(this, left);
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new CancellationException(
                        "the scheduler's thread was interrupted while waiting for a worker thread (toThread)");
            }
        }
    }

    /** Takes {@code task} out of its wait: its worker runs on, and what it hands back is dropped. */
    public boolean forget(Task task) {
        return away.remove(task) != null;
    }

    /** Every task has been closed: none waits any more. */
    public void forgetAll() {
        away.clear();
    }

    /** The run has ended: idle threads end, and a call still running ends on its own. */
    public void shutdown() {
        if (threads != null) {
            threads.shutdown();
        }
    }
}
