package miniasyncio.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.Sleep;
import miniasyncio.Step;
import miniasyncio.Task;
import miniasyncio.VirtualClock;

/**
 * An {@link Instrument} that writes down what every task does and when, for the pictures of a
 * run ({@link TerminalTimeline}, {@link ChromeTrace}, {@link HtmlTimeline}).
 *
 * <pre>{@code
 * Scheduler scheduler = new Scheduler(Clock.virtual());
 * Recorder recorder = Recorder.attach(scheduler);
 * scheduler.run(...);
 * System.out.print(TerminalTimeline.render(recorder.timeline()));
 * }</pre>
 *
 * <p>Between two steps a task is in one state, decided by the syscall its last step yielded:
 * {@code Sleep} with a duration is sleeping until the timer (then ready until the loop gets to
 * it), {@code Sleep(0)} is ready at once, and <em>any other syscall</em> is waiting: the core
 * knows no other kind, and the homework's {@code AwaitTask} (wait for another task) is the one
 * the lecture adds. So the picture needs no knowledge of the homework.
 */
public final class Recorder implements Instrument {

    private final Clock clock;
    private final Map<Integer, Track> tracks = new LinkedHashMap<>();
    private final List<long[]> idle = new ArrayList<>();
    private final long start; // times are kept relative to this: the pictures start at 0
    private long last;

    public Recorder(Clock clock) {
        this.clock = clock;
        this.start = clock.nanoTime();
    }

    /** A recorder added to {@code scheduler} as an instrument. */
    public static Recorder attach(Scheduler scheduler) {
        Recorder recorder = new Recorder(scheduler.clock());
        scheduler.settings().addInstrument(recorder);
        return recorder;
    }

    /** What happened to one task so far; {@code state} is what it does now, since {@code since}. */
    private static final class Track {
        final int tid;
        final String name;
        final int creatorTid;
        final long spawnedAt;
        final List<Span> spans = new ArrayList<>();
        final Task task;
        Span.Kind state = Span.Kind.READY;
        long since;
        String stateDetail = "created, waiting for its first step";
        boolean timer;
        long wakeAt; // while on a timer: when it is due (run-relative nanoseconds), as its Sleep said
        int steps;
        long realStart;
        long endedAt = -1;
        String ending = "still pending";
        boolean failed;

        Track(Task task, int creatorTid, long now) {
            this.task = task;
            this.tid = task.tid();
            this.name = task.name();
            this.creatorTid = creatorTid;
            this.spawnedAt = now;
            this.since = now;
        }
    }

    private long now() {
        long now = clock.nanoTime() - start;
        last = Math.max(last, now);
        return now;
    }

    @Override
    public void taskSpawned(Task task, Task creator) {
        tracks.put(task.tid(), new Track(task, creator == null ? 0 : creator.tid(), now()));
    }

    @Override
    public void beforeStep(Task task) {
        Track t = tracks.get(task.tid());
        if (t == null) {
            return; // spawned before this recorder was added
        }
        long now = now();
        long wakeAt = t.wakeAt;
        if (t.timer && wakeAt < now) {
            // The timer fired at wakeAt, but the loop got to the task only now: the gap is the
            // lag a blocking step causes, drawn as "ready, waiting for its turn".
            long wake = Math.max(t.since, wakeAt);
            close(t, Span.Kind.SLEEPING, t.since, wake, t.stateDetail);
            close(t, Span.Kind.READY, wake, now, "timer fired at " + Seconds.format(wake) + " s, waiting for the loop");
        } else {
            close(t, t.state, t.since, now, t.stateDetail);
        }
        t.steps++;
        t.state = Span.Kind.RUNNING;
        t.since = now;
        t.realStart = System.nanoTime();
    }

    @Override
    public void afterStep(Task task, Step step) {
        Track t = tracks.get(task.tid());
        if (t == null) {
            return;
        }
        long real = System.nanoTime() - t.realStart;
        long now = now();
        String what = switch (step) {
            case Step.Yielded yielded -> "yielded " + StepText.described(yielded.value);
            case Step.Returned(Object value) -> "returned " + value;
            case Step.Failed(Throwable e) -> "failed: " + e;
        };
        t.spans.add(new Span(Span.Kind.RUNNING, t.since, now, t.steps, "step " + t.steps + ": " + what, real));
        t.since = now;
        t.timer = false;
        if (step instanceof Step.Yielded yielded) {
            Object syscall = yielded.value;
            if (syscall instanceof Sleep sleep && sleep.nanos() > 0) {
                t.state = Span.Kind.SLEEPING;
                t.timer = true;
                t.wakeAt = LoopState.dueAt(now, sleep);
                t.stateDetail = "sleep(" + sleep.duration() + ") until " + Seconds.format(t.wakeAt) + " s";
            } else if (syscall instanceof Sleep) {
                t.state = Span.Kind.READY;
                t.stateDetail = "sleep(0): back of the ready queue";
            } else if (syscall instanceof IoWait) {
                t.state = Span.Kind.IO_WAITING; // until select says its channel is ready
                t.stateDetail = "waiting for the network: " + StepText.described(syscall);
            } else {
                t.state = Span.Kind.WAITING;
                t.stateDetail = "waiting: " + StepText.described(syscall);
            }
        }
    }

    @Override
    public void taskExited(Task task, Step.Outcome outcome) {
        Track t = tracks.get(task.tid());
        if (t == null) {
            return;
        }
        t.endedAt = now();
        t.state = null;
        switch (outcome) {
            case Step.Returned r -> t.ending = "returned";
            case Step.Failed(Throwable e) -> {
                t.ending = "failed: " + e;
                t.failed = true;
            }
        }
    }

    @Override
    public void idleWait(long from, long to) {
        idle.add(new long[] {from - start, to - start});
        last = Math.max(last, to - start);
    }

    private static void close(Track t, Span.Kind kind, long from, long to, String detail) {
        if (kind != null && to > from) {
            t.spans.add(new Span(kind, from, to, t.steps, detail, 0));
        }
    }

    /**
     * The timeline so far, up to the last event seen. Tasks that have not finished get their
     * current state drawn up to that moment.
     */
    public Timeline timeline() {
        long end = last;
        List<TaskRow> rows = new ArrayList<>();
        for (Track t : tracks.values()) {
            List<Span> spans = new ArrayList<>(t.spans);
            if (t.endedAt < 0 && t.state != null && t.state != Span.Kind.RUNNING && end > t.since) {
                spans.add(new Span(t.state, t.since, end, t.steps, t.stateDetail, 0));
            }
            rows.add(new TaskRow(t.tid, t.name, t.creatorTid, t.spawnedAt, t.endedAt, t.ending, t.failed,
                    t.steps, List.copyOf(spans)));
        }
        return new Timeline(clock instanceof VirtualClock, end, List.copyOf(rows), List.copyOf(idle));
    }
}
