package miniasyncio;

/**
 * Python's {@code StopIteration}: {@link Generator#next()} or {@link Generator#send} on a
 * generator whose body has returned. {@link #value()} is what it returned.
 */
public class StopIteration extends RuntimeException {

    private final transient Object value;

    public StopIteration(Object value) {
        super(value == null ? "generator finished" : "generator finished, returned " + value, null, false, false);
        this.value = value;
    }

    public Object value() {
        return value;
    }
}
