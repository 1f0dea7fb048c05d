package miniasyncio;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * {@link Sleep#step}'s table, shared by loops on several threads without a lock: a loop must never
 * get another duration's step. The race it once had: two loops put two new durations that share a
 * home slot, one's key store and step store around the other's, and from then on every
 * {@code sleep(b)} of every loop slept {@code a}.
 *
 * <p>The test pauses one loop at the table's seam ({@code Sleep.beforeKeep}), after it has found
 * a slot empty and before it keeps its step there, and lets another loop keep another duration of
 * the same home slot meanwhile. With the table as it was (a key array and a step array, stored one
 * after the other) and the seam between those two stores, this test fails as the race did: sleep(b)
 * slept a, for good. It loads its own copy of the kit's classes, so that its table starts empty
 * and holds only its own durations, whatever the other tests slept.
 */
class SleepTableRaceTest {

    /** A fresh copy of {@code Sleep} (and what it uses), with an empty table of its own. */
    static Class<?> freshSleep() throws Exception {
        URL classes = Sleep.class.getProtectionDomain().getCodeSource().getLocation();
        ClassLoader fresh = new URLClassLoader(new URL[] {classes}, SleepTableRaceTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    if (!name.startsWith("miniasyncio.")) {
                        return super.loadClass(name, resolve);
                    }
                    Class<?> loaded = findLoadedClass(name);
                    return loaded != null ? loaded : findClass(name); // the kit's classes: this loader's own copy
                }
            }
        };
        return Class.forName("miniasyncio.Sleep", true, fresh);
    }

    /** {@code Sleep.step(seconds)}'s Sleep's duration, in the copy {@code sleep}. */
    static double sleptFor(Class<?> sleep, double seconds) throws Exception {
        Method step = sleep.getDeclaredMethod("step", double.class);
        step.setAccessible(true);
        Object yielded = step.invoke(null, seconds);
        Object request = yielded.getClass().getMethod("value").invoke(yielded);
        return (double) request.getClass().getMethod("duration").invoke(request);
    }

    /** {@code n} durations, none kept yet, all with the home slot of {@code first}. */
    static List<Double> sharingAHome(double first, int n) {
        int home = Sleep.home(Double.doubleToRawLongBits(first));
        List<Double> found = new ArrayList<>(List.of(first));
        for (long bits = Double.doubleToRawLongBits(first) + 1; found.size() < n; bits++) {
            if (Sleep.home(bits) == home) {
                found.add(Double.longBitsToDouble(bits));
            }
        }
        return found;
    }

    @Test
    void aLoopPausedBeforeKeepingItsDurationNeverTakesAnotherLoopsSlot() throws Exception {
        Class<?> sleep = freshSleep();
        List<Double> two = sharingAHome(0.00542913, 2);
        double a = two.get(0);
        double b = two.get(1);
        CountDownLatch paused = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        Thread second = Thread.currentThread(); // keeps b; the first loop, on its own thread, keeps a
        Field seam = sleep.getDeclaredField("beforeKeep");
        seam.setAccessible(true);
        AtomicBoolean once = new AtomicBoolean();
        seam.set(null, (Runnable) () -> {
            if (Thread.currentThread() != second && once.compareAndSet(false, true)) {
                paused.countDown(); // loop A has found the home slot empty, and waits here
                try {
                    goOn.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        double[] gotA = new double[1];
        Thread other = new Thread(() -> {
            try {
                gotA[0] = sleptFor(sleep, a);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        other.start();
        assertThat(paused.await(10, TimeUnit.SECONDS)).as("the first loop reached the seam").isTrue();
        double gotB = sleptFor(sleep, b); // the second loop keeps b in the home slot meanwhile
        goOn.countDown();
        other.join(10_000);
        seam.set(null, null);
        assertThat(gotA[0]).as("the paused loop's own sleep").isEqualTo(a);
        assertThat(gotB).isEqualTo(b);
        for (int i = 0; i < 3; i++) { // and for good, on either thread
            assertThat(sleptFor(sleep, a)).as("sleep(%s) later", a).isEqualTo(a);
            assertThat(sleptFor(sleep, b)).as("sleep(%s) later", b).isEqualTo(b);
        }
    }
}
