package exercises.step4_sync;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.gather;
import static miniasyncio.MiniAsyncio.sleep;

import exercises.step3_futures.FutureScheduler;

/**
 * The lecture's race in one thread (section 6): two increments each read the value, yield
 * ({@code sleep(0)}), and write it back plus one. Both read 0, so the result is 1. With a
 * {@link Lock} around the read-wait-write, the second waits for the first: 2.
 */
public final class Ex4Race {

    private Ex4Race() {
    }

    static void lostUpdateDemo() {
        int[] value = {0};
        Runnable increment = () -> {
            int before = value[0];
            sleep(0); // the other task reads value now, too
            value[0] = before + 1;
        };
        await(gather(() -> {
            increment.run();
            return null;
        }, () -> {
            increment.run();
            return null;
        }));
        System.out.println("expected 2, got: " + value[0]);
    }

    static void lockedUpdateDemo() {
        int[] value = {0};
        Lock lock = new Lock();
        Runnable increment = () -> lock.withLock(() -> {
            int before = value[0];
            sleep(0);
            value[0] = before + 1;
        });
        await(gather(() -> {
            increment.run();
            return null;
        }, () -> {
            increment.run();
            return null;
        }));
        System.out.println("with lock: " + value[0]);
    }

    public static void main(String[] args) {
        new FutureScheduler().run("lost_update_demo", () -> {
            lostUpdateDemo();
            return null;
        });
        new FutureScheduler().run("locked_update_demo", () -> {
            lockedUpdateDemo();
            return null;
        });
    }
}
