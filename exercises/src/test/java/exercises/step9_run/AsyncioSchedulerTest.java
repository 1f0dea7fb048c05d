package exercises.step9_run;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.Context;
import miniasyncio.ContextVar;
import org.junit.jupiter.api.Test;

class AsyncioSchedulerTest {

    static Callable<Object> child(String name, double seconds, List<String> log) {
        return () -> {
            try {
                sleep(seconds);
                log.add(name + " finished");
            } catch (CancelledException e) {
                log.add(name + " cancelled at " + now());
                throw e;
            }
            return null;
        };
    }

    static Callable<String> main(List<String> log) {
        return () -> {
            spawn("child", child("child", 1.0, log));
            sleep(0.2);
            log.add("main done");
            return "main result";
        };
    }

    @Test
    void runUntilCompleteReturnsWhenMainDoesAndCancelsTheRest() {
        List<String> log = new ArrayList<>();
        AsyncioScheduler scheduler = new AsyncioScheduler(Clock.virtual());
        assertThat(scheduler.runUntilComplete(main(log))).isEqualTo("main result");
        assertThat(log).containsExactly("main done", "child cancelled at 0.2");
        assertThat(scheduler.now()).isEqualTo(0.2);
        assertThat(scheduler.view().pendingTasks()).isEmpty();
    }

    @Test
    void theLecturesRunWaitsForEveryTask() {
        List<String> log = new ArrayList<>();
        AsyncioScheduler scheduler = new AsyncioScheduler(Clock.virtual());
        assertThat(scheduler.run("main", main(log))).isEqualTo("main result");
        assertThat(log).containsExactly("main done", "child finished");
        assertThat(scheduler.now()).isEqualTo(1.0);
    }

    @Test
    void mainsExceptionComesOutAfterTheRestIsCancelled() {
        List<String> log = new ArrayList<>();
        assertThatThrownBy(() -> new AsyncioScheduler(Clock.virtual()).runUntilComplete(() -> {
            spawn("child", child("child", 1.0, log));
            sleep(0.1);
            throw new IllegalStateException("main failed");
        })).hasMessage("main failed");
        assertThat(log).containsExactly("child cancelled at 0.1");
    }

    @Test
    void parkedTasksAndTasksStartedDuringCleanupAreCancelledToo() {
        List<String> log = new ArrayList<>();
        List<Future<?>> late = new ArrayList<>();
        AsyncioScheduler scheduler = new AsyncioScheduler(Clock.virtual());
        scheduler.runUntilComplete(() -> {
            spawn("parked", () -> {
                try {
                    return await(new Future<String>()); // nobody will ever complete it
                } finally {
                    log.add("parked closed");
                }
            });
            spawn("spawner", () -> {
                try {
                    sleep(5.0);
                } finally {
                    late.add(spawn("late", child("late", 1.0, log))); // started while being cancelled
                }
                return null;
            });
            sleep(0);
            return null;
        });
        assertThat(log).containsExactly("parked closed"); // "late" was cancelled before it started: it never ran
        assertThat(late).singleElement().satisfies(f -> assertThat(f.isCancelled()).isTrue());
        assertThat(scheduler.view().pendingTasks()).isEmpty();
    }

    @Test
    void theTasksReadyWhenMainEndsTakeOneMoreTurnThenTheRestIsCancelled() {
        List<String> log = new ArrayList<>();
        AsyncioScheduler scheduler = new AsyncioScheduler(Clock.virtual());
        assertThat(scheduler.runUntilComplete(() -> {
            spawn("a", () -> {
                log.add("a started");
                spawn("b", () -> log.add("b started")); // made ready during that last turn: never runs
                return child("a", 1.0, log).call();
            });
            return "main result"; // a is ready, not started yet
        })).isEqualTo("main result");
        assertThat(log).containsExactly("a started", "a cancelled at 0.0");
        assertThat(scheduler.view().pendingTasks()).isEmpty();
    }

    @Test
    void asyncioRunIsRunUntilCompleteOnANewScheduler() {
        assertThat(AsyncioScheduler.<Integer>asyncioRun(() -> 6 * 7)).isEqualTo(42);
    }

    @Test
    void aRunnersTasksGoOnAtItsNextRunAndItsCloseCancelsThemOnce() {
        List<String> log = new ArrayList<>();
        AsyncioScheduler loop = new AsyncioScheduler(Clock.virtual());
        try (Runner runner = new Runner(null, () -> loop)) {
            assertThat(runner.run(() -> {
                spawn("child", () -> {
                    try {
                        sleep(1.0);
                        log.add("child woke at " + now());
                        sleep(5.0);
                    } catch (CancelledException e) {
                        sleep(0.3); // a cleanup that waits: a second cancellation would cut it short
                        log.add("child cleaned up at " + now());
                        throw e;
                    }
                    return null;
                });
                sleep(0.5);
                return "first";
            })).isEqualTo("first");
            assertThat(log).as("the first run leaves the child waiting where it is").isEmpty();
            assertThat(loop.now()).isEqualTo(0.5);
            assertThat(runner.run(() -> {
                sleep(1.0);
                return "second";
            })).isEqualTo("second");
            assertThat(log).as("the child goes on during the second run").containsExactly("child woke at 1.0");
        }
        assertThat(log).as("close cancels the child once and waits for its cleanup")
                .containsExactly("child woke at 1.0", "child cleaned up at 1.8");
        assertThat(loop.isClosed()).isTrue();
        assertThat(loop.view().pendingTasks()).isEmpty();
    }

    @Test
    void aRunnersRunGivenAContextRunsMainInItAndLeavesTheRunnersOwnAsItWas() {
        ContextVar<String> var = new ContextVar<>("var", "unset");
        Context given = new Context();
        try (Runner runner = new Runner(null, () -> new AsyncioScheduler(Clock.virtual()))) {
            runner.run("in the given context", () -> {
                sleep(0);
                var.set("set in the given context");
                return null;
            }, given);
            assertThat(given.get(var)).as("what main set stays in the context it was given").isEqualTo("set in the given context");
            assertThat(runner.run(var::get)).as("the runner's own context, which that main never ran in").isEqualTo("unset");
        }
    }

    @Test
    void aRunnersCloseCancelsATaskStartedDuringTheCleanupToo() {
        List<String> log = new ArrayList<>();
        try (Runner runner = new Runner(null, () -> new AsyncioScheduler(Clock.virtual()))) {
            runner.run(() -> {
                spawn("leftover", () -> {
                    try {
                        sleep(10.0);
                    } catch (CancelledException e) {
                        spawn("late", child("late", 1.0, log)); // started during the cleanup
                        sleep(0.1);
                        throw e;
                    }
                    return null;
                });
                sleep(0);
                return null;
            });
        }
        assertThat(log).as("the late task is cancelled too, not closed").containsExactly("late cancelled at 0.1");
    }

    @Test
    void eachLeftoverTaskIsCancelledOnlyOnceSoItsCleanupMayWait() {
        List<String> log = new ArrayList<>();
        AsyncioScheduler scheduler = new AsyncioScheduler(Clock.virtual());
        scheduler.runUntilComplete(() -> {
            spawn("child", () -> {
                try {
                    sleep(5.0);
                } catch (CancelledException e) {
                    sleep(0.3); // a cleanup that waits: cancelling the child again would cut it short
                    log.add("child cleaned up at " + now());
                    throw e;
                }
                return null;
            });
            sleep(0.1);
            return null;
        });
        assertThat(log).as("each leftover task is cancelled once: a second cancellation would interrupt its cleanup")
                .containsExactly("child cleaned up at 0.4");
    }
}
