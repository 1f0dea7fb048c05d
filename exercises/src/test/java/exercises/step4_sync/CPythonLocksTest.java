package exercises.step4_sync;

import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.FutureScheduler;
import exercises.step3_futures.TaskFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The {@code LockTests} of CPython 3.13's {@code Lib/test/test_asyncio/test_locks.py} that need
 * no cancellation, translated on the virtual clock; each keeps the Python test's name. Those
 * with a cancellation are step 5's {@code CPythonLockCancellationTest}. {@code acquire()} returns
 * nothing here (asyncio's returns True); {@code RuntimeError} is an
 * {@link IllegalStateException}; {@code async with lock:} is {@link Lock#withLock}.
 */
class CPythonLocksTest {

    static <T> T run(Callable<T> main) {
        return new FutureScheduler(Clock.virtual()).run("main", main);
    }

    @Test
    @DisplayName("test_locks.LockTests.test_acquire: woken in order, and a newcomer waits behind a woken waiter")
    void acquire() {
        List<Integer> result = new ArrayList<>();
        run(() -> {
            Lock lock = new Lock();
            lock.acquire();
            TaskFuture<Boolean> t1 = spawn("c1", () -> {
                lock.acquire();
                result.add(1);
                return true;
            });
            TaskFuture<Boolean> t2 = spawn("c2", () -> {
                lock.acquire();
                result.add(2);
                return true;
            });
            sleep(0);
            assertThat(result).isEmpty();

            lock.release();
            sleep(0);
            assertThat(result).containsExactly(1);

            sleep(0);
            assertThat(result).containsExactly(1);

            TaskFuture<Boolean> t3 = spawn("c3", () -> {
                lock.acquire();
                result.add(3);
                return true;
            });

            lock.release(); // wakes c2; c3 starts before c2 runs, and must wait behind it
            sleep(0);
            assertThat(result).containsExactly(1, 2);

            lock.release();
            sleep(0);
            assertThat(result).containsExactly(1, 2, 3);

            assertThat(t1.isDone() && t1.result()).isTrue();
            assertThat(t2.isDone() && t2.result()).isTrue();
            assertThat(t3.isDone() && t3.result()).isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_locks.LockTests.test_release_not_acquired")
    void releaseNotAcquired() {
        Lock lock = new Lock();
        assertThatThrownBy(lock::release).isInstanceOf(IllegalStateException.class);
    }

    @Test
    @DisplayName("test_locks.LockTests.test_release_no_waiters")
    void releaseNoWaiters() {
        run(() -> {
            Lock lock = new Lock();
            lock.acquire();
            assertThat(lock.isLocked()).isTrue();
            lock.release();
            assertThat(lock.isLocked()).isFalse();
            return null;
        });
    }

    @Test
    @DisplayName("test_locks.LockTests.test_context_manager")
    void contextManager() {
        run(() -> {
            Lock lock = new Lock();
            assertThat(lock.isLocked()).isFalse();
            lock.withLock(() -> assertThat(lock.isLocked()).isTrue());
            assertThat(lock.isLocked()).isFalse();
            return null;
        });
    }
}
