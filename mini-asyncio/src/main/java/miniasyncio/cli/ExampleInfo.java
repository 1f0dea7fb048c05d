package miniasyncio.cli;

/**
 * One runnable example: its name for {@code run NAME}, a one-line description for {@code list},
 * and its {@code main}. Examples are ordinary programs: they make their own scheduler (or call
 * {@code MiniAsyncio.run}), and the CLI sets the clock through {@link miniasyncio.LoopPolicy}.
 */
public record ExampleInfo(String name, String description, Main main) {

    @FunctionalInterface
    public interface Main {
        void main(String[] args) throws Exception;
    }
}
