package miniasyncio;

/**
 * Nothing is ready, nothing sleeps, yet some tasks still wait for something: no event can ever
 * wake them. The scheduler raises this instead of hanging; the message names who waits for what.
 */
public class DeadlockException extends IllegalStateException {
    public DeadlockException(String message) {
        super(message);
    }
}
