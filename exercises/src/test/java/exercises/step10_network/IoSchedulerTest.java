package exercises.step10_network;

import static exercises.step10_network.IoScheduler.readWait;
import static exercises.step10_network.IoScheduler.writeWait;
import static exercises.step10_network.Loopback.received;
import static exercises.step10_network.Loopback.send;
import static exercises.step10_network.Loopback.sendLater;
import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static miniasyncio.MiniAsyncio.toThread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.Clock;
import miniasyncio.Task;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class IoSchedulerTest {

    @Test
    void readinessWakesTheWaitingTaskAndTheOthersRunMeanwhile() throws Exception {
        try (Loopback pair = Loopback.open()) {
            List<String> log = new ArrayList<>();
            IoScheduler scheduler = new IoScheduler();
            scheduler.runUntilComplete(() -> {
                TaskFuture<String> reader = spawn("reader", () -> {
                    readWait(pair.left());
                    return received(pair.left());
                });
                sleep(0.05);
                log.add("writer runs while the reader waits");
                send(pair.right(), "ping");
                log.add("reader got " + await(reader));
                return null;
            });
            assertThat(log).containsExactly("writer runs while the reader waits", "reader got ping");
        }
    }

    @Test
    void theIdleWaitSleepsInSelectUntilTheDataComesNoBusyPolling() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler();
            sendLater(pair.right(), "late", 300);
            String got = scheduler.runUntilComplete(() -> {
                readWait(pair.left());
                return received(pair.left());
            });
            assertThat(got).isEqualTo("late");
            assertThat(scheduler.now()).as("the data came after 0.3 s").isGreaterThanOrEqualTo(0.25);
            assertThat(scheduler.selectCalls()).as("select calls while waiting 0.3 s for the data: a blocking select"
                    + " waits once, a busy poll (selectNow in a loop) thousands of times").isLessThan(10);
        }
    }

    @Test
    void theNearestTimerBoundsTheSelectSoTimersFireWhileTasksWaitForIo() throws Exception {
        try (Loopback pair = Loopback.open()) {
            List<String> log = new ArrayList<>();
            IoScheduler scheduler = new IoScheduler();
            sendLater(pair.right(), "late", 1000);
            double[] lastTick = new double[1];
            scheduler.runUntilComplete(() -> {
                TaskFuture<Object> reader = spawn("reader", () -> {
                    readWait(pair.left()); // the data comes after a second
                    log.add("reader woken");
                    return null;
                });
                for (int i = 1; i <= 3; i++) {
                    sleep(0.05);
                    log.add("tick " + i);
                }
                lastTick[0] = now();
                await(reader);
                return null;
            });
            assertThat(log).containsExactly("tick 1", "tick 2", "tick 3", "reader woken");
            assertThat(lastTick[0]).as("the third 0.05 s tick, while a task waits 1 s for data").isBetween(0.15, 0.6);
        }
    }

    @Test
    void aWokenTaskNoLongerInterestsTheSelectorOrSelectWouldReturnAtOnceForever() throws Exception {
        try (Loopback pair = Loopback.open(); Loopback quiet = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler();
            send(pair.right(), "unread");
            scheduler.runUntilComplete(() -> {
                TaskFuture<Object> other = spawn("waits on a quiet channel", () -> {
                    readWait(quiet.left());
                    return null;
                });
                readWait(pair.left()); // ready at once; the data stays unread while this task sleeps
                sleep(0.3);
                other.cancel();
                return null;
            });
            assertThat(scheduler.selectCalls()).as("select calls during 0.3 s with unread data on a channel nobody"
                    + " waits for any more: its readiness must no longer be asked for").isLessThan(20);
        }
    }

    @Test
    void aServedConnectLeavesNoInterestBehindOrTheIdleLoopWouldWakeAtOnceForever() throws Exception {
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress(InetAddress.getByName(Loopback.HOST), 0));
            IoScheduler scheduler = new IoScheduler();
            long[] wakeUps = {-1};
            String got = scheduler.runUntilComplete(() -> {
                try (SocketChannel client = SocketChannel.open()) {
                    client.configureBlocking(false);
                    boolean pending = !client.connect(listener.getLocalAddress());
                    assumeTrue(pending, "the connect finished at once: no connect wait to serve on this machine");
                    writeWait(client); // OP_CONNECT: served once the connection is made
                    client.finishConnect();
                    try (SocketChannel server = listener.accept()) {
                        sendLater(server, "late", 300);
                        long before = scheduler.selectCalls();
                        readWait(client); // the loop idles in select for 0.3 s
                        wakeUps[0] = scheduler.selectCalls() - before;
                        return received(client);
                    }
                }
            });
            assertThat(got).isEqualTo("late");
            assertThat(wakeUps[0]).as("select calls while the idle loop waited 0.3 s for data on a connected socket:"
                    + " an OP_CONNECT left set after its wait was served makes select return 0 at once, again and"
                    + " again (drop it when the connect's wait is served)").isLessThan(20);
        }
    }

    @Test
    void aCancellationWaitingForTheNextYieldIsDeliveredAtAReadWaitOrAWriteWait() throws Exception {
        try (Loopback pair = Loopback.open()) {
            List<String> log = new ArrayList<>();
            IoScheduler scheduler = new IoScheduler();
            sendLater(pair.right(), "data", 300); // a wrong solution's reader wakes then, not cancelled
            scheduler.runUntilComplete(() -> {
                TaskFuture<Object> reader = spawn("reader", () -> waitCancelled(log, "readWait",
                        () -> readWait(pair.left())));
                TaskFuture<Object> writer = spawn("writer", () -> waitCancelled(log, "writeWait",
                        () -> writeWait(pair.right()))); // room at once: a wrong solution returns from it
                for (TaskFuture<Object> task : List.of(reader, writer)) {
                    try {
                        await(task);
                    } catch (CancelledException expected) {
                        // both end cancelled either way: the log says where they got it
                    }
                }
                return null;
            });
            assertThat(log).as("each task cancelled itself while it ran, then waited for I/O: that wait is its next"
                    + " yield, where the cancellation is delivered").containsExactly(
                    "reader cancelled at its readWait at 0.0", "writer cancelled at its writeWait at 0.0");
        }
    }

    /** Cancels the running task, then waits for I/O; logs whether the cancellation came out of that wait. */
    private static Object waitCancelled(List<String> log, String what, Runnable ioWait) {
        Task me = CancellableScheduler.current("test").currentTask();
        CancellableScheduler.cancelTask(me.tid()); // running: the request waits for the next yield
        try {
            ioWait.run();
        } catch (CancelledException e) {
            log.add(me.name() + " cancelled at its " + what + " at " + Math.round(now() * 10) / 10.0);
            throw e;
        }
        log.add(me.name() + " returned from its " + what + ", not cancelled");
        return null;
    }

    @Test
    void cancellingAWaitingTaskTakesItOffItsChannel() throws Exception {
        try (Loopback pair = Loopback.open()) {
            List<String> log = new ArrayList<>();
            IoScheduler scheduler = new IoScheduler();
            scheduler.runUntilComplete(() -> {
                TaskFuture<Object> first = spawn("first", () -> {
                    try {
                        readWait(pair.left());
                    } catch (CancelledException e) {
                        log.add("first cancelled at its readWait");
                        throw e;
                    }
                    return null;
                });
                sleep(0.01);
                first.cancel();
                sleep(0.01);
                SelectionKey key = pair.left().keyFor(scheduler.selector());
                log.add("interest after the cancel: " + key.interestOps());
                send(pair.right(), "x");
                readWait(pair.left()); // the channel is free for another reader
                log.add("second reader got " + received(pair.left()));
                return null;
            });
            assertThat(log).containsExactly("first cancelled at its readWait", "interest after the cancel: 0",
                    "second reader got x");
        }
    }

    @Test
    void aTaskWaitingForIoIsPendingSoTheEndOfMainCancelsIt() throws Exception {
        try (Loopback pair = Loopback.open()) {
            List<String> log = new ArrayList<>();
            IoScheduler scheduler = new IoScheduler();
            // data comes after all: a loop that does not count the reader as pending wakes it then,
            // rather than hang in select until the test's time limit
            sendLater(pair.right(), "x", 300);
            scheduler.runUntilComplete(() -> {
                spawn("reader", () -> {
                    try {
                        readWait(pair.left());
                        log.add("reader woke by the data, not cancelled");
                    } catch (CancelledException e) {
                        log.add("reader cancelled");
                        throw e;
                    }
                    return null;
                });
                sleep(0.01);
                log.add("pending: " + scheduler.view().pendingTasks().stream().map(Task::name).toList());
                return null;
            });
            assertThat(log).as("a task waiting for I/O is pending: when main ends it is cancelled with the rest")
                    .containsExactly("pending: [reader]", "reader cancelled");
        }
    }

    @Test
    void twoTasksWaitingToReadTheSameChannelIsAClearError() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler();
            // data comes after all: a solution that lets the second reader take the first one's
            // place fails at once, rather than hang in select until the test's time limit
            sendLater(pair.right(), "x", 300);
            assertThatThrownBy(() -> scheduler.runUntilComplete(() -> {
                spawn("first reader", () -> {
                    readWait(pair.left());
                    return null;
                });
                sleep(0.01);
                readWait(pair.left());
                return null;
            })).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already waits to read").hasMessageContaining("first reader");
        }
    }

    @Test
    void oneReaderAndOneWriterMayWaitOnTheSameChannel() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler();
            String got = scheduler.runUntilComplete(() -> {
                TaskFuture<String> reader = spawn("reader", () -> {
                    readWait(pair.left());
                    return received(pair.left());
                });
                sleep(0.01);
                writeWait(pair.left()); // an empty send buffer has room at once
                send(pair.right(), "both");
                return await(reader);
            });
            assertThat(got).isEqualTo("both");
        }
    }

    @Test
    void waitingOnAClosedChannelIsAClearError() throws Exception {
        try (Loopback pair = Loopback.open()) {
            pair.left().close();
            IoScheduler scheduler = new IoScheduler();
            assertThatThrownBy(() -> scheduler.runUntilComplete(() -> {
                readWait(pair.left());
                return null;
            })).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed channel");
        }
    }

    @Test
    void aChannelClosedWhileATaskWaitsOnItWakesTheTaskWithAClearError() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler();
            assertThatThrownBy(() -> scheduler.runUntilComplete(() -> {
                spawn("closer", () -> {
                    sleep(0.05);
                    pair.left().close();
                    return null;
                });
                readWait(pair.left());
                return null;
            })).isInstanceOf(IllegalStateException.class).hasMessageContaining("was closed meanwhile");
            assertThat(scheduler.now()).isLessThan(2.0);
        }
    }

    @Test
    void aChannelClosedWhileTheLoopStaysBusyStillWakesItsWaiter() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler();
            int yieldsBeforeTheWaiterFailed = scheduler.runUntilComplete(() -> {
                String[] failure = {null};
                spawn("waiter", () -> {
                    try {
                        readWait(pair.left());
                    } catch (IllegalStateException e) {
                        failure[0] = e.getMessage();
                    }
                    return null;
                });
                sleep(0.01);
                pair.left().close();
                int yields = 0;
                while (failure[0] == null && yields < 10_000) {
                    sleep(0); // always ready: the loop never sleeps in select
                    yields++;
                }
                assertThat(failure[0]).contains("was closed meanwhile");
                return yields;
            });
            assertThat(yieldsBeforeTheWaiterFailed).as("passes over the ready tasks before the waiter heard").isLessThan(10);
        }
    }

    @Test
    void aBlockingChannelIsAClearError() throws Exception {
        try (Loopback pair = Loopback.open()) {
            pair.left().configureBlocking(true);
            IoScheduler scheduler = new IoScheduler();
            assertThatThrownBy(() -> scheduler.runUntilComplete(() -> {
                readWait(pair.left());
                return null;
            })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("configureBlocking(false)");
        }
    }

    @Test
    void tasksThatKeepEachOtherBusyDoNotStarveTheOnesWaitingForIo() throws Exception {
        try (Loopback pair = Loopback.open()) {
            send(pair.right(), "waiting");
            IoScheduler scheduler = new IoScheduler();
            int yieldsBeforeTheReaderRan = scheduler.runUntilComplete(() -> {
                boolean[] read = {false};
                spawn("reader", () -> {
                    readWait(pair.left());
                    read[0] = true;
                    return null;
                });
                int yields = 0;
                while (!read[0] && yields < 10_000) {
                    sleep(0); // always ready: the loop never idles
                    yields++;
                }
                return yields;
            });
            assertThat(yieldsBeforeTheReaderRan).as("the network is polled once per pass over the ready tasks")
                    .isLessThan(10);
        }
    }

    @Test
    void aToThreadWorkerWakesTheLoopOutOfSelect() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler();
            int got = scheduler.runUntilComplete(() -> {
                TaskFuture<Object> reader = spawn("reader", () -> {
                    readWait(pair.left()); // nothing ever comes: the loop would select forever
                    return null;
                });
                int result = toThread(() -> {
                    Thread.sleep(50);
                    return 7;
                });
                reader.cancel();
                return result;
            });
            assertThat(got).isEqualTo(7);
            assertThat(scheduler.now()).isLessThan(5.0);
        }
    }

    @Test
    void onTheVirtualClockWithOnlyIoPendingTheLoopWaitsForRealIoAndTimeStandsStill() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler(Clock.virtual());
            sendLater(pair.right(), "real", 150);
            long started = System.nanoTime();
            double at = scheduler.runUntilComplete(() -> {
                readWait(pair.left());
                return now();
            });
            assertThat(at).as("virtual time when the data came").isEqualTo(0.0);
            assertThat(System.nanoTime() - started).as("real nanoseconds waited").isGreaterThanOrEqualTo(100_000_000L);
        }
    }

    @Test
    void onTheVirtualClockDataThatComesBeforeTheQuietSpanBeatsAFarTimer() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler(Clock.virtual());
            sendLater(pair.right(), "soon", 20);
            String first = scheduler.runUntilComplete(() -> {
                TaskFuture<String> timer = spawn("timer", () -> {
                    sleep(5.0);
                    return "timer at " + now();
                });
                readWait(pair.left());
                String read = "read at " + now();
                timer.cancel();
                return read;
            });
            assertThat(first).isEqualTo("read at 0.0");
        }
    }

    @Test
    void onTheVirtualClockAQuietNetworkLetsTimeJumpToTheNextTimer() throws Exception {
        try (Loopback pair = Loopback.open()) {
            IoScheduler scheduler = new IoScheduler(Clock.virtual());
            long started = System.nanoTime();
            double at = scheduler.runUntilComplete(() -> {
                spawn("reader", () -> {
                    readWait(pair.left()); // nothing comes; it is cancelled when main ends
                    return null;
                });
                sleep(30.0);
                return now();
            });
            assertThat(at).isEqualTo(30.0);
            assertThat((System.nanoTime() - started) / 1e6).as("real milliseconds: one quiet span, not 30 s")
                    .isBetween((double) IoScheduler.QUIET_MILLIS - 5, 5_000.0);
        }
    }

    @Test
    void withNothingToWaitForItIsStillADeadlock() {
        IoScheduler scheduler = new IoScheduler(Clock.virtual());
        assertThatThrownBy(() -> scheduler.runUntilComplete(() -> {
            await(new exercises.step3_futures.Future<>());
            return null;
        })).hasMessageContaining("deadlock");
    }
}
