package exercises.step8_queue;

import java.util.ArrayDeque;
import java.util.Collections;

/**
 * asyncio's {@code LifoQueue}: a {@link Queue} whose {@code get} takes the item put last. Given:
 * it is your {@code Queue} over a stack instead of a FIFO (its {@code items} decide the order), so
 * it works as soon as your {@code Queue} keeps its items in the given {@code items}.
 */
public class LifoQueue<T> extends Queue<T> {

    /** A stack of at most {@code maxsize} items; 0 or less: unbounded. */
    public LifoQueue(int maxsize) {
        super(maxsize, Collections.asLifoQueue(new ArrayDeque<>()));
    }
}
