package exercises.step8_queue;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.ValueError;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The optional exercise of step 8 ({@code taskDone}, {@code join}, {@code shutdown(immediate)}):
 * CPython's {@code Lib/test/test_asyncio/test_queues.py} {@code _QueueJoinTestMixin} and
 * {@code _QueueShutdownTestMixin} (3.13), translated on the virtual clock; each keeps the Python
 * test's name. As the mixins do, each test runs for {@code Queue}, {@code LifoQueue} and
 * {@code PriorityQueue} ({@code QueueJoinTests}, {@code LifoQueueJoinTests}, ...).
 * ({@code test_format} is left out: the kit's queue has no repr.)
 */
class CPythonQueuesOptionalTest {

    /** The mixins' {@code q_class}: a queue of the given maxsize. */
    static final List<IntFunction<Queue<Object>>> Q_CLASSES =
            List.of(Queue::new, LifoQueue::new, PriorityQueue::new);

    static <T> T run(Callable<T> main) {
        return new CancellableScheduler(Clock.virtual()).run("main", main);
    }

    @Test
    @DisplayName("test_queues.test_task_done_underflow")
    void taskDoneUnderflow() {
        for (IntFunction<Queue<Object>> qClass : Q_CLASSES) {
            Queue<Object> q = qClass.apply(0);
            assertThatThrownBy(q::taskDone).isInstanceOf(ValueError.class)
                    .hasMessageContaining("task_done() called too many times");
        }
    }

    @Test
    @DisplayName("test_queues.test_task_done: two workers, and join() returns when each item is done")
    void taskDone() {
        for (IntFunction<Queue<Object>> qClass : Q_CLASSES) {
            run(() -> {
                Queue<Object> q = qClass.apply(0);
                for (int i = 0; i < 100; i++) {
                    q.putNowait(i);
                }
                int[] accumulator = {0};
                boolean[] running = {true};
                List<TaskFuture<Object>> tasks = List.of(0, 1).stream().map(index -> spawn("worker " + index, () -> {
                    while (running[0]) {
                        int item = (Integer) q.get();
                        accumulator[0] += item;
                        q.taskDone();
                    }
                    return null;
                })).toList();
                q.join();
                assertThat(accumulator[0]).isEqualTo(4950); // sum(range(100))
                // close the running workers
                running[0] = false;
                for (int i = 0; i < tasks.size(); i++) {
                    q.putNowait(0);
                }
                for (TaskFuture<Object> task : tasks) {
                    await(task);
                }
                return null;
            });
        }
    }

    @Test
    @DisplayName("test_queues.test_join_empty_queue")
    void joinEmptyQueue() {
        for (IntFunction<Queue<Object>> qClass : Q_CLASSES) {
            run(() -> {
                Queue<Object> q = qClass.apply(0);
                // a queue join()s successfully, and before anything else (done twice for insurance)
                q.join();
                q.join();
                return null;
            });
        }
    }

    @Test
    @DisplayName("test_queues.test_shutdown_empty")
    void shutdownEmpty() {
        for (IntFunction<Queue<Object>> qClass : Q_CLASSES) {
            run(() -> {
                Queue<Object> q = qClass.apply(0);
                TaskFuture<Object> getTask = spawn("get", q::get);
                sleep(0); // want the get task pending before the shutdown
                q.shutdown(false); // unfinished tasks: 0 -> 0
                assertThat(q.qsize()).isEqualTo(0);
                q.join(); // returns
                sleep(0);
                assertThat(getTask.isDone()).isTrue();
                assertThatThrownBy(() -> await(getTask)).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(() -> q.put("data")).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(() -> q.putNowait("data")).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::get).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::getNowait).isInstanceOf(Queue.ShutDown.class);
                return null;
            });
        }
    }

    @Test
    @DisplayName("test_queues.test_shutdown_nonempty")
    void shutdownNonempty() {
        for (IntFunction<Queue<Object>> qClass : Q_CLASSES) {
            run(() -> {
                Queue<Object> q = qClass.apply(1);
                q.putNowait("data");
                TaskFuture<Object> joinTask = spawn("join", () -> {
                    q.join();
                    return null;
                });
                TaskFuture<Object> putTask = spawn("put", () -> {
                    q.put("data2");
                    return null;
                });
                sleep(0);
                assertThat(putTask.isDone()).isFalse();
                q.shutdown(false); // unfinished tasks: 1 -> 1
                assertThat(q.qsize()).isEqualTo(1);
                sleep(0);
                assertThat(putTask.isDone()).isTrue();
                assertThatThrownBy(() -> await(putTask)).isInstanceOf(Queue.ShutDown.class);
                assertThat(q.get()).isEqualTo("data");
                sleep(0);
                assertThat(joinTask.isDone()).as("join() waits: the item taken is not done yet").isFalse();
                assertThatThrownBy(() -> q.put("data")).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(() -> q.putNowait("data")).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::get).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::getNowait).isInstanceOf(Queue.ShutDown.class);
                q.taskDone(); // there is 1 unfinished task
                sleep(0);
                assertThat(joinTask.isDone()).as("join() returns once the last item is done").isTrue();
                await(joinTask);
                assertThatThrownBy(q::taskDone).as("all tasks marked done").isInstanceOf(ValueError.class);
                return null;
            });
        }
    }

    @Test
    @DisplayName("test_queues.test_shutdown_immediate")
    void shutdownImmediate() {
        for (IntFunction<Queue<Object>> qClass : Q_CLASSES) {
            run(() -> {
                Queue<Object> q = qClass.apply(0);
                q.putNowait("data");
                TaskFuture<Object> joinTask = spawn("join", () -> {
                    q.join();
                    return null;
                });
                q.shutdown(true); // unfinished tasks: 1 -> 0
                assertThat(q.qsize()).as("shutdown(true) drops the items").isEqualTo(0);
                sleep(0);
                assertThat(joinTask.isDone()).as("the dropped items count as done: join() returns").isTrue();
                await(joinTask);
                assertThatThrownBy(() -> q.put("data")).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(() -> q.putNowait("data")).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::get).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::getNowait).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::taskDone).as("no unfinished task is left").isInstanceOf(ValueError.class);
                return null;
            });
        }
    }

    @Test
    @DisplayName("test_queues.test_shutdown_immediate_with_unfinished")
    void shutdownImmediateWithUnfinished() {
        for (IntFunction<Queue<Object>> qClass : Q_CLASSES) {
            run(() -> {
                Queue<Object> q = qClass.apply(0);
                q.putNowait("data");
                q.putNowait("data");
                TaskFuture<Object> joinTask = spawn("join", () -> {
                    q.join();
                    return null;
                });
                assertThat(q.get()).isEqualTo("data");
                q.shutdown(true); // unfinished tasks: 2 -> 1
                assertThat(q.qsize()).isEqualTo(0);
                sleep(0);
                assertThat(joinTask.isDone()).as("the item taken is not done yet").isFalse();
                assertThatThrownBy(() -> q.put("data")).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(() -> q.putNowait("data")).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::get).isInstanceOf(Queue.ShutDown.class);
                assertThatThrownBy(q::getNowait).isInstanceOf(Queue.ShutDown.class);
                q.taskDone(); // there is 1 unfinished task
                assertThatThrownBy(q::taskDone).isInstanceOf(ValueError.class);
                sleep(0);
                assertThat(joinTask.isDone()).isTrue();
                await(joinTask);
                return null;
            });
        }
    }
}
