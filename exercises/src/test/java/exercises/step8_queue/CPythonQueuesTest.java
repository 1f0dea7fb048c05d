package exercises.step8_queue;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.TaskFuture;
import exercises.step4_sync.Event;
import exercises.step5_cancellation.CancellableScheduler;
import exercises.step6_timeouts.Timeouts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * CPython's {@code Lib/test/test_asyncio/test_queues.py} ({@code QueueBasicTests},
 * {@code QueueGetTests}, {@code QueuePutTests}, {@code LifoQueueTests}, {@code PriorityQueueTests},
 * and the shutdown tests of 3.13 without {@code join()}), translated on the virtual clock; each
 * keeps the Python test's name. The tests of {@code join()} and {@code shutdown(immediate=True)},
 * an optional exercise, are {@link CPythonQueuesOptionalTest}.
 * {@code run_briefly} is a {@code sleep(0)}; {@code loop.call_later(d, f)} a task that sleeps d,
 * then calls f.
 */
class CPythonQueuesTest {

    static CancellableScheduler loop;

    static <T> T run(Callable<T> main) {
        loop = new CancellableScheduler(Clock.virtual());
        return loop.run("main", main);
    }

    static void callLater(double seconds, Runnable action) {
        spawn("call_later", () -> {
            sleep(seconds);
            action.run();
            return null;
        });
    }

    @Test
    @DisplayName("test_queues.test_empty")
    void empty() {
        Queue<Integer> q = new Queue<>(0);
        assertThat(q.isEmpty()).isTrue();
        q.putNowait(1);
        assertThat(q.isEmpty()).isFalse();
        assertThat(q.getNowait()).isEqualTo(1);
        assertThat(q.isEmpty()).isTrue();
    }

    @Test
    @DisplayName("test_queues.test_full")
    void full() {
        Queue<Integer> q = new Queue<>(0);
        assertThat(q.isFull()).isFalse();
        q = new Queue<>(1);
        q.putNowait(1);
        assertThat(q.isFull()).isTrue();
    }

    @Test
    @DisplayName("test_queues.test_order")
    void order() {
        Queue<Integer> q = new Queue<>(0);
        for (int i : new int[] {1, 3, 2}) {
            q.putNowait(i);
        }
        assertThat(List.of(q.getNowait(), q.getNowait(), q.getNowait())).containsExactly(1, 3, 2);
    }

    @Test
    @DisplayName("test_queues.test_maxsize")
    void maxsize() {
        run(() -> {
            Queue<Integer> q = new Queue<>(2);
            assertThat(q.maxsize()).isEqualTo(2);
            List<Integer> haveBeenPut = new ArrayList<>();
            TaskFuture<Boolean> t = spawn("putter", () -> {
                for (int i = 0; i < 3; i++) {
                    q.put(i);
                    haveBeenPut.add(i);
                }
                return true;
            });
            sleep(0.01);
            assertThat(haveBeenPut).as("the putter is blocked after putting two items").containsExactly(0, 1);
            assertThat(q.getNowait()).isEqualTo(0);
            sleep(0.01); // let the putter resume and put the last item
            assertThat(haveBeenPut).containsExactly(0, 1, 2);
            assertThat(q.getNowait()).isEqualTo(1);
            assertThat(q.getNowait()).isEqualTo(2);
            assertThat(t.isDone()).isTrue();
            assertThat(t.result()).isTrue();
            return null;
        });
        assertThat(loop.now()).isEqualTo(0.02);
    }

    @Test
    @DisplayName("test_queues.test_blocking_get_wait")
    void blockingGetWait() {
        boolean[] finished = {false};
        int res = run(() -> {
            Queue<Integer> q = new Queue<>(0);
            Event started = new Event();
            callLater(0.01, () -> q.putNowait(1));
            TaskFuture<Integer> queueGetTask = spawn("queue_get", () -> {
                started.set();
                int got = q.get();
                finished[0] = true;
                return got;
            });
            started.await();
            assertThat(finished[0]).isFalse();
            int got = await(queueGetTask);
            assertThat(finished[0]).isTrue();
            return got;
        });
        assertThat(res).isEqualTo(1);
        assertThat(loop.now()).isEqualTo(0.01);
    }

    @Test
    @DisplayName("test_queues.test_nonblocking_get_exception")
    void nonblockingGetException() {
        assertThatThrownBy(() -> new Queue<Integer>(0).getNowait()).isInstanceOf(Queue.Empty.class);
    }

    @Test
    @DisplayName("test_queues.test_get_cancelled: a get in wait_for that is served in time")
    void getCancelled() {
        int res = run(() -> {
            Queue<Integer> q = new Queue<>(0);
            TaskFuture<Integer> getTask = spawn("queue_get", () -> Timeouts.waitFor(q::get, 0.051));
            sleep(0.01); // let the task start
            q.putNowait(1);
            return await(getTask);
        });
        assertThat(res).isEqualTo(1);
        assertThat(loop.now()).as("the timer was cancelled, not waited for").isEqualTo(0.01);
    }

    @Test
    @DisplayName("test_queues.test_get_cancelled_race")
    void getCancelledRace() {
        run(() -> {
            Queue<String> q = new Queue<>(0);
            TaskFuture<String> t1 = spawn("get 1", q::get);
            TaskFuture<String> t2 = spawn("get 2", q::get);
            sleep(0);
            t1.cancel();
            sleep(0);
            assertThat(t1.isDone()).isTrue();
            q.putNowait("a");
            sleep(0);
            assertThat(t2.result()).isEqualTo("a");
            return null;
        });
    }

    @Test
    @DisplayName("test_queues.test_get_with_waiting_putters")
    void getWithWaitingPutters() {
        run(() -> {
            Queue<String> q = new Queue<>(1);
            spawn("put a", () -> {
                q.put("a");
                return null;
            });
            spawn("put b", () -> {
                q.put("b");
                return null;
            });
            sleep(0);
            assertThat(q.get()).isEqualTo("a");
            assertThat(q.get()).isEqualTo("b");
            return null;
        });
    }

    @Test
    @DisplayName("test_queues.test_blocking_put_wait")
    void blockingPutWait() {
        boolean[] finished = {false};
        run(() -> {
            Queue<Integer> q = new Queue<>(1);
            Event started = new Event();
            callLater(0.01, q::getNowait);
            TaskFuture<Object> queuePutTask = spawn("queue_put", () -> {
                started.set();
                q.put(1);
                q.put(2);
                finished[0] = true;
                return null;
            });
            started.await();
            assertThat(finished[0]).isFalse();
            await(queuePutTask);
            assertThat(finished[0]).isTrue();
            return null;
        });
        assertThat(loop.now()).isEqualTo(0.01);
    }

    @Test
    @DisplayName("test_queues.test_nonblocking_put_exception")
    void nonblockingPutException() {
        Queue<Integer> q = new Queue<>(1);
        q.putNowait(1);
        assertThatThrownBy(() -> q.putNowait(2)).isInstanceOf(Queue.Full.class);
    }

    @Test
    @DisplayName("test_queues.test_put_cancelled_race")
    void putCancelledRace() {
        run(() -> {
            Queue<String> q = new Queue<>(1);
            TaskFuture<Object> putA = spawn("put a", () -> {
                q.put("a");
                return null;
            });
            TaskFuture<Object> putB = spawn("put b", () -> {
                q.put("b");
                return null;
            });
            TaskFuture<Object> putC = spawn("put X", () -> {
                q.put("X");
                return null;
            });
            sleep(0);
            assertThat(putA.isDone()).isTrue();
            assertThat(putB.isDone()).isFalse();
            putC.cancel();
            sleep(0);
            assertThat(putC.isDone()).isTrue();
            assertThat(q.getNowait()).isEqualTo("a");
            sleep(0); // the woken putter puts its item itself (asyncio 3.10+; 3.4 handed it over)
            assertThat(q.getNowait()).isEqualTo("b");
            await(putB);
            return null;
        });
    }

    @Test
    @DisplayName("test_queues.test_put_with_waiting_getters")
    void putWithWaitingGetters() {
        run(() -> {
            Queue<String> q = new Queue<>(0);
            TaskFuture<String> t = spawn("get", q::get);
            sleep(0);
            q.put("a");
            assertThat(await(t)).isEqualTo("a");
            return null;
        });
    }

    @Test
    @DisplayName("test_queues.test_shutdown_empty (without join)")
    void shutdownEmpty() {
        run(() -> {
            Queue<String> q = new Queue<>(0);
            q.shutdown();
            assertThatThrownBy(() -> q.put("data")).isInstanceOf(Queue.ShutDown.class);
            assertThatThrownBy(() -> q.putNowait("data")).isInstanceOf(Queue.ShutDown.class);
            assertThatThrownBy(q::get).isInstanceOf(Queue.ShutDown.class);
            assertThatThrownBy(q::getNowait).isInstanceOf(Queue.ShutDown.class);
            return null;
        });
    }

    @Test
    @DisplayName("test_queues.test_shutdown_nonempty (without join)")
    void shutdownNonempty() {
        run(() -> {
            Queue<String> q = new Queue<>(0);
            q.putNowait("data");
            q.shutdown();
            assertThatThrownBy(() -> q.put("data")).isInstanceOf(Queue.ShutDown.class);
            assertThat(q.get()).isEqualTo("data");
            assertThatThrownBy(q::get).isInstanceOf(Queue.ShutDown.class);
            return null;
        });
    }

    @Test
    @DisplayName("test_queues.LifoQueueTests.test_order")
    void lifoOrder() {
        List<Integer> items = run(() -> {
            Queue<Integer> q = new LifoQueue<>(0);
            for (int i : new int[] {1, 3, 2}) {
                q.put(i);
            }
            return List.of(q.get(), q.get(), q.get());
        });
        assertThat(items).as("the item put last comes out first").containsExactly(2, 3, 1);
    }

    @Test
    @DisplayName("test_queues.PriorityQueueTests.test_order")
    void priorityOrder() {
        List<Integer> items = run(() -> {
            Queue<Integer> q = new PriorityQueue<>(0);
            for (int i : new int[] {1, 3, 2}) {
                q.put(i);
            }
            return List.of(q.get(), q.get(), q.get());
        });
        assertThat(items).as("the smallest item comes out first").containsExactly(1, 2, 3);
    }
}
