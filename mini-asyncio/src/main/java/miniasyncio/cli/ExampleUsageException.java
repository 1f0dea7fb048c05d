package miniasyncio.cli;

/**
 * Thrown by an example's {@code main} for wrong arguments: {@code run} prints the message and
 * the example's usage line, and exits with code 2 (a usage error), not 1 (a failure).
 */
public class ExampleUsageException extends IllegalArgumentException {

    public ExampleUsageException(String message) {
        super(message);
    }
}
