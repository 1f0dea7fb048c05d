package exercises.step9_run;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import org.junit.jupiter.api.Test;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link EventLoop#runUntilDone} and {@link EventLoop#close}: asyncio's run_until_complete and close, for Runner. */
class EventLoopTest {

    private final EventLoop scheduler = new EventLoop(Clock.virtual());
    private final List<String> log = new ArrayList<>();

    @Test
    void returnsTheTasksResultAndLeavesTheOthersWhereTheyWaitForTheNextCall() {
        String result = scheduler.runUntilDone("first", () -> {
            createTask("ticker", () -> {
                try {
                    for (int i = 1; i <= 3; i++) {
                        sleep(1);
                        log.add("tick " + i + " at " + now());
                    }
                } finally {
                    log.add("ticker's finally at " + now());
                }
            });
            sleep(1.5);
            return "first's result";
        });
        assertThat(result).isEqualTo("first's result");
        assertThat(log).containsExactly("tick 1 at 1.0");
        assertThat(scheduler.now()).isEqualTo(1.5);
        assertThat(scheduler.isClosed()).isFalse();

        assertThat(scheduler.runUntilDone("second", () -> {
            sleep(1);
            return now();
        })).isEqualTo(2.5);
        assertThat(log).containsExactly("tick 1 at 1.0", "tick 2 at 2.0");

        scheduler.close();
        assertThat(log).containsExactly("tick 1 at 1.0", "tick 2 at 2.0", "ticker's finally at 2.5");
        assertThat(scheduler.isClosed()).isTrue();
        assertThat(scheduler.view().pendingTasks()).isEmpty();
    }

    @Test
    void theTasksReadyWhenItEndsTakeOneMoreTurnAndNoMore() {
        scheduler.runUntilDone("main", () -> {
            createTask("started just before main returns", () -> {
                log.add("started");
                createTask("made ready during that turn", () -> log.add("too late"));
                sleep(0);
                log.add("second turn");
            });
            return null;
        });
        assertThat(log).containsExactly("started");
        scheduler.close();
        assertThat(log).containsExactly("started");
    }

    @Test
    void theTasksExceptionIsThrownAndTheOthersStay() {
        assertThatThrownBy(() -> scheduler.runUntilDone("failing", () -> {
            createTask("survivor", () -> {
                sleep(1);
                log.add("survivor at " + now());
            });
            throw new IllegalStateException("main failed");
        })).hasMessage("main failed");
        scheduler.runUntilDone("waiter", () -> {
            sleep(2);
            return null;
        });
        assertThat(log).containsExactly("survivor at 1.0");
        scheduler.close();
    }

    @Test
    void aDeadlockClosesTheScheduler() {
        assertThatThrownBy(() -> scheduler.runUntilDone("stuck", () -> {
            try {
                return Futures.await(new Future<>()); // nothing will ever complete it
            } finally {
                log.add("closed");
            }
        }))
                .isInstanceOf(DeadlockException.class);
        assertThat(log).containsExactly("closed");
        assertThat(scheduler.isClosed()).isTrue();
    }

    @Test
    void closedMeansNoMoreRunsAndASecondCloseDoesNothing() {
        scheduler.createTask(() -> 1);
        scheduler.close();
        scheduler.close();
        assertThat(scheduler.isClosed()).isTrue();
        assertThat(scheduler.view().pendingTasks()).isEmpty(); // closed before it started: it never ran its body
        assertThatThrownBy(() -> scheduler.runUntilDone("main", () -> 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("is closed");
        assertThatThrownBy(() -> scheduler.createTask(() -> 2))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("is closed");
        assertThatThrownBy(() -> scheduler.run(() -> 3))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("has already").hasMessageContaining("been closed");
    }

    @Test
    void runAfterRunUntilDoneIsRefusedAndRunClosesTheScheduler() {
        scheduler.runUntilDone("main", () -> 1);
        assertThatThrownBy(() -> scheduler.run(() -> 2))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already run");
        EventLoop ran = new EventLoop(Clock.virtual());
        assertThat(ran.isClosed()).isFalse();
        ran.run(() -> 1);
        assertThat(ran.isClosed()).isTrue();
        assertThatThrownBy(() -> ran.runUntilDone("main", () -> 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("is closed");
    }

    @Test
    void refusedInsideARunningLoop() {
        EventLoop other = new EventLoop(Clock.virtual());
        scheduler.run(() -> {
            assertThatThrownBy(() -> other.runUntilDone("main", () -> 1))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("already running on this thread");
            assertThatThrownBy(other::close)
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("already running on this thread");
            return null;
        });
        assertThat(other.runUntilDone("main", () -> 1)).isEqualTo(1);
    }
}
