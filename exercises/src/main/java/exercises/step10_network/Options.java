package exercises.step10_network;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.cli.ExampleUsageException;

/**
 * The {@code --name value} options of the echo examples ({@code --clients 10 --messages 5}):
 * whole numbers only, each named in {@code allowed}. A wrong one is an
 * {@link ExampleUsageException}: {@code run} prints it with the usage line and exits with code 2.
 */
final class Options {

    private final Map<String, Integer> values = new HashMap<>();

    private Options() {
    }

    static Options parse(String[] args, List<String> allowed) {
        Options options = new Options();
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i];
            if (!allowed.contains(name)) {
                throw new ExampleUsageException("unknown option '" + name + "': the options are "
                        + String.join(", ", allowed));
            }
            if (i + 1 == args.length) {
                throw new ExampleUsageException(name + " needs a number after it");
            }
            try {
                options.values.put(name, Integer.parseInt(args[i + 1]));
            } catch (NumberFormatException e) {
                throw new ExampleUsageException(name + " takes a whole number, got '" + args[i + 1] + "'");
            }
        }
        return options;
    }

    /** The value of {@code name}, or {@code fallback}; it must be at least {@code min}. */
    int get(String name, int fallback, int min) {
        int value = values.getOrDefault(name, fallback);
        if (value < min) {
            throw new ExampleUsageException(name + " must be at least " + min + ", got " + value);
        }
        return value;
    }
}
