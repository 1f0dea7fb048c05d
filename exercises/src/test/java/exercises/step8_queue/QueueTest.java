package exercises.step8_queue;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

class QueueTest {

    static <T> T run(Callable<T> main) {
        return new CancellableScheduler(Clock.virtual()).run("main", main);
    }

    @Test
    void itemsComeOutInTheOrderTheyWentIn() {
        Queue<Integer> q = new Queue<>(0);
        for (int i = 0; i < 5; i++) {
            q.putNowait(i);
        }
        assertThat(q.qsize()).isEqualTo(5);
        assertThat(q.isFull()).as("maxsize 0 is unbounded").isFalse();
        List<Integer> out = new ArrayList<>();
        while (!q.isEmpty()) {
            out.add(q.getNowait());
        }
        assertThat(out).containsExactly(0, 1, 2, 3, 4);
        Queue<Integer> negative = new Queue<>(-1);
        for (int i = 0; i < 3; i++) {
            negative.putNowait(i);
        }
        assertThat(negative.isFull()).as("maxsize 0 or less is unbounded: -1 too").isFalse();
    }

    @Test
    void nowaitVariantsFailInsteadOfWaiting() {
        Queue<String> q = new Queue<>(1);
        assertThatThrownBy(q::getNowait).isInstanceOf(Queue.Empty.class);
        q.putNowait("a");
        assertThat(q.isFull()).isTrue();
        assertThatThrownBy(() -> q.putNowait("b")).isInstanceOf(Queue.Full.class).hasMessageContaining("maxsize 1");
    }

    @Test
    void putWaitsWhileTheQueueIsFull() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(2);
            spawn("producer", () -> {
                for (String item : List.of("a", "b", "c", "d")) {
                    q.put(item);
                    log.add("put " + item + " at " + now());
                }
                return null;
            });
            sleep(1.0);
            log.add("got " + q.get() + " at " + now());
            sleep(1.0);
            log.add("got " + q.get() + " at " + now());
            sleep(0);
            return null;
        });
        assertThat(log).containsExactly("put a at 0.0", "put b at 0.0", "got a at 1.0", "put c at 1.0",
                "got b at 2.0", "put d at 2.0");
    }

    @Test
    void getWaitsWhileTheQueueIsEmpty() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(0);
            TaskFuture<Object> consumer = spawn("consumer", () -> {
                for (int i = 0; i < 2; i++) {
                    log.add("got " + q.get() + " at " + now());
                }
                return null;
            });
            sleep(0.5);
            q.put("x");
            sleep(0.5);
            q.put("y");
            return await(consumer);
        });
        assertThat(log).containsExactly("got x at 0.5", "got y at 1.0");
    }

    @Test
    void shutdownStopsPutsAndLetsGetsDrainFirst() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(0);
            TaskFuture<Object> waiting = spawn("waiting getter", () -> {
                try {
                    return q.get();
                } catch (Queue.ShutDown e) {
                    log.add("waiting getter woken by shutdown");
                    return null;
                }
            });
            sleep(0);
            q.shutdown();
            await(waiting);
            assertThat(q.isShutDown()).isTrue();
            assertThatThrownBy(() -> q.put("late")).isInstanceOf(Queue.ShutDown.class);
            return null;
        });
        Queue<String> q = new Queue<>(0);
        q.putNowait("left");
        q.shutdown();
        assertThat(q.getNowait()).isEqualTo("left");
        assertThatThrownBy(q::getNowait).isInstanceOf(Queue.ShutDown.class);
        assertThat(log).containsExactly("waiting getter woken by shutdown");
    }

    @Test
    void aCancelledGetterDoesNotSwallowAnItem() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(0);
            TaskFuture<Object> first = spawn("first", () -> log.add("first got " + q.get()));
            TaskFuture<Object> second = spawn("second", () -> log.add("second got " + q.get()));
            sleep(0);
            q.put("only item"); // wakes first ...
            first.cancel(); // ... which is cancelled before it runs: the wake-up must pass to second
            await(second);
            log.add("first cancelled: " + first.isCancelled() + ", left: " + q.qsize());
            return null;
        });
        assertThat(log).containsExactly("second got only item", "first cancelled: true, left: 0");
    }

    @Test
    void aGetterCancelledWhileItWaitsPassesNoWakeUpOn() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(0);
            TaskFuture<Object> first = spawn("first", () -> log.add("first got " + q.get()));
            spawn("second", () -> log.add("second got " + q.get()));
            spawn("third", () -> log.add("third got " + q.get()));
            sleep(0); // all three wait, in that order
            first.cancel(); // nobody woke it (its future is cancelled, step 5): second must not be woken for nothing
            sleep(0);       // first unwinds
            sleep(0);       // (second, woken for nothing, would find the queue empty and wait again, behind third)
            q.put("x");
            q.put("y");
            sleep(0);
            return null;
        });
        assertThat(log).containsExactly("second got x", "third got y");
    }

    /** A loop that can end a task's wait with a failure, as step 10's does for a channel closed meanwhile. */
    static final class FailingWaits extends CancellableScheduler {
        FailingWaits() {
            super(Clock.virtual());
        }

        void failWait(TaskFuture<?> waiter, RuntimeException failure) {
            unpark(waiter.task()); // its future stays pending: nobody woke or cancelled it
            scheduleThrow(waiter.task(), failure);
        }
    }

    @Test
    void aPutterWhoseWaitFailsLeavesTheQueueOfPutters() {
        List<String> log = new ArrayList<>();
        FailingWaits loop = new FailingWaits();
        loop.run("main", () -> {
            Queue<String> q = new Queue<>(1);
            q.put("a");
            TaskFuture<Object> p1 = spawn("p1", () -> {
                q.put("from p1");
                return null;
            });
            TaskFuture<Object> p2 = spawn("p2", () -> {
                q.put("from p2");
                return null;
            });
            sleep(0); // both wait for a slot
            loop.failWait(p1, new IllegalStateException("the wait failed"));
            sleep(0);
            log.add(q.get()); // the free slot must wake p2, not p1's abandoned wait
            await(p2);
            log.add(q.get());
            log.add("p1 failed: " + p1.exception().getMessage());
            return null;
        });
        assertThat(log).containsExactly("a", "from p2", "p1 failed: the wait failed");
    }

    @Test
    void aCancelledPutterLeavesTheQueueOfPutters() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(1);
            q.put("a");
            TaskFuture<Object> p1 = spawn("p1", () -> {
                q.put("from p1");
                return null;
            });
            TaskFuture<Object> p2 = spawn("p2", () -> {
                q.put("from p2");
                return null;
            });
            sleep(0);
            p1.cancel();
            sleep(0);
            log.add(q.get());
            await(p2);
            log.add(q.get());
            log.add("size " + q.qsize() + ", p1 cancelled: " + p1.isCancelled());
            return null;
        });
        assertThat(log).containsExactly("a", "from p2", "size 0, p1 cancelled: true");
    }

    @Test
    void aWokenGetterChecksAgainWhenAnotherTaskTookTheItemFirst() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(0);
            TaskFuture<Object> getter = spawn("getter", () -> {
                try {
                    return log.add("getter got " + q.get());
                } catch (Queue.Empty e) {
                    return log.add("getter woke, found the queue empty and threw Queue.Empty");
                }
            });
            sleep(0); // the getter waits on the empty queue
            q.putNowait("a"); // wakes the getter ...
            log.add("main took " + q.getNowait()); // ... but main takes the item before it runs
            sleep(0); // the getter runs: the queue is empty again, so it must wait again
            q.putNowait("b");
            await(getter);
            return null;
        });
        assertThat(log).as("a woken get() checks again (while, not if): another task may have taken the item")
                .containsExactly("main took a", "getter got b");
    }

    @Test
    void aWokenPutterChecksAgainWhenAnotherTaskTookTheSlotFirst() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(1);
            q.putNowait("a");
            TaskFuture<Object> putter = spawn("putter", () -> {
                try {
                    q.put("from putter");
                } catch (Queue.Full e) {
                    log.add("putter woke, found the queue full and threw Queue.Full");
                }
                return null;
            });
            sleep(0); // the putter waits on the full queue
            log.add(q.getNowait()); // frees the slot and wakes the putter ...
            q.putNowait("from main"); // ... but main fills it before the putter runs
            sleep(0); // the putter runs: the queue is full again, so it must wait again
            log.add(q.getNowait());
            await(putter);
            log.add(q.isEmpty() ? "empty" : q.getNowait());
            return null;
        });
        assertThat(log).as("a woken put() checks again (while, not if): another task may have filled the slot")
                .containsExactly("a", "from main", "from putter");
    }

    @Test
    void shutdownWakesAPutterBlockedOnAFullQueue() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(1);
            q.putNowait("a");
            TaskFuture<Object> putter = spawn("putter", () -> {
                try {
                    q.put("b");
                    log.add("put b?");
                } catch (Queue.ShutDown e) {
                    log.add("putter woken by shutdown at " + now());
                }
                return null;
            });
            sleep(0.5); // the putter waits on the full queue
            q.shutdown(); // the queue is still full: the woken putter must see the shutdown, not wait again
            await(putter);
            return null;
        });
        assertThat(log).containsExactly("putter woken by shutdown at 0.5");
    }

    @Test
    void aPutWakesOneWaitingGetterNotEveryOne() {
        CancellableScheduler scheduler = new CancellableScheduler(Clock.virtual());
        List<String> resumed = countResumes(scheduler, "g1", "g2", "g3");
        List<String> log = new ArrayList<>();
        scheduler.run("main", () -> {
            Queue<String> q = new Queue<>(0);
            List<TaskFuture<Object>> getters = new ArrayList<>();
            for (String name : List.of("g1", "g2", "g3")) {
                getters.add(spawn(name, () -> log.add(name + " got " + q.get())));
            }
            sleep(0); // g1, g2, g3 wait on the empty queue
            resumed.clear();
            q.putNowait("a"); // one item: one getter to wake
            sleep(0.1); // every task woken runs meanwhile
            log.add("resumed by one put: " + resumed);
            q.putNowait("b");
            q.putNowait("c");
            for (TaskFuture<Object> getter : getters) {
                await(getter);
            }
            return null;
        });
        assertThat(log).as("a put wakes the first waiting getter only (each waiter parks on its own future and a"
                + " put completes one): woken, the others would run only to find the queue empty and wait again")
                .startsWith("g1 got a", "resumed by one put: [g1]");
    }

    @Test
    void aGetWakesOneWaitingPutterNotEveryOne() {
        CancellableScheduler scheduler = new CancellableScheduler(Clock.virtual());
        List<String> resumed = countResumes(scheduler, "p1", "p2", "p3");
        List<String> log = new ArrayList<>();
        scheduler.run("main", () -> {
            Queue<String> q = new Queue<>(1);
            q.putNowait("first");
            for (String name : List.of("p1", "p2", "p3")) {
                spawn(name, () -> {
                    q.put(name);
                    return null;
                });
            }
            sleep(0); // p1, p2, p3 wait on the full queue
            resumed.clear();
            log.add(q.getNowait()); // one free slot: one putter to wake
            sleep(0.1); // every task woken runs meanwhile
            log.add("resumed by one get: " + resumed);
            for (int i = 0; i < 3; i++) {
                log.add(q.get());
            }
            return null;
        });
        assertThat(log).as("a get wakes the first waiting putter only (a free slot for one): woken, the others would"
                + " run only to find the queue full and wait again")
                .containsExactly("first", "resumed by one get: [p1]", "p1", "p2", "p3");
    }

    /** The names of the given tasks, once each time one of them is resumed, as the loop resumes them. */
    static List<String> countResumes(CancellableScheduler scheduler, String... names) {
        List<String> resumed = new ArrayList<>();
        scheduler.settings().addInstrument(new miniasyncio.trace.Instrument() {
            @Override
            public void beforeStep(miniasyncio.Task task) {
                if (List.of(names).contains(task.name())) {
                    resumed.add(task.name());
                }
            }
        });
        return resumed;
    }

    @Test
    void waitingGettersAreServedFirstComeFirstServed() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(0);
            List<TaskFuture<Object>> getters = new ArrayList<>();
            for (String name : List.of("g1", "g2", "g3")) {
                getters.add(spawn(name, () -> log.add(name + " got " + q.get())));
            }
            sleep(0); // g1, g2, g3 wait, in that order
            for (String item : List.of("a", "b", "c")) {
                q.putNowait(item);
            }
            for (TaskFuture<Object> getter : getters) {
                await(getter);
            }
            return null;
        });
        assertThat(log).as("getters are woken in the order they started waiting (FIFO)")
                .containsExactly("g1 got a", "g2 got b", "g3 got c");
    }

    @Test
    void waitingPuttersAreServedFirstComeFirstServed() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Queue<String> q = new Queue<>(1);
            q.putNowait("first");
            for (String name : List.of("p1", "p2", "p3")) {
                spawn(name, () -> {
                    q.put(name);
                    return null;
                });
            }
            sleep(0); // p1, p2, p3 wait, in that order
            for (int i = 0; i < 4; i++) {
                log.add(q.get());
            }
            return null;
        });
        assertThat(log).as("putters are woken in the order they started waiting (FIFO)")
                .containsExactly("first", "p1", "p2", "p3");
    }
}
