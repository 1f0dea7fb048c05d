package miniasyncio.testing;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.Test;

/** Where a test's loops are at its limit: the task whose step never yielded, its line, the loop thread's stack. */
class LoopsAtTheLimitTest {

    /** Runs {@code main} on a scheduler followed by {@code loops}, on a thread of its own (as LoopStack runs it). */
    private static Thread loopOn(LoopsAtTheLimit loops, Runnable task) {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        loops.follow(scheduler);
        Thread thread = new Thread(() -> scheduler.run(() -> {
            createTask("stuck", () -> {
                task.run();
                return null;
            });
            sleep(1);
            return null;
        }), "a loop");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Test
    void aStepBlockedInACallIsNamedAsBlockedWithItsTask() throws Exception {
        LoopsAtTheLimit loops = new LoopsAtTheLimit();
        CountDownLatch inTheStep = new CountDownLatch(1);
        Thread thread = loopOn(loops, () -> {
            inTheStep.countDown();
            try {
                Thread.sleep(60_000); // a blocking call holds the loop
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(inTheStep.await(10, TimeUnit.SECONDS)).isTrue();
        awaitState(thread, Thread.State.TIMED_WAITING);

        LoopsAtTheLimit.Sample sample = loops.sample();
        thread.interrupt();
        assertThat(sample.found()).isTrue();
        // (every frame here is the kit's, this test's too: the exercises' and the homework's tests show the program's line)
        assertThat(sample.line()).isEqualTo("the loop was still in a step of task 2 (stuck) that never yielded,"
                + " blocked in Thread.sleepNanos0: a blocking call (Thread.sleep, a lock, I/O) holds the loop");
        assertThat(sample.stacks()).startsWith("thread \"a loop\" (TIMED_WAITING), where the loop was at the limit:\n\tat java.base/java.lang.Thread.sleep")
                .containsPattern("\t\\.\\.\\. \\d+ frames of the kit and the JDK\n$")
                .doesNotContain("miniasyncio.Scheduler.stepOne");

        AssertionError failure = sample.failure("m() timed out after 1 second", new RuntimeException("JUnit's"));
        assertThat(failure.getMessage().lines().findFirst().orElseThrow()).isEqualTo("m() timed out after 1 second; " + sample.line());
        assertThat(failure).hasMessageEndingWith(sample.stacks().stripTrailing()).hasCauseInstanceOf(RuntimeException.class);
    }

    @Test
    void aLoopWhoseRunIsOverIsNotReported() throws Exception {
        LoopsAtTheLimit loops = new LoopsAtTheLimit();
        Thread thread = loopOn(loops, () -> { });
        thread.join(10_000);
        assertThat(loops.sample().found()).isFalse();
        assertThat(loops.sample().stacks()).isEmpty();
    }

    private static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != state && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(thread.getState()).isEqualTo(state);
    }
}
