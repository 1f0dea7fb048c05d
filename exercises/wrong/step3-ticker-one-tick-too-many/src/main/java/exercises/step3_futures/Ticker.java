package exercises.step3_futures;

import static miniasyncio.MiniAsyncio.sleep;

import java.util.Iterator;
import java.util.NoSuchElementException;
import miniasyncio.NotImplementedYet; // the student release's stubs throw it

/**
 * The lecture's async iterator (section 4): {@code async for tick in Ticker(3, 0.05)} gives 1, 2, 3,
 * waiting {@code interval} seconds before each.
 *
 * <p>Java needs no {@code __anext__}: a plain {@link Iterator} whose {@code next()} calls
 * {@code sleep()} suspends the whole task, however deep the call, and the other tasks run
 * meanwhile. That is the stackful coroutine at work: {@code for (int tick : new Ticker(3, 0.05))}
 * is {@code async for}.
 */
public final class Ticker implements Iterable<Integer> {

    private final int n;
    private final double interval;

    public Ticker(int n, double interval) {
        this.n = n;
        this.interval = interval;
    }

    /** Ticks 1..n; each {@code next()} first sleeps {@code interval} seconds. */
    @Override
    public Iterator<Integer> iterator() {
        // BEGIN SOLUTION
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return i <= n;

            }

            @Override
            public Integer next() {
                if (!hasNext()) {
                    throw new NoSuchElementException("the ticker has ticked " + n + " times"); // StopAsyncIteration
                }
                sleep(interval); // suspends the task that iterates: others run meanwhile
                i += 1;
                return i;
            }
        };
        // END SOLUTION
    }
}
