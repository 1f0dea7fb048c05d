package exercises.step10_network;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Drives an echo server with {@code clients} concurrent connections, each sending {@code messages}
 * lines of 64 bytes one round trip at a time and checking every echo. The clients are plain
 * blocking sockets on virtual threads: a driver independent of the loop it measures.
 *
 * <pre>run EchoClients --clients N --messages M [--port 8888]</pre>
 * drives {@code run EchoServer} on 127.0.0.1 and prints the totals.
 */
public final class EchoClients {

    private EchoClients() {
    }

    /** What the clients saw: answers checked, and the round-trip times in nanoseconds, sorted. */
    public record Totals(long answered, long[] roundTrips, long elapsedNanos) {

        public long percentile(double p) {
            return roundTrips.length == 0 ? 0 : roundTrips[(int) Math.min(roundTrips.length - 1, p * roundTrips.length)];
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "%,d answers in %.2f s: %,.0f round trips/s, p50 %.2f ms, p99 %.2f ms",
                    answered, elapsedNanos / 1e9, answered / (elapsedNanos / 1e9), percentile(0.50) / 1e6,
                    percentile(0.99) / 1e6);
        }
    }

    public static Totals drive(String host, int port, int clients, int messages) throws Exception {
        if (clients < 1 || messages < 1) {
            throw new IllegalArgumentException("clients and messages must be >= 1, got " + clients + " and " + messages);
        }
        long started = System.nanoTime();
        List<Future<long[]>> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < clients; c++) {
                int client = c;
                results.add(threads.submit(() -> oneClient(host, port, client, messages)));
            }
            threads.shutdown();
            if (!threads.awaitTermination(5, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the clients did not finish in 5 minutes");
            }
        }
        long[] all = new long[clients * messages];
        int at = 0;
        for (Future<long[]> result : results) {
            long[] times = result.get(); // a client's failure is thrown here
            System.arraycopy(times, 0, all, at, times.length);
            at += times.length;
        }
        Arrays.sort(all);
        return new Totals(at, all, System.nanoTime() - started);
    }

    private static long[] oneClient(String host, int port, int client, int messages) throws IOException {
        long[] times = new long[messages];
        try (Socket socket = new Socket(host, port)) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            for (int m = 0; m < messages; m++) {
                String line = String.format("client %6d message %6d %s", client, m, "x".repeat(64)).substring(0, 63);
                long sent = System.nanoTime();
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                String echo = in.readLine();
                times[m] = System.nanoTime() - sent;
                if (!line.equals(echo)) {
                    throw new IOException("client " + client + " message " + m + ": sent " + line + ", got back " + echo);
                }
            }
        }
        return times;
    }

    public static final String USAGE = "run EchoClients --clients N --messages M [--port 8888]";

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args, java.util.List.of("--clients", "--messages", "--port"));
        int clients = options.get("--clients", 10, 1);
        int messages = options.get("--messages", 10, 1);
        int port = options.get("--port", 8888, 1);
        Totals totals;
        try {
            totals = drive("127.0.0.1", port, clients, messages);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof java.net.ConnectException) {
                throw new IOException("no echo server on 127.0.0.1:" + port + " (start one with 'run EchoServer --port "
                        + port + "')", e.getCause());
            }
            throw e;
        }
        System.out.println(clients + " clients x " + messages + " messages: " + totals);
    }
}
