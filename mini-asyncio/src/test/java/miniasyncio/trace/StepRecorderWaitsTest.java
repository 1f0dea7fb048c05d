package miniasyncio.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.trace.StepRecorder.Entry;
import miniasyncio.trace.StepRecorder.Snapshot;
import org.junit.jupiter.api.Test;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the recorder writes down of tasks parked on a lock or a queue (a {@link Waitable}, named by
 * a waiter's {@code waitsOn()}): what they await in words, through whom (the lock's holder, so a
 * ring of waits through locks is a cycle), the line of the program that called into the lock, and
 * at the end of a deadlock every parked task with its line, as it waited before the loop closed it.
 * The locks here are the exercises' in miniature: a waiter parks on a ticket the lock hands out.
 */
class StepRecorderWaitsTest {

    /** A waiter's ticket: the syscall holds it, and it names the lock it waits on. */
    static final class Ticket {
        final Waitable on;
        Task wakes;

        Ticket(Waitable on) {
            this.on = on;
        }

        public Waitable waitsOn() {
            return on;
        }
    }

    record AwaitTicket(Ticket ticket) {
    }

    /** Parks a task that yields {@link AwaitTicket} until its ticket is served. */
    static final class TicketScheduler extends Scheduler {
        final Map<Ticket, Task> parked = new LinkedHashMap<>();

        TicketScheduler() {
            super(Clock.virtual());
        }

        @Override
        protected void handleSyscall(Task task, Object syscall) {
            if (syscall instanceof AwaitTicket(Ticket ticket)) {
                parked.put(ticket, task);
            } else {
                super.handleSyscall(task, syscall);
            }
        }

        void serve(Ticket ticket) {
            Task task = parked.remove(ticket);
            if (task != null) {
                schedule(task, null);
            }
        }

        @Override
        protected boolean hasWork() {
            return super.hasWork() || !parked.isEmpty();
        }

        @Override
        protected List<Task> pendingTasks() {
            List<Task> pending = super.pendingTasks();
            pending.addAll(parked.values());
            return pending;
        }

        static TicketScheduler running() {
            return (TicketScheduler) Scheduler.current();
        }
    }

    /** A lock that knows its holder and hands itself to the first waiter. */
    static final class TinyLock implements Waitable {
        Task holder;
        final ArrayDeque<Ticket> waiters = new ArrayDeque<>();

        void acquire() {
            if (holder != null) {
                Ticket ticket = new Ticket(this);
                waiters.addLast(ticket);
                Scheduler.syscall("acquire", new AwaitTicket(ticket));
            }
            holder = Scheduler.current().currentTask();
        }

        void release() {
            holder = null;
            Ticket next = waiters.pollFirst();
            if (next != null) {
                TicketScheduler.running().serve(next);
            }
        }

        void withLock(Runnable body) {
            acquire();
            try {
                body.run();
            } finally {
                release(); // closing a deadlocked task runs it: the end must list the holder as it was before
            }
        }

        @Override
        public Task holder() {
            return holder;
        }
    }

    /** A queue of one slot, whose getter waits while it is empty. */
    static final class TinyQueue implements Waitable {
        Object item;
        Ticket getter;

        Object get() {
            if (item == null) {
                getter = new Ticket(this);
                Scheduler.syscall("get", new AwaitTicket(getter));
            }
            Object got = item;
            item = null;
            return got;
        }

        void put(Object value) {
            item = value;
            if (getter != null) {
                TicketScheduler.running().serve(getter);
                getter = null;
            }
        }

        @Override
        public String waitingBecause() {
            return item == null ? "empty: get waits for an item" : "1 item";
        }
    }

    /** Task i takes lock i, sleeps, then takes lock i+1: the last of them closes the ring in the run's last step. */
    private static StepRecorder ring(int size, List<Integer> lines) {
        TicketScheduler scheduler = new TicketScheduler();
        StepRecorder recorder = StepRecorder.attach(scheduler, 1000);
        assertThatThrownBy(() -> scheduler.run("main", () -> {
            List<TinyLock> locks = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                locks.add(new TinyLock());
            }
            for (int i = 0; i < size; i++) {
                TinyLock mine = locks.get(i);
                TinyLock next = locks.get((i + 1) % size);
                createTask("w" + i, () -> {
                    mine.withLock(() -> {
                        sleep(0.01);
                        lines.add(new Throwable().getStackTrace()[0].getLineNumber() + 1);
                        next.withLock(() -> { });
                    });
                    return null;
                });
            }
            return null;
        })).isInstanceOf(DeadlockException.class);
        return recorder;
    }

    @Test
    void aTaskParkedOnALockAwaitsTheLockAndItsHolder() {
        StepRecorder recorder = ring(2, new ArrayList<>());
        // step 4: w0 (task 2) runs into w1's lock and parks; step 5, the last: w1 runs into w0's
        assertThat(recorder.stepCount()).isEqualTo(5);
        Snapshot five = recorder.steps().get(4);
        assertThat(five.tid()).isEqualTo(3);
        assertThat(five.happened()).contains("task 2 (w0) yielded AwaitTicket[ticket=Ticket #1] -> parked, awaits"
                + " TinyLock #1 (held by task 3 (w1))");
        Entry w0 = five.parked().get(0);
        assertThat(w0.tid()).isEqualTo(2);
        assertThat(w0.awaited()).isEqualTo("TinyLock #1 (held by task 3 (w1))");
        assertThat(w0.via()).isEqualTo("TinyLock #1");
        assertThat(w0.awaits()).as("through the lock, w0 waits for its holder, w1").isEqualTo(3);
    }

    @Test
    void atTheEndOfADeadlockEveryParkedTaskHasItsLineAndItsHolderAsTheyWereBeforeClosing() {
        List<Integer> lines = new ArrayList<>();
        StepRecorder recorder = ring(3, lines);
        Snapshot end = recorder.finalState();
        assertThat(end.parked()).extracting(Entry::tid).containsExactly(2, 3, 4);
        // w2 (task 4) parked in the run's last step: no later step read its line, the closing did
        assertThat(end.parked()).allSatisfy(e -> {
            assertThat(e.at()).as("%s waits at a line", e.label()).isNotNull();
            assertThat(e.at().getFileName()).isEqualTo("StepRecorderWaitsTest.java");
            assertThat(e.at().getLineNumber()).as("the line that called into the lock, past its own frames")
                    .isEqualTo(lines.get(0));
        });
        // the finally blocks that closing ran released every lock: the end lists the holders of before
        assertThat(end.parked()).extracting(Entry::awaits).containsExactly(3, 4, 2);
        assertThat(end.parked()).extracting(Entry::awaited).containsExactly("TinyLock #1 (held by task 3 (w1))",
                "TinyLock #2 (held by task 4 (w2))", "TinyLock #3 (held by task 2 (w0))");
        assertThat(end.happened()).containsExactly("task 4 (w2) yielded AwaitTicket[ticket=Ticket #3] -> parked,"
                + " awaits TinyLock #3 (held by task 2 (w0))");
    }

    @Test
    void aTaskParkedOnAQueueSaysWhyItWaits() {
        TicketScheduler scheduler = new TicketScheduler();
        StepRecorder recorder = StepRecorder.attach(scheduler, 1000);
        scheduler.run("main", () -> {
            TinyQueue queue = new TinyQueue();
            createTask("consumer", () -> queue.get());
            sleep(0.01);
            queue.put("block-1");
            return null;
        });
        Snapshot three = recorder.steps().get(2); // main again, after its sleep: the consumer is parked
        assertThat(three.tid()).isEqualTo(1);
        assertThat(three.parked()).singleElement().satisfies(e -> {
            assertThat(e.awaited()).isEqualTo("TinyQueue #1 (empty: get waits for an item)");
            assertThat(e.awaits()).as("nobody holds a queue").isZero();
            assertThat(e.at()).isNotNull();
            assertThat(e.at().getClassName()).as("past the queue's own frames").isEqualTo(StepRecorderWaitsTest.class.getName());
        });
    }

    @Test
    void theSyscallFindsWhatItWaitsOnThroughItsPartsOnly() {
        TinyLock lock = new TinyLock();
        assertThat(Awaited.waitableOf(new AwaitTicket(new Ticket(lock)))).isSameAs(lock);
        assertThat(Awaited.waitableOf(lock)).isSameAs(lock);
        assertThat(Awaited.waitableOf(new AwaitTicket(new Ticket(null)))).isNull();
        assertThat(Awaited.waitableOf("a string")).isNull();
        assertThat(Awaited.waitableOf(null)).isNull();
    }
}
