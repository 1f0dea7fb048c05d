package exercises.step1_generators;

import miniasyncio.Generator;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * Step 1: the lecture's three generators (section 1), on the kit's {@link Generator}.
 *
 * <p>A generator is a computation that stops at {@code g.yield(value)}, hands the value to whoever
 * called {@code next()}/{@code send()}, and goes on from the same place when resumed. Everything
 * later in the track (tasks, syscalls, the scheduler) is this one trick used on purpose.
 */
public final class Generators {

    private Generators() {
    }

    /**
     * {@code counter(start, stop)}: yields start, start + 1, ..., stop - 1, then returns (a further
     * {@code next()} raises {@link miniasyncio.StopIteration}).
     */
    public static Generator<Integer, Void, Void> counter(int start, int stop) {
        // BEGIN SOLUTION
        return new Generator<>("counter", g -> {
            int i = start;
            while (i < stop) {
                g.yield(i);
                i += 1;
            }
            return null;
        });
        // END SOLUTION
    }

    /**
     * {@code echo()}: first yields "start"; then each {@code send(x)} makes it yield "got: x".
     * It never returns by itself: {@code close()} ends it.
     */
    public static Generator<String, String, Void> echo() {
        // BEGIN SOLUTION
        return new Generator<>("echo", g -> {
            String received = g.yield("start");
            g.yield("got: " + received);
            return null;

        });
        // END SOLUTION
    }

    /** {@code inner()}: yields 1, then 2, then returns "done". */
    public static Generator<Object, Object, String> inner() {
        // BEGIN SOLUTION
        return new Generator<>("inner", g -> {
            g.yield(1);
            g.yield(2);
            return "done";
        });
        // END SOLUTION
    }

    /**
     * {@code outer()}: delegates to {@link #inner()} with {@code yieldFrom} (so 1 and 2 come out
     * of outer, and whatever is sent to outer goes on to inner), then yields
     * "inner returned: " + what inner returned.
     */
    public static Generator<Object, Object, Void> outer() {
        // BEGIN SOLUTION
        return new Generator<>("outer", g -> {
            String result = g.yieldFrom(inner()); // Python: result = yield from inner()
            g.yield("inner returned: " + result);
            return null;
        });
        // END SOLUTION
    }
}
