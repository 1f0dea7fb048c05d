package miniasyncio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a sleeping task keeps on its frozen stack besides its own frames: a million sleepers keep
 * a million such stacks, so every frame between the task's call to {@code sleep} and the
 * continuation's yield, and below its body, costs memory (about 37 bytes per frame measured).
 */
class FrozenStackTest {

    @Test
    void aSleepingTaskKeepsOnlySleepAndTheCoroutineAroundItsBody() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        List<String> frames = scheduler.run(() -> {
            int tid = MiniAsyncio.createTask(() -> {
                MiniAsyncio.sleep(1);
                return null;
            });
            MiniAsyncio.sleep(0.5); // the task has run and sleeps now
            Task sleeper = scheduler.sleeping.stream().filter(t -> t.tid() == tid).findFirst().orElseThrow();
            return Arrays.stream(sleeper.coroutine().suspendedStack())
                    .map(f -> f.getClassName() + "." + f.getMethodName()).toList();
        });

        assertThat(frames).hasSize(4);
        assertThat(frames.get(0)).isEqualTo("miniasyncio.Coroutine.suspend");    // yields the continuation
        assertThat(frames.get(1)).isEqualTo("miniasyncio.MiniAsyncio.sleep");     // no Scheduler.syscall between
        assertThat(frames.get(2)).startsWith(FrozenStackTest.class.getName() + ".lambda$"); // the task's body
        assertThat(frames.get(3)).startsWith("miniasyncio.Coroutine$");            // the one shared entry, no lambda bridge
    }
}
