package miniasyncio;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs code with System.out and System.err captured, for tests that check what is printed. */
public final class Capture implements AutoCloseable {

    private final PrintStream oldOut = System.out;
    private final PrintStream oldErr = System.err;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    public Capture() {
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    public String out() {
        return out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
    }

    public String err() {
        return err.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
    }

    @Override
    public void close() {
        System.setOut(oldOut);
        System.setErr(oldErr);
    }
}
