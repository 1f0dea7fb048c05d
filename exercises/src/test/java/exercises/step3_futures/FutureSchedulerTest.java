package exercises.step3_futures;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.awaitTask;
import static exercises.step3_futures.Futures.gather;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.currentScheduler;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.trace.Instrument;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import org.junit.jupiter.api.Test;

class FutureSchedulerTest {

    static <T> T run(Callable<T> main) {
        return new FutureScheduler(Clock.virtual()).run("main", main);
    }

    @Test
    void awaitTaskReturnsTheTasksResultWhenItFinishes() {
        double[] resumedAt = new double[1];
        String result = run(() -> {
            int tid = createTask("child", () -> {
                sleep(0.5);
                return "child result";
            });
            String r = awaitTask(tid);
            resumedAt[0] = now();
            return r;
        });
        assertThat(result).isEqualTo("child result");
        assertThat(resumedAt[0]).isEqualTo(0.5);
    }

    @Test
    void theAwaiterGetsTheTasksExceptionAndItCountsAsRetrieved() {
        List<Object> seen = new ArrayList<>();
        run(() -> {
            int tid = createTask("child", () -> {
                sleep(0.1);
                throw new IllegalArgumentException("child failed");
            });
            try {
                awaitTask(tid);
            } catch (IllegalArgumentException e) {
                seen.add(e.getMessage());
            }
            seen.add(currentScheduler().view().unretrievedFailures().size());
            return null;
        });
        assertThat(seen).containsExactly("child failed", 0);
    }

    @Test
    void aWaitingTaskIsParkedNotPolled() {
        FutureScheduler scheduler = new FutureScheduler(Clock.virtual());
        int[] mainSteps = {0};
        scheduler.settings().addInstrument(new Instrument() {
            @Override
            public void beforeStep(Task task) {
                if (task.tid() == 1) {
                    mainSteps[0]++;
                }
            }
        });
        scheduler.run("main", () -> {
            int tid = createTask("child", () -> {
                sleep(10.0);
                return null;
            });
            return awaitTask(tid);
        });
        assertThat(mainSteps[0]).as("main runs once to start and once when the child is done").isEqualTo(2);
        assertThat(scheduler.now()).isEqualTo(10.0);
    }

    @Test
    void awaitingADoneFutureDoesNotYield() {
        List<String> order = new ArrayList<>();
        run(() -> {
            Future<String> ready = new Future<>();
            ready.setResult("now");
            createTask("child", () -> order.add("child ran"));
            order.add("main got " + await(ready));
            sleep(0);
            order.add("main after sleep(0)");
            return null;
        });
        assertThat(order).containsExactly("main got now", "child ran", "main after sleep(0)");
    }

    @Test
    void theSyscallAwaitFutureOfADoneFutureMakesTheTaskReadyAtOnceAtTheBackOfReady() {
        List<String> order = new ArrayList<>();
        run(() -> {
            Future<String> done = new Future<>();
            done.setResult("now");
            createTask("child", () -> order.add("child ran"));
            Scheduler.syscall("test", new AwaitFuture(done)); // as Futures.await would not: the future is done
            order.add("main resumed");
            return null;
        });
        assertThat(order).as("a done future makes the task ready at once, at the back of ready (behind the child)")
                .containsExactly("child ran", "main resumed");
    }

    @Test
    void everyWaiterOfAFutureIsWokenInTheOrderTheyCame() {
        List<String> order = new ArrayList<>();
        run(() -> {
            Future<String> f = new Future<>();
            for (String name : List.of("w1", "w2", "w3")) {
                createTask(name, () -> order.add(name + " got " + await(f)));
            }
            sleep(0.1);
            f.setResult("go");
            sleep(0.1);
            return null;
        });
        assertThat(order).containsExactly("w1 got go", "w2 got go", "w3 got go");
    }

    @Test
    void aTaskIsAFutureCompletedWithHowTheTaskEnded() {
        List<Object> seen = new ArrayList<>();
        run(() -> {
            TaskFuture<Integer> ok = spawn("ok", () -> 41 + 1);
            TaskFuture<Object> bad = spawn("bad", () -> {
                throw new IllegalStateException("bad");
            });
            seen.add(ok.isDone());
            sleep(0);
            seen.add(ok.isDone());
            seen.add(ok.result());
            seen.add(bad.exception().getMessage());
            seen.add(ok.tid());
            return null;
        });
        assertThat(seen).containsExactly(false, true, 42, "bad", 2);
    }

    @Test
    void waitingForSomethingThatNeverHappensIsADeadlockAndTheTaskIsClosed() {
        List<String> log = new ArrayList<>();
        assertThatThrownBy(() -> run(() -> {
            try {
                return await(new Future<String>());
            } finally {
                log.add("main's finally ran");
            }
        })).isInstanceOf(DeadlockException.class).hasMessageContaining("task 1 (main)");
        assertThat(log).containsExactly("main's finally ran");
    }

    @Test
    void gatherReturnsResultsInArgumentOrderAndOverlapsTheWaits() {
        double[] elapsed = new double[1];
        List<Object> results = run(() -> {
            List<Object> r = await(gather(
                    () -> read("a", 0.2),
                    () -> read("b", 0.1),
                    () -> read("c", 0.3)));
            elapsed[0] = now();
            return r;
        });
        assertThat(results).containsExactly("a: contents", "b: contents", "c: contents");
        assertThat(elapsed[0]).isEqualTo(0.3);
    }

    static String read(String name, double delay) {
        sleep(delay);
        return name + ": contents";
    }

    @Test
    void gatherPassesOnTheFirstErrorAndLeavesTheOthersRunning() {
        List<Object> seen = new ArrayList<>();
        run(() -> {
            TaskFuture<String> slow = spawn("slow", () -> read("slow", 0.5));
            try {
                await(gather(spawn("fails", () -> {
                    sleep(0.1);
                    throw new IllegalArgumentException("first");
                }), spawn("fails later", () -> {
                    sleep(0.2);
                    throw new IllegalArgumentException("second");
                }), slow));
            } catch (IllegalArgumentException e) {
                seen.add(e.getMessage());
                seen.add(now());
            }
            seen.add(slow.isDone());
            seen.add(await(slow));
            return null;
        });
        assertThat(seen).containsExactly("first", 0.1, false, "slow: contents");
    }

    @Test
    void gatherOfNothingIsDoneAtOnce() {
        assertThat(run(() -> await(gather(new Future<?>[0])))).isEmpty();
    }

    @Test
    void theGivenEagerStartRunsTheBodyAtOnceUntilItWaitsAndAFailureIsThereAtOnceToo() {
        List<Object> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> failing = Futures.spawnEager("failing", () -> {
                log.add("failing runs");
                throw new IllegalStateException("at once");
            });
            log.add("failing done: " + failing.isDone());
            log.add(failing.exception().getMessage()); // retrieved: not reported as lost
            TaskFuture<Object> waiting = Futures.spawnEager("waiting", () -> {
                log.add("waiting runs");
                sleep(0.1);
                log.add("waiting woke at " + now());
                return null;
            });
            TaskFuture<Object> plain = spawn("plain", () -> log.add("plain runs at its turn"));
            log.add("main goes on, waiting done: " + waiting.isDone() + ", plain done: " + plain.isDone());
            await(waiting);
            return null;
        });
        assertThat(log).containsExactly("failing runs", "failing done: true", "at once", "waiting runs",
                "main goes on, waiting done: false, plain done: false", "plain runs at its turn", "waiting woke at 0.1");
    }

    @Test
    void theGivenEagerStartOutsideARunningLoopStartsTheTaskAtItsTurn() {
        List<String> log = new ArrayList<>();
        FutureScheduler loop = new FutureScheduler(Clock.virtual());
        loop.createEagerTask("early", () -> log.add("early runs"));
        log.add("created before run");
        loop.run(() -> log.add("main runs"));
        assertThat(log).containsExactly("created before run", "early runs", "main runs");
    }

    @Test
    void clearErrorsForWrongUse() {
        assertThatThrownBy(() -> run(() -> awaitTask(99)))
                .as("futureOf(99) with no task 99: an IllegalArgumentException whose message names the tid")
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("99");
        assertThatThrownBy(() -> new Scheduler(Clock.virtual()).run(() -> awaitTask(1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("FutureScheduler");
        assertThatThrownBy(() -> run(() -> spawn("x", () -> null).cancel()))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("CancellableScheduler");
    }
}
