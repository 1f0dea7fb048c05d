package miniasyncio.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the command line in this JVM and captures what it printed. */
public record CliRun(int exit, String out, String err) {

    public static synchronized CliRun of(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = Cli.execute(args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new CliRun(exit, normalize(out), normalize(err));
    }

    private static String normalize(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
    }
}
