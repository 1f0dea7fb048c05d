package exercises.step10_network;

import exercises.step10_network.Streams.Server;
import exercises.step4_sync.Event;
import java.io.IOException;
import java.util.function.IntConsumer;

/**
 * An echo server on one loop thread: every connection is a task, every wait a {@code readWait}
 * or {@code writeWait}, and the loop sleeps in {@code select}. No thread per connection.
 *
 * <pre>java ... exercises.step10_network.EchoServer [port] [connections]</pre>
 * serves on 127.0.0.1 (port 8888 by default) and prints one line per connection; with
 * {@code connections}, it stops after that many have ended (else it serves until stopped).
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
                String line;
                while (!(line = reader.readLine()).isEmpty()) {
                    writer.write(line);
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

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8888;
        int connections = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        long echoed = new IoScheduler().runUntilComplete("echo server", () -> serve("127.0.0.1", port, connections,
                listening -> System.out.println("echo server on 127.0.0.1:" + listening), true));
        System.out.println("echoed " + echoed + " lines");
    }
}
