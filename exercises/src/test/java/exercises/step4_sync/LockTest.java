package exercises.step4_sync;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.gather;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.Future;
import exercises.step3_futures.FutureScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

class LockTest {

    static <T> T run(Callable<T> main) {
        return new FutureScheduler(Clock.virtual()).run("main", main);
    }

    static int increments(int tasks, Lock lock) {
        int[] value = {0};
        Runnable increment = () -> {
            int before = value[0];
            sleep(0);
            value[0] = before + 1;
        };
        run(() -> {
            Future<?>[] all = new Future<?>[tasks];
            for (int i = 0; i < tasks; i++) {
                all[i] = spawn("increment", () -> {
                    if (lock == null) {
                        increment.run();
                    } else {
                        lock.withLock(increment);
                    }
                    return null;
                });
            }
            return await(gather(all));
        });
        return value[0];
    }

    @Test
    void withoutALockUpdatesAreLostWithItNone() {
        assertThat(increments(2, null)).isEqualTo(1);
        assertThat(increments(2, new Lock())).isEqualTo(2);
        assertThat(increments(5, new Lock())).isEqualTo(5);
    }

    @Test
    void waitersGetTheLockFirstComeFirstServed() {
        List<String> order = new ArrayList<>();
        run(() -> {
            Lock lock = new Lock();
            List<Future<?>> all = new ArrayList<>();
            for (String name : List.of("A", "B", "C", "D")) {
                all.add(spawn(name, () -> {
                    lock.withLock(() -> {
                        order.add(name + " in");
                        sleep(0.1);
                        order.add(name + " out");
                    });
                    return null;
                }));
            }
            return await(gather(all.toArray(Future<?>[]::new)));
        });
        assertThat(order).containsExactly("A in", "A out", "B in", "B out", "C in", "C out", "D in", "D out");
    }

    @Test
    void releaseWakesTheFirstWaiterWhichTakesTheLockBeforeANewcomer() {
        List<String> order = new ArrayList<>();
        run(() -> {
            Lock lock = new Lock();
            lock.acquire();
            Future<?> b = spawn("B", () -> {
                lock.acquire();
                order.add("B has it");
                lock.release();
                return null;
            });
            sleep(0); // B now waits
            lock.release();
            assertThat(lock.isLocked()).as("release() unlocks; B, woken, takes the lock when it runs").isFalse();
            lock.acquire(); // main asks again at once: B came first, so main waits behind it
            order.add("main has it again");
            lock.release();
            await(b);
            return null;
        });
        assertThat(order).containsExactly("B has it", "main has it again");
    }

    @Test
    void withLockReleasesWhenTheBodyThrows() {
        Lock lock = new Lock();
        assertThatThrownBy(() -> run(() -> {
            lock.withLock(() -> {
                throw new IllegalArgumentException("body failed");
            });
            return null;
        })).hasMessage("body failed");
        assertThat(lock.isLocked()).isFalse();
    }

    @Test
    void releasingAnUnlockedLockIsAnError() {
        assertThatThrownBy(() -> new Lock().release())
                .as("releasing an unlocked lock is an IllegalStateException")
                .isInstanceOf(IllegalStateException.class);
    }
}
