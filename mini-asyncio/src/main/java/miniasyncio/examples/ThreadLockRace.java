package miniasyncio.examples;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.concurrent.locks.ReentrantLock;
import miniasyncio.Scheduler;

/**
 * The lecture's race in one thread (section 6), and why a thread lock does not fix it. Two
 * increments each read the value, yield ({@code sleep(0)}), and write it back plus one: both
 * read 0, so the result is 1.
 *
 * <p>A {@code ReentrantLock} around the read-yield-write changes nothing: a thread lock keeps
 * <em>threads</em> apart, and both tasks run on the loop's one thread, so the second task's
 * {@code lock()} re-enters the lock the first task holds and goes straight in. A
 * {@code synchronized} block is worse: on JDK 21 the suspension inside it fails at once (a held
 * monitor pins the stack), and from JDK 24 on the second task blocks the loop's thread for good
 * (the kit reports it after about a second). What works is a lock that knows tasks, as
 * {@code asyncio.Lock}: the second task is parked until the first releases it. In this kit it is
 * the {@code Lock} of exercise step 4 ({@code run Ex4Race} prints {@code with lock: 2}).
 */
public final class ThreadLockRace {

    private ThreadLockRace() {
    }

    static int race(boolean withReentrantLock) {
        int[] value = {0};
        ReentrantLock lock = new ReentrantLock();
        Runnable increment = () -> {
            if (withReentrantLock) {
                lock.lock(); // the second task re-enters it: same thread, so no waiting
            }
            try {
                int before = value[0];
                sleep(0); // the other task reads value now, too
                value[0] = before + 1;
            } finally {
                if (withReentrantLock) {
                    lock.unlock();
                }
            }
        };
        new Scheduler().run("race", () -> {
            createTask("increment 1", increment::run);
            createTask("increment 2", increment::run);
            return null;
        });
        return value[0];
    }

    public static void main(String[] args) {
        System.out.println("expected 2, got: " + race(false));
        System.out.println("with ReentrantLock: " + race(true)
                + " (a thread lock does not keep tasks of one thread apart)");
    }
}
