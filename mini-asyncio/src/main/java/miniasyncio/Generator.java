package miniasyncio;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Python's generator protocol on a {@link Coroutine}: {@code Y} is what it yields, {@code S} what
 * {@code send} passes in, {@code R} what it returns.
 *
 * <pre>{@code
 * // def counter(start, stop):            Generator<Integer, Void, Void> counter(int start, int stop) {
 * //     i = start                            return new Generator<>(g -> {
 * //     while i < stop:                          for (int i = start; i < stop; i++) g.yield(i);
 * //         yield i                              return null;
 * //         i += 1                           });
 * //                                       }
 * }</pre>
 *
 * <p>The body receives the generator itself ({@code g}) so that {@code g.yield(value)} is typed:
 * it takes a {@code Y} and returns the {@code S} that the next {@link #send} passes.
 *
 * <table>
 *   <caption>Python to Java</caption>
 *   <tr><td>{@code next(g)}</td><td>{@code g.next()}</td></tr>
 *   <tr><td>{@code g.send(v)}</td><td>{@code g.send(v)}</td></tr>
 *   <tr><td>{@code g.throw(e)}</td><td>{@code g.throwInto(e)} ({@code throw} is a Java keyword)</td></tr>
 *   <tr><td>{@code g.close()}</td><td>{@code g.close()}</td></tr>
 *   <tr><td>{@code x = yield v}</td><td>{@code x = g.yield(v)}</td></tr>
 *   <tr><td>{@code r = yield from inner}</td><td>{@code r = g.yieldFrom(inner)}</td></tr>
 *   <tr><td>{@code for x in g:}</td><td>{@code for (var x : g)}</td></tr>
 * </table>
 */
public final class Generator<Y, S, R> implements Iterable<Y> {

    /** The body of a generator: gets the generator to yield through, returns the final value. */
    @FunctionalInterface
    public interface Body<Y, S, R> {
        R run(Generator<Y, S, R> g) throws Exception;
    }

    private final Coroutine coroutine;

    public Generator(Body<Y, S, R> body) {
        this("generator", body);
    }

    public Generator(String name, Body<Y, S, R> body) {
        this.coroutine = new Coroutine(name, () -> body.run(this));
    }

    /** {@code next(g)}: runs to the next yield and returns its value. */
    public Y next() {
        return send(null);
    }

    /**
     * {@code g.send(value)}: resumes the body with {@code value} as the result of its current
     * {@code g.yield(...)}, and returns the next yielded value.
     *
     * @throws StopIteration when the body returns (its value in {@link StopIteration#value()})
     */
    public Y send(S value) {
        if (coroutine.isDone()) {
            throw new StopIteration(null); // as Python: an exhausted or closed generator stays exhausted
        }
        return unpack(coroutine.send(value));
    }

    /** {@code g.throw(exception)}: raises {@code exception} at the body's current yield. */
    public Y throwInto(Throwable exception) {
        return unpack(coroutine.throwInto(exception));
    }

    /**
     * {@code g.close()}: unwinds the body (its {@code finally} blocks run); further calls raise
     * StopIteration. As in Python, an exception the body raises while unwinding is thrown here,
     * not lost (a checked one wrapped in {@link Step.TaskFailedException}).
     */
    public void close() {
        coroutine.close();
    }

    public boolean isDone() {
        return coroutine.isDone();
    }

    /** {@code yield value} inside the body: hands {@code value} out, returns what is sent in. */
    @SuppressWarnings("unchecked")
    public S yield(Y value) {
        requireInside("yield");
        return (S) Coroutine.yield(value);
    }

    /**
     * {@code yield from inner} inside the body: every value {@code inner} yields goes out to our
     * caller, and every send, throw and close from our caller goes on to {@code inner}. Returns
     * what {@code inner} returned.
     */
    public <R2> R2 yieldFrom(Generator<? extends Y, ? super S, R2> inner) {
        requireInside("yieldFrom");
        @SuppressWarnings("unchecked")
        Generator<Y, S, R2> delegate = (Generator<Y, S, R2>) inner;
        Step step = delegate.coroutine.send(null);
        while (true) {
            switch (step) {
                case Step.Returned(Object value) -> {
                    @SuppressWarnings("unchecked")
                    R2 result = (R2) value;
                    return result;
                }
                case Step.Failed failed -> throw failed.rethrow();
                case Step.Yielded yielded -> {
                    Object sent;
                    try {
                        sent = Coroutine.yield(yielded.value);
                    } catch (Coroutine.Exit exit) {
                        delegate.close();           // close() reaches the innermost generator first
                        throw exit;
                    } catch (Throwable thrown) {
                        step = delegate.coroutine.throwInto(thrown);
                        continue;
                    }
                    step = delegate.coroutine.send(sent);
                }
            }
        }
    }

    private void requireInside(String method) {
        if (Coroutine.current() != coroutine) {
            throw new IllegalStateException("g." + method + "() called outside this generator's body:"
                    + " only the body of the generator (the lambda given to new Generator<>(g -> ...)) may call it");
        }
    }

    @SuppressWarnings("unchecked")
    private Y unpack(Step step) {
        return switch (step) {
            case Step.Yielded yielded -> (Y) yielded.value;
            case Step.Returned(Object value) -> throw new StopIteration(value);
            case Step.Failed failed -> throw failed.rethrow();
        };
    }

    /** {@code for x in g}: iterates the yielded values until the body returns. */
    @Override
    public Iterator<Y> iterator() {
        return new Iterator<>() {
            private Step lookahead;

            @Override
            public boolean hasNext() {
                if (lookahead == null) {
                    lookahead = coroutine.isDone() ? coroutine.outcome() : coroutine.send(null);
                }
                if (lookahead instanceof Step.Failed failed) {
                    throw failed.rethrow();
                }
                return lookahead instanceof Step.Yielded;
            }

            @Override
            @SuppressWarnings("unchecked")
            public Y next() {
                if (!hasNext()) {
                    throw new NoSuchElementException("generator finished");
                }
                Y value = (Y) ((Step.Yielded) lookahead).value;
                lookahead = null;
                return value;
            }
        };
    }
}
