package miniasyncio.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.Capture;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;
import org.junit.jupiter.api.Test;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

class RecorderTest {

    /** A syscall the core does not know, handled by a subclass: "wake me when task tid ends". */
    record WaitFor(int tid) {}

    /** The same wait, marked as a wait for the network (as step 10's ReadWait and WriteWait are). */
    record WaitForNetwork(int tid) implements IoWait {}

    /** A scheduler with one extra syscall, as the homework adds AwaitTask. */
    static final class Waiting extends Scheduler {
        final Map<Integer, List<Task>> waiters = new HashMap<>();

        Waiting() {
            super(Clock.virtual());
        }

        @Override
        protected void handleSyscall(Task task, Object syscall) {
            int tid = syscall instanceof WaitFor(int t) ? t : syscall instanceof WaitForNetwork(int t) ? t : -1;
            if (tid >= 0) {
                if (results.containsKey(tid)) {
                    schedule(task, null);
                } else {
                    waiters.computeIfAbsent(tid, t -> new ArrayList<>()).add(task);
                }
            } else {
                super.handleSyscall(task, syscall);
            }
        }

        @Override
        protected void finishTask(Task task, Step.Outcome outcome) {
            super.finishTask(task, outcome);
            for (Task waiter : waiters.getOrDefault(task.tid(), List.of())) {
                schedule(waiter, null);
            }
        }
    }

    @Test
    void aSyscallThatIsNotSleepIsDrawnAsWaitingOnAnotherTask() {
        Waiting scheduler = new Waiting();
        Recorder recorder = Recorder.attach(scheduler);

        scheduler.run(() -> {
            int child = createTask("child", () -> sleep(0.5));
            Scheduler.syscall("waitFor", new WaitFor(child));
            return null;
        });

        TaskRow main = recorder.timeline().rows().get(0);
        assertThat(main.spans()).extracting(Span::kind)
                .containsExactly(Span.Kind.RUNNING, Span.Kind.WAITING, Span.Kind.RUNNING);
        Span waiting = main.spans().get(1);
        assertThat(waiting.from()).isZero();
        assertThat(waiting.to()).isEqualTo(500_000_000L);
        assertThat(waiting.detail()).isEqualTo("waiting: WaitFor[tid=2]");
        assertThat(TerminalTimeline.render(recorder.timeline(), 10)).contains("1 main  #~~~~~~~~~#|");
    }

    @Test
    void anIoWaitSyscallIsDrawnAsWaitingForTheNetworkNotOnAnotherTask() {
        Waiting scheduler = new Waiting();
        Recorder recorder = Recorder.attach(scheduler);

        scheduler.run(() -> {
            int child = createTask("child", () -> sleep(0.5));
            Scheduler.syscall("waitForNetwork", new WaitForNetwork(child));
            return null;
        });

        TaskRow main = recorder.timeline().rows().get(0);
        assertThat(main.spans()).extracting(Span::kind)
                .containsExactly(Span.Kind.RUNNING, Span.Kind.IO_WAITING, Span.Kind.RUNNING);
        assertThat(main.spans().get(1).detail()).isEqualTo("waiting for the network: WaitForNetwork[tid=2]");
        String picture = TerminalTimeline.render(recorder.timeline(), 10);
        assertThat(picture).contains("1 main  #=========#|").contains("= waiting for the network");
        assertThat(ChromeTrace.render(recorder.timeline())).contains("\"name\":\"io_waiting\"");
        assertThat(HtmlTimeline.render(recorder.timeline(), "t")).contains("class=\"bar io_waiting\"")
                .contains(".io_waiting { fill:");
    }

    @Test
    void sleepZeroIsReadyAndATimerIsSleeping() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        Recorder recorder = Recorder.attach(scheduler);

        scheduler.run(() -> {
            sleep(0);
            sleep(0.2);
            return 7;
        });

        TaskRow main = recorder.timeline().rows().get(0);
        assertThat(main.steps()).isEqualTo(3);
        assertThat(main.ending()).isEqualTo("returned");
        assertThat(main.endedAt()).isEqualTo(200_000_000L);
        // sleep(0) takes no virtual time, so only the timer leaves a stretch between steps
        assertThat(main.spans()).extracting(Span::kind).containsExactly(
                Span.Kind.RUNNING, Span.Kind.RUNNING, Span.Kind.SLEEPING, Span.Kind.RUNNING);
        assertThat(main.spans().get(2).detail()).isEqualTo("sleep(0.2) until 0.200 s");
        assertThat(main.spans().get(3).detail()).isEqualTo("step 3: returned 7");
    }

    @Test
    void aFailedTaskIsMarkedAndItsErrorKept() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        Recorder recorder = Recorder.attach(scheduler);

        try (Capture capture = new Capture()) { // nobody retrieves the failure: the run prints it
            scheduler.run(() -> {
                createTask("bad", () -> {
                    sleep(0.1);
                    throw new IllegalStateException("boom");
                });
                sleep(0.2);
                return null;
            });
            assertThat(capture.err()).startsWith("Task exception was never retrieved: task 2 (bad)");
        }

        TaskRow bad = recorder.timeline().rows().get(1);
        assertThat(bad.failed()).isTrue();
        assertThat(bad.ending()).isEqualTo("failed: java.lang.IllegalStateException: boom");
        assertThat(TerminalTimeline.render(recorder.timeline(), 20)).contains("2 bad  #.........#X");
    }

    @Test
    void aTimerThatFiredWhileTheLoopWasBusyIsDrawnAsReady() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        Recorder recorder = Recorder.attach(scheduler);
        scheduler.run(() -> {
            createTask("hog", () -> {
                sleep(0.1);
                // A step that takes 0.3 s of loop time: the virtual clock moves only when told.
                ((miniasyncio.VirtualClock) scheduler.clock()).advance(300_000_000L);
            });
            createTask("ticker", () -> sleep(0.2));
            return null;
        });

        TaskRow ticker = recorder.timeline().rows().get(2);
        assertThat(ticker.spans()).extracting(Span::kind)
                .containsExactly(Span.Kind.RUNNING, Span.Kind.SLEEPING, Span.Kind.READY, Span.Kind.RUNNING);
        Span ready = ticker.spans().get(2);
        assertThat(ready.from()).isEqualTo(200_000_000L);
        assertThat(ready.to()).isEqualTo(400_000_000L);
        assertThat(ready.detail()).isEqualTo("timer fired at 0.200 s, waiting for the loop");
    }

    @Test
    void aTaskStillPendingIsDrawnToTheEnd() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        Recorder recorder = Recorder.attach(scheduler);
        scheduler.settings().setEndWithMain(true);
        scheduler.run(() -> {
            createTask("forever", () -> sleep(100));
            sleep(1);
            return null;
        });

        TaskRow forever = recorder.timeline().rows().get(1);
        assertThat(forever.finished()).isFalse();
        assertThat(forever.ending()).isEqualTo("still pending");
        assertThat(forever.spans().get(forever.spans().size() - 1).to()).isEqualTo(1_000_000_000L);
    }

    @Test
    void theColumnIsARoundDuration() {
        assertThat(TerminalTimeline.niceStep(1)).isEqualTo(1);
        assertThat(TerminalTimeline.niceStep(3)).isEqualTo(5);
        assertThat(TerminalTimeline.niceStep(5_000_000)).isEqualTo(5_000_000);
        assertThat(TerminalTimeline.niceStep(5_000_001)).isEqualTo(10_000_000);
        assertThat(TerminalTimeline.niceStep(12_000_000)).isEqualTo(20_000_000);
    }

    @Test
    void aTooNarrowTimelineIsRefused() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        Recorder recorder = Recorder.attach(scheduler);
        scheduler.run(() -> null);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TerminalTimeline.render(recorder.timeline(), 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a timeline needs at least 10 columns, got 3");
    }
}
