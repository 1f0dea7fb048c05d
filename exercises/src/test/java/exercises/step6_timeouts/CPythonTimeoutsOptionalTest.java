package exercises.step6_timeouts;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The optional exercise of step 6, the {@link Timeout} object: CPython 3.13's
 * {@code Lib/test/test_asyncio/test_timeouts.py}, translated on the virtual clock; each test keeps
 * the Python test's name. {@code async with asyncio.timeout(s) as cm:} is
 * {@code Timeout cm = Timeouts.timeout(s); cm.enter(() -> ...)}; asyncio's {@code None} is
 * {@code Double.POSITIVE_INFINITY}; its {@code RuntimeError} an {@code IllegalStateException}.
 */
class CPythonTimeoutsOptionalTest {

    static final double NONE = Double.POSITIVE_INFINITY;

    static <T> T run(Callable<T> main) {
        return new CancellableScheduler(Clock.virtual()).run("main", main);
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_basic (its expired())")
    void timeoutBasic() {
        run(() -> {
            Timeout cm = Timeouts.timeout(0.01);
            assertThatThrownBy(() -> cm.enter(() -> sleep(10))).isInstanceOf(TimeoutException.class);
            assertThat(cm.expired()).isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_at_basic")
    void timeoutAtBasic() {
        run(() -> {
            double deadline = now() + 0.01;
            Timeout cm = Timeouts.timeoutAt(deadline);
            assertThatThrownBy(() -> cm.enter(() -> sleep(10))).isInstanceOf(TimeoutException.class);
            assertThat(cm.expired()).isTrue();
            assertThat(cm.when()).isEqualTo(deadline);
            assertThat(now()).isEqualTo(0.01);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_nested_timeouts (expired() of both)")
    void nestedTimeouts() {
        run(() -> {
            double deadline = now() + 0.01;
            Timeout cm1 = Timeouts.timeoutAt(deadline);
            Timeout cm2 = Timeouts.timeoutAt(deadline);
            boolean[] cancelled = {false};
            assertThatThrownBy(() -> cm1.enter(() -> {
                try {
                    cm2.enter(() -> sleep(10)); // only the topmost scope raises TimeoutException
                } catch (CancelledException e) {
                    cancelled[0] = true;
                    throw e;
                }
            })).isInstanceOf(TimeoutException.class);
            assertThat(cancelled[0]).isTrue();
            assertThat(cm1.expired()).isTrue();
            assertThat(cm2.expired()).isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_not_called (its expired() and when())")
    void timeoutNotCalled() {
        run(() -> {
            Timeout cm = Timeouts.timeout(10);
            cm.enter(() -> sleep(0.01));
            double t1 = now();
            assertThat(cm.expired()).isFalse();
            assertThat(cm.when()).isGreaterThan(t1);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_disabled")
    void timeoutDisabled() {
        run(() -> {
            Timeout cm = Timeouts.timeout(NONE);
            cm.enter(() -> sleep(0.01));
            assertThat(cm.expired()).isFalse();
            assertThat(cm.when()).isEqualTo(NONE);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_at_disabled")
    void timeoutAtDisabled() {
        run(() -> {
            Timeout cm = Timeouts.timeoutAt(NONE);
            cm.enter(() -> sleep(0.01));
            assertThat(cm.expired()).isFalse();
            assertThat(cm.when()).isEqualTo(NONE);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_zero (its expired() and when())")
    void timeoutZero() {
        run(() -> {
            double t0 = now();
            Timeout cm = Timeouts.timeout(0);
            assertThatThrownBy(() -> cm.enter(() -> sleep(10))).isInstanceOf(TimeoutException.class);
            double t1 = now();
            assertThat(cm.expired()).isTrue();
            assertThat(cm.when()).isBetween(t0, t1);
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_foreign_cancel_doesnt_timeout_if_not_expired (its expired())")
    void foreignCancelDoesntTimeoutIfNotExpired() {
        run(() -> {
            CancellableScheduler loop = CancellableScheduler.current("test");
            Timeout cm = Timeouts.timeout(10);
            assertThatThrownBy(() -> cm.enter(() -> {
                loop.cancel(loop.currentTask().tid());
                sleep(10);
            })).isInstanceOf(CancelledException.class);
            assertThat(cm.expired()).isFalse();
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_reschedule")
    void reschedule() {
        run(() -> {
            Future<Timeout> fut = new Future<>();
            double deadline1 = now() + 10;
            double deadline2 = deadline1 + 20;
            TaskFuture<Object> task = spawn("f", () -> {
                Timeout cm = Timeouts.timeoutAt(deadline1);
                cm.enter(() -> {
                    fut.setResult(cm);
                    sleep(50);
                });
                return null;
            });
            Timeout cm = await(fut);
            assertThat(cm.when()).isEqualTo(deadline1);
            cm.reschedule(deadline2);
            assertThat(cm.when()).isEqualTo(deadline2);
            cm.reschedule(NONE);
            assertThat(cm.when()).isEqualTo(NONE);
            task.cancel();
            assertThatThrownBy(() -> await(task)).isInstanceOf(CancelledException.class);
            assertThat(cm.expired()).isFalse();
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_repr_active")
    void reprActive() {
        run(() -> {
            Timeout cm = Timeouts.timeout(10);
            cm.enter(() -> assertThat(cm.toString()).matches("<Timeout \\[active\\] when=\\d+\\.\\d*>"));
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_repr_expired")
    void reprExpired() {
        run(() -> {
            Timeout cm = Timeouts.timeout(0.01);
            assertThatThrownBy(() -> cm.enter(() -> sleep(10))).isInstanceOf(TimeoutException.class);
            assertThat(cm.toString()).isEqualTo("<Timeout [expired]>");
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_repr_finished")
    void reprFinished() {
        run(() -> {
            Timeout cm = Timeouts.timeout(10);
            cm.enter(() -> sleep(0));
            assertThat(cm.toString()).isEqualTo("<Timeout [finished]>");
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_repr_disabled")
    void reprDisabled() {
        run(() -> {
            Timeout cm = Timeouts.timeout(NONE);
            cm.enter(() -> assertThat(cm.toString()).isEqualTo("<Timeout [active] when=None>"));
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_already_entered")
    void timeoutAlreadyEntered() {
        run(() -> {
            Timeout cm = Timeouts.timeout(0.01);
            cm.enter(() -> assertThatThrownBy(() -> cm.enter(() -> { }))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("has already been entered"));
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_double_enter")
    void timeoutDoubleEnter() {
        run(() -> {
            Timeout cm = Timeouts.timeout(0.01);
            cm.enter(() -> { });
            assertThatThrownBy(() -> cm.enter(() -> { }))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("has already been entered");
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_finished")
    void timeoutFinished() {
        run(() -> {
            Timeout cm = Timeouts.timeout(0.01);
            cm.enter(() -> { });
            assertThatThrownBy(() -> cm.reschedule(0.02))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("finished");
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_not_entered")
    void timeoutNotEntered() {
        run(() -> {
            Timeout cm = Timeouts.timeout(0.01);
            assertThatThrownBy(() -> cm.reschedule(0.02))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("has not been entered");
            return null;
        });
    }

    @Test
    @DisplayName("test_timeouts.test_timeout_without_task: entered outside a running loop")
    void timeoutWithoutTask() {
        Timeout cm = Timeouts.timeoutAt(0.01);
        assertThatThrownBy(() -> cm.enter(() -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("task");
        assertThatThrownBy(() -> cm.reschedule(0.02))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("has not been entered");
    }
}
