package exercises.step5_cancellation;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.Future;
import exercises.step3_futures.TaskFuture;
import exercises.step4_sync.Lock;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The {@code LockTests} of CPython 3.13's {@code Lib/test/test_asyncio/test_locks.py} that cancel
 * a waiter, translated on the virtual clock; each keeps the Python test's name (the others are
 * step 4's {@code CPythonLocksTest}). The lock has no {@code _waiters} to look into: where the
 * Python test counts them, the translation checks what the count stands for. A
 * {@code call_soon(f)} is a task that does {@code f}.
 */
class CPythonLockCancellationTest {

    static <T> T run(Callable<T> main) {
        return new CancellableScheduler(Clock.virtual()).run("main", main);
    }

    @Test
    @DisplayName("test_locks.LockTests.test_acquire_cancel: the cancelled waiter leaves the queue")
    void acquireCancel() {
        run(() -> {
            Lock lock = new Lock();
            lock.acquire();
            TaskFuture<Object> task = spawn("acquire", () -> {
                lock.acquire();
                return null;
            });
            spawn("call_soon(task.cancel)", task::cancel);
            assertThatThrownBy(() -> await(task)).isInstanceOf(CancelledException.class);
            // assertFalse(lock._waiters): nobody waits, so once free the lock is taken at once
            lock.release();
            double before = now();
            lock.acquire();
            assertThat(lock.isLocked()).isTrue();
            assertThat(now()).isEqualTo(before);
            return null;
        });
    }

    @Test
    @DisplayName("test_locks.LockTests.test_cancel_race")
    void cancelRace() {
        run(() -> {
            Lock lock = new Lock();
            Future<Object> fa = new Future<>();
            TaskFuture<Object> ta = spawn("A", () -> lockit(lock, fa));
            sleep(0);
            assertThat(lock.isLocked()).isTrue();
            TaskFuture<Object> tb = spawn("B", () -> lockit(lock, null));
            sleep(0); // B waits
            TaskFuture<Object> tc = spawn("C", () -> lockit(lock, null));
            sleep(0); // C waits

            // Create the race and check.
            fa.setResult(null);
            tb.cancel(); // assertTrue(lock._waiters[0].cancelled()): B's waiter is cancelled with B
            sleep(0);
            assertThat(lock.isLocked()).isFalse();
            assertThat(ta.isDone()).isTrue();
            assertThat(tb.isCancelled()).isTrue();
            await(tc);
            return null;
        });
    }

    /** The Python test's {@code lockit(name, blocker)}. */
    static Object lockit(Lock lock, Future<Object> blocker) {
        lock.acquire();
        try {
            if (blocker != null) {
                await(blocker);
            }
        } finally {
            lock.release();
        }
        return null;
    }

    @Test
    @DisplayName("test_locks.LockTests.test_cancel_release_race: one cancelled, one released, one lock taken")
    void cancelReleaseRace() {
        int[] lockCount = {0};
        int[] callCount = {0};
        run(() -> {
            Lock lock = new Lock();
            Callable<Object> lockit = () -> {
                callCount[0]++;
                lock.acquire();
                lockCount[0]++;
                return null;
            };
            lock.acquire();
            TaskFuture<Object> t1 = spawn("t1", lockit);
            TaskFuture<Object> t2 = spawn("t2", lockit);
            TaskFuture<Object> t3 = spawn("t3", lockit);
            sleep(0); // start scheduled tasks
            spawn("call_soon(trigger)", () -> {
                t1.cancel();
                lock.release();
                return null;
            });
            assertThatThrownBy(() -> await(t1)).isInstanceOf(CancelledException.class); // wait for cancellation
            assertThat(lockCount[0]).as("only one lock was taken").isEqualTo(1);
            assertThat(callCount[0]).as("while 3 calls were made to lockit()").isEqualTo(3);
            assertThat(t1.isCancelled() && t2.isDone()).isTrue();
            // Cleanup the task that is stuck on acquire.
            t3.cancel();
            sleep(0);
            assertThat(t3.isCancelled()).isTrue();
            return null;
        });
    }

    @Test
    @DisplayName("test_locks.LockTests.test_finished_waiter_cancelled")
    void finishedWaiterCancelled() {
        run(() -> {
            Lock lock = new Lock();
            lock.acquire();
            assertThat(lock.isLocked()).isTrue();
            TaskFuture<Object> tb = spawn("tb", () -> {
                lock.acquire();
                return null;
            });
            sleep(0); // tb waits

            // Create a second waiter, wake up the first, and cancel it.
            TaskFuture<Object> tc = spawn("tc", () -> {
                lock.acquire();
                return null;
            });
            tb.cancel();
            lock.release();
            sleep(0);

            assertThat(lock.isLocked()).isTrue();
            assertThat(tb.isCancelled()).isTrue();
            await(tc); // cleanup
            return null;
        });
    }
}
