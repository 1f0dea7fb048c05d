package exercises.step6_timeouts;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.gather;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;

import exercises.step3_futures.TaskFuture;
import exercises.step4_sync.Lock;
import exercises.step5_cancellation.CancellableScheduler;

/**
 * The lecture's deadlock in one thread (section 6): two workers take two locks in opposite
 * order, and each ends up waiting for the lock the other holds. A {@code timeout(1.0)} scope
 * turns the hang into a {@link TimeoutException}. The timeout saves the demo; it does not fix the
 * lock order.
 */
public final class Ex6Deadlock {

    private Ex6Deadlock() {
    }

    static void deadlockDemo() {
        Lock lockA = new Lock();
        Lock lockB = new Lock();
        TaskFuture<Object> workerAb = spawn("worker_ab", () -> {
            lockA.withLock(() -> {
                System.out.println("worker_ab: holding A, acquiring B");
                sleep(0.01); // lets worker_ba take lock_b
                lockB.withLock(() -> System.out.println("worker_ab: holding both locks"));
            });
            return null;
        });
        TaskFuture<Object> workerBa = spawn("worker_ba", () -> {
            lockB.withLock(() -> {
                System.out.println("worker_ba: holding B, acquiring A");
                sleep(0.01); // lets worker_ab take lock_a
                lockA.withLock(() -> System.out.println("worker_ba: holding both locks"));
            });
            return null;
        });
        // Bound the wait, so that the demo does not hang forever.
        try {
            Timeouts.timeout(1.0, () -> await(gather(workerAb, workerBa)));
        } catch (TimeoutException e) {
            System.out.println("deadlock: worker_ab holds A and waits for B; worker_ba holds B and waits for A");
        } finally {
            // asyncio's gather cancels its children when the task awaiting it is cancelled; our gather
            // is a plain future and leaves them alone, so we cancel the two workers here. Without it
            // they would wait forever and the run would end in a DeadlockException.
            workerAb.cancel();
            workerBa.cancel();
        }
    }

    public static void main(String[] args) {
        new CancellableScheduler().run("deadlock_demo", () -> {
            deadlockDemo();
            return null;
        });
    }
}
