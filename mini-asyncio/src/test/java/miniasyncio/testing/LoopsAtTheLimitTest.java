package miniasyncio.testing;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
        // this test's own line, as a student's test's: the kit's frames are those of the kit's jar or classes
        assertThat(sample.line()).isEqualTo("the loop was still in a step of task 2 (stuck) that never yielded,"
                + " at LoopsAtTheLimitTest.java:" + (lineOfSleep()) + " (LoopsAtTheLimitTest.lambda$aStepBlockedInACallIsNamedAsBlockedWithItsTask$0),"
                + " blocked in Thread.sleep: a blocking call (Thread.sleep, a lock, I/O) holds the loop");
        assertThat(sample.stacks()).startsWith("thread \"a loop\" (TIMED_WAITING), where the loop was at the limit:\n\tat java.base/java.lang.Thread.sleep")
                .contains("at miniasyncio.testing.LoopsAtTheLimitTest.lambda$aStepBlockedInACallIsNamedAsBlockedWithItsTask$0")
                .containsPattern("\t\\.\\.\\. \\d+ frames? of the kit and the JDK\n$")
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

    /** The line of this file that blocks the loop: {@code Thread.sleep(60_000)}. */
    private static int lineOfSleep() throws java.io.IOException {
        List<String> lines = java.nio.file.Files.readAllLines(
                java.nio.file.Path.of("src/test/java/miniasyncio/testing/LoopsAtTheLimitTest.java"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("Thread.sleep(60_000); // a blocking call")) {
                return i + 1;
            }
        }
        throw new AssertionError("no Thread.sleep(60_000) line");
    }
}
