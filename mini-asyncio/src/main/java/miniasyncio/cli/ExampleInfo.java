package miniasyncio.cli;

/**
 * One runnable example: its name for {@code run NAME}, a one-line description for {@code list},
 * and its {@code main}. Examples are ordinary programs: they make their own scheduler (or call
 * {@code MiniAsyncio.run}), and the CLI sets the clock through {@link miniasyncio.around.LoopPolicy}.
 *
 * <p>{@code usage} is null for an example that takes no options: {@code run} then rejects an
 * unknown option as a usage error. An example with a usage line gets every argument after its
 * name that {@code run} does not know ({@code run EchoClients --clients 10}); it throws
 * {@link ExampleUsageException} for a wrong one, and {@code run} exits with code 2.
 */
public record ExampleInfo(String name, String description, Main main, String usage) {

    public ExampleInfo(String name, String description, Main main) {
        this(name, description, main, null);
    }

    @FunctionalInterface
    public interface Main {
        void main(String[] args) throws Exception;
    }
}
