package exercises.step5_cancellation;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.TaskFuture;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The gather tests of CPython 3.13's {@code Lib/test/test_asyncio/test_tasks.py}, translated for
 * step 5's given {@link Gather} on the virtual clock: each test keeps the Python test's name.
 * {@code run_briefly} is one turn of the loop ({@code sleep(0)}).
 */
class CPythonGatherTest {

    static CancellableScheduler loop;

    static <T> T run(Callable<T> main) {
        loop = new CancellableScheduler(Clock.virtual());
        return loop.run("main", main);
    }

    @Test
    @DisplayName("test_tasks.test_return_exceptions")
    void returnExceptions() {
        run(() -> {
            Future<Object> a = new Future<>();
            Future<Object> b = new Future<>();
            Future<Object> c = new Future<>();
            Future<Object> d = new Future<>();
            TaskFuture<List<Object>> fut = Gather.gather(true, a, b, c, d);
            int[] calls = {0};
            fut.addDoneCallback(done -> calls[0]++);
            RuntimeException exc = new ArithmeticException("ZeroDivisionError");
            RuntimeException exc2 = new IllegalStateException("RuntimeError");
            b.setResult(1);
            c.setException(exc);
            a.setResult(3);
            sleep(0);
            assertThat(fut.isDone()).isFalse();
            d.setException(exc2);
            sleep(0);
            sleep(0);
            assertThat(fut.isDone()).isTrue();
            assertThat(calls[0]).isEqualTo(1);
            assertThat(fut.result()).containsExactly(3, 1, exc, exc2);
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_one_exception")
    void oneException() {
        run(() -> {
            Future<Object> a = new Future<>();
            Future<Object> b = new Future<>();
            Future<Object> c = new Future<>();
            Future<Object> d = new Future<>();
            Future<Object> e = new Future<>();
            TaskFuture<List<Object>> fut = Gather.gather(false, a, b, c, d, e);
            int[] calls = {0};
            fut.addDoneCallback(done -> calls[0]++);
            RuntimeException exc = new ArithmeticException("ZeroDivisionError");
            a.setResult(1);
            b.setException(exc);
            sleep(0);
            sleep(0);
            assertThat(fut.isDone()).isTrue();
            assertThat(calls[0]).isEqualTo(1);
            assertThat(fut.exception()).isSameAs(exc);
            // does nothing
            c.setResult(3);
            d.cancel();
            e.setException(new IllegalStateException("RuntimeError"));
            e.exception();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancellation_broadcast: cancelling outer() cancels all children")
    void cancellationBroadcast() {
        int[] proof = {0};
        run(() -> {
            Future<Object> waiter = new Future<>();
            Callable<Object> inner = () -> {
                await(waiter);
                proof[0] += 1;
                return null;
            };
            TaskFuture<Object> child1 = spawn("child1", inner);
            TaskFuture<Object> child2 = spawn("child2", inner);
            TaskFuture<?>[] gatherer = {null};
            TaskFuture<Object> f = spawn("outer", () -> {
                gatherer[0] = Gather.gather(false, child1, child2);
                await(gatherer[0]);
                proof[0] += 100;
                return null;
            });
            sleep(0); // run_briefly
            assertThat(f.cancel()).isTrue();
            assertThatThrownBy(() -> await(f)).isInstanceOf(CancelledException.class);
            assertThat(gatherer[0].cancel()).isFalse();
            assertThat(waiter.isCancelled()).as("the future the children awaited").isTrue();
            assertThat(child1.isCancelled()).isTrue();
            assertThat(child2.isCancelled()).isTrue();
            sleep(0);
            assertThat(proof[0]).isZero();
            return null;
        });
    }

    @Test
    @DisplayName("test_tasks.test_cancel_gather_1: a gathering future refuses a cancel once all its children are done")
    void cancelGather1() {
        run(() -> {
            Future<Object> fut = new Future<>();
            TaskFuture<List<Object>> gatherTask = Gather.gather(false, () -> await(fut)); // child_coro
            sleep(0); // the child waits on fut
            fut.setResult(42);
            // asyncio's cancelling callback runs once the child has finished and before the gather
            // has (callbacks go through call_soon); here callbacks run at once, so the cancel comes
            // a turn later, at that same point
            sleep(0);
            assertThat(gatherTask.isDone()).isFalse();
            boolean cancelResult = gatherTask.cancel();
            assertThat(cancelResult).isFalse();
            assertThat(await(gatherTask)).containsExactly(42);
            assertThat(gatherTask.isCancelled()).isFalse();
            return null;
        });
    }

    @ParameterizedTest(name = "test_tasks.test_cancel_gather_2 (message {0}): a cancelled gather with return_exceptions is cancelled")
    @NullSource
    @ValueSource(strings = "my message")
    void cancelGather2(String message) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> run(() -> {
            TaskFuture<Object> qwe = spawn("test", () -> {
                double time = 0;
                while (true) {
                    time += 0.05;
                    await(Gather.gather(true, () -> {
                        sleep(0.05);
                        return null;
                    }));
                    if (time > 1) {
                        return null;
                    }
                }
            });
            sleep(0.2);
            loop.cancel(qwe.tid(), message);
            return await(qwe);
        }));
        assertThat(thrown).isInstanceOf(CancelledException.class);
        if (message != null) {
            assertThat(thrown.getMessage()).as("the message goes through the gather").isEqualTo(message);
        }
        assertThat(loop.now()).isEqualTo(0.2);
    }

    @Test
    @DisplayName("test_tasks.test_gather_shield: cancelling the gather cancels the shields, not the futures they follow")
    void gatherShield() {
        run(() -> {
            Future<Object> child1 = new Future<>();
            Future<Object> child2 = new Future<>();
            Future<Object> inner1 = CancellableScheduler.shield(child1);
            Future<Object> inner2 = CancellableScheduler.shield(child2);
            TaskFuture<List<Object>> outer = Gather.gather(false, inner1, inner2);
            sleep(0);
            outer.cancel();
            sleep(0);
            assertThat(outer.exception()).isInstanceOf(CancelledException.class); // it fails with it, not cancelled
            assertThat(inner1.isCancelled()).isTrue();
            assertThat(inner2.isCancelled()).isTrue();
            assertThat(child1.isCancelled()).isFalse();
            assertThat(child2.isCancelled()).isFalse();
            return null;
        });
    }
}
