package exercises.step6_timeouts;

import java.util.Locale;

/**
 * Given: the part of the optional exercise's {@link Timeout} the kit writes (its states, what it
 * answers, its repr), so that {@code Timeout.java} holds only what you write: {@code enter} and
 * {@code reschedule}, which keep {@link #state} and {@link #when} up to date. A release may change
 * this file; yours is never touched. Only {@link Timeout} extends it: the rest of the kit names
 * {@code Timeout}.
 */
public abstract class TimeoutBase {

    /** asyncio's {@code _State}: each with the word its repr shows. */
    enum State {
        CREATED("created"), ENTERED("active"), EXPIRING("expiring"), EXPIRED("expired"), EXITED("finished");

        final String word;

        State(String word) {
            this.word = word;
        }
    }

    /** Where the scope is: created, entered (active), expiring (its timer fired), expired, exited (finished). */
    protected State state = State.CREATED;
    /** The deadline in the loop's seconds ({@code loop.now()}); {@code Double.POSITIVE_INFINITY} is asyncio's None. */
    protected double when;

    TimeoutBase(double when) {
        this.when = when;
    }

    /** The deadline, in the loop's seconds; {@code Double.POSITIVE_INFINITY} when there is none (asyncio's None). */
    public double when() {
        return when;
    }

    /** True once the timer has fired: the scope is expiring (the body is unwinding) or expired. */
    public boolean expired() {
        return state == State.EXPIRING || state == State.EXPIRED;
    }

    /** asyncio's repr: {@code <Timeout [active] when=10.0>}, {@code <Timeout [expired]>}, {@code <Timeout [finished]>}. */
    @Override
    public String toString() {
        if (state != State.ENTERED) {
            return "<Timeout [" + state.word + "]>";
        }
        String at = when == Double.POSITIVE_INFINITY ? "None" : String.valueOf(Math.round(when * 1000) / 1000.0);
        return String.format(Locale.ROOT, "<Timeout [%s] when=%s>", state.word, at);
    }

    /** {@code when} (seconds) as a time of the loop's clock, for {@code callAt}: capped at the end of time; NaN refused. */
    static long deadlineNanos(double when) {
        if (Double.isNaN(when)) {
            throw new IllegalArgumentException("a Timeout needs a deadline, got NaN");
        }
        return when * 1e9 >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.round(when * 1e9);
    }
}
