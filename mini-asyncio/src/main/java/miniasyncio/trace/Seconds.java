package miniasyncio.trace;

import java.util.Locale;

/** Clock nanoseconds as the seconds the pictures print: "0.150". */
final class Seconds {

    private Seconds() {
    }

    static String format(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    static String format(long nanos, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", nanos / 1e9);
    }
}
