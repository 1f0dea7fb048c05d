package exercises.step8_queue;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

/** The optional exercise of step 8: the rules CPython's tests leave unchecked. */
class QueueOptionalTest {

    @Test
    void anImmediateShutdownCountsNoMoreItemsDoneThanAreUnfinished() {
        new CancellableScheduler(Clock.virtual()).run("main", () -> {
            Queue<String> q = new Queue<>(0);
            q.putNowait("a");
            q.putNowait("b");
            q.taskDone(); // done before it was taken: one item is unfinished, two are in the queue
            TaskFuture<Object> joinTask = spawn("join", () -> {
                q.join();
                return null;
            });
            sleep(0);
            assertThat(joinTask.isDone()).isFalse();
            q.shutdown(true); // drops two items; one was unfinished: none is left, not -1
            sleep(0);
            assertThat(joinTask.isDone()).as("join() returns: no unfinished item is left").isTrue();
            await(joinTask);
            return null;
        });
    }

    @Test
    void anItemPutAfterJoinReturnedMakesTheNextJoinWait() {
        new CancellableScheduler(Clock.virtual()).run("main", () -> {
            Queue<String> q = new Queue<>(0);
            q.join(); // nothing unfinished
            q.putNowait("a");
            TaskFuture<Object> joinTask = spawn("join", () -> {
                q.join();
                return null;
            });
            sleep(0);
            assertThat(joinTask.isDone()).as("join() waits for the item put since").isFalse();
            q.getNowait();
            q.taskDone();
            sleep(0);
            assertThat(joinTask.isDone()).isTrue();
            return null;
        });
    }
}
