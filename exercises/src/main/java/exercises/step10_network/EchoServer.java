package exercises.step10_network;

import exercises.step10_network.Streams.Server;
import exercises.step4_sync.Event;
import java.io.IOException;
import java.util.function.IntConsumer;

/**
 * An echo server on one loop thread: every connection is a task, every wait a {@code readWait}
 * or {@code writeWait}, and the loop sleeps in {@code select}. No thread per connection.
 *
 * <pre>run EchoServer [--port 8888] [--connections N]</pre>
 * serves on 127.0.0.1 (port 8888 by default; 0: any free one, printed) and prints one line per
 * connection; with {@code --connections N} it stops after N connections have ended, else it
 * serves until stopped (Ctrl-C). Drive it with {@code run EchoClients}.
 */
public final class EchoServer {

    private EchoServer() {
    }

    /**
     * Serves on {@code host:port} in the running IoScheduler until {@code connections} connections
     * have ended ({@code connections} <= 0: forever). {@code onListening} gets the port (useful
     * with port 0); {@code verbose} prints a line per connection.
     *
     * @return the number of lines echoed
     */
    public static long serve(String host, int port, int connections, IntConsumer onListening, boolean verbose)
            throws IOException {
        long[] echoed = {0};
        int[] ended = {0};
        Event allEnded = new Event();
        Server server = Streams.startServer((reader, writer) -> {
            long lines = 0;
            try {
                byte[] line;
                while ((line = reader.readLineBytes()).length > 0) {
                    writer.write(line); // the bytes as they came: no String in between
                    writer.drain();
                    lines++;
                }
            } finally {
                echoed[0] += lines;
                if (verbose) {
                    System.out.println("connection " + (ended[0] + 1) + " ended after " + lines + " lines");
                }
                if (++ended[0] == connections) {
                    allEnded.set();
                }
            }
        }, host, port);
        onListening.accept(server.port());
        try {
            allEnded.await(); // with connections <= 0 nobody sets it: the server runs until stopped
        } finally {
            server.close();
        }
        return echoed[0];
    }

    public static final String USAGE = "run EchoServer [--port 8888] [--connections N]";

    public static void main(String[] args) {
        Options options = Options.parse(args, java.util.List.of("--port", "--connections"));
        int port = options.get("--port", 8888, 0);
        int connections = options.get("--connections", 0, 0);
        long echoed = new IoScheduler().runUntilComplete("echo server", () -> serve("127.0.0.1", port, connections,
                listening -> System.out.println("echo server on 127.0.0.1:" + listening
                        + (connections > 0 ? ", until " + connections + " connections have ended" : ", until stopped (Ctrl-C)")),
                true));
        System.out.println("echoed " + echoed + " lines");
    }
}
