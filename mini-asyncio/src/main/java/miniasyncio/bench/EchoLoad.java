package miniasyncio.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Supplier;

/**
 * The one client every echo server of the {@code echo} workload is driven by: {@code connections}
 * connections, each with one line of {@code size} bytes in flight at a time (send, wait for the
 * whole echo, check it byte for byte, send the next). One thread and one {@link Selector}: the
 * cheapest driver the JDK offers, so that the servers, not the client, set the pace as far as a
 * shared machine allows. It runs in the bench's process, the servers each in their own.
 *
 * <p>Round trips are counted, and their latency kept, only when they end inside the timed
 * window (after a warm-up); then no new line is sent and the lines in flight are awaited, so
 * every message of every connection is answered before the connections close.
 *
 * <p>Paced ({@code rate} round trips a second, offered): each connection sends its next line when
 * its turn comes, every {@code connections / rate} seconds (the turns spread evenly), not as soon
 * as the echo is back, so that every server gets the same arrivals, a few lines per wake-up of its
 * loop. Unpaced, how many lines one wake-up hands a server follows how fast the server and the
 * client are at that moment.
 */
final class EchoLoad {

    /**
     * What one run saw: round trips in the window, its length, their latencies (ns, sorted), and
     * the CPU time the server's process and this one spent during the window.
     */
    record Result(long roundTrips, long windowNanos, long[] latencies, CpuTime serverCpu, CpuTime clientCpu) {

        double perSecond() {
            return roundTrips / (windowNanos / 1e9);
        }

        /** The latency below which {@code p} (0..1) of the round trips fall, in milliseconds. */
        double percentileMillis(double p) {
            if (latencies.length == 0) {
                return Double.NaN;
            }
            return latencies[(int) Math.min(latencies.length - 1, Math.floor(p * latencies.length))] / 1e6;
        }

        /** The runs of one server taken as one: their round trips, windows and CPU times added up, their latencies merged. */
        static Result together(List<Result> runs) {
            if (runs.size() == 1) {
                return runs.get(0);
            }
            long roundTrips = 0;
            long windowNanos = 0;
            CpuTime server = new CpuTime(0, 0);
            CpuTime client = new CpuTime(0, 0);
            long[] latencies = new long[0];
            for (Result r : runs) {
                roundTrips += r.roundTrips;
                windowNanos += r.windowNanos;
                server = server.plus(r.serverCpu);
                client = client.plus(r.clientCpu);
                int before = latencies.length;
                latencies = Arrays.copyOf(latencies, before + r.latencies.length);
                System.arraycopy(r.latencies, 0, latencies, before, r.latencies.length);
            }
            Arrays.sort(latencies);
            return new Result(roundTrips, windowNanos, latencies, server, client);
        }
    }

    /** Something to do while every connection is open and idle (the heap is measured then). */
    @FunctionalInterface
    interface WhileOpen {
        void run() throws IOException;
    }

    private static final class Connection {
        final SocketChannel channel;
        final byte[] message;
        final ByteBuffer out;
        final ByteBuffer in;
        long sentAt;
        long dueAt; // paced: when its next line is to be sent

        Connection(SocketChannel channel, byte[] message) {
            this.channel = channel;
            this.message = message;
            this.out = ByteBuffer.wrap(message);
            this.in = ByteBuffer.allocate(message.length);
        }
    }

    private EchoLoad() {
    }

    /** A line of {@code size} bytes, its end the only {@code '\n'}, different for each connection. */
    static byte[] message(int connection, int size) {
        byte[] line = new byte[size];
        byte[] tag = ("connection " + connection + " ").getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < size - 1; i++) {
            line[i] = i < tag.length ? tag[i] : (byte) ('a' + (connection + i) % 26);
        }
        line[size - 1] = '\n';
        return line;
    }

    static Result run(int port, int connections, int size, long warmupNanos, long windowNanos, WhileOpen whileOpen)
            throws IOException {
        return run(port, connections, size, warmupNanos, windowNanos, whileOpen, () -> CpuTime.UNKNOWN);
    }

    /** As above; {@code serverCpu} reads the server process's CPU time, at the window's start and end. */
    static Result run(int port, int connections, int size, long warmupNanos, long windowNanos, WhileOpen whileOpen,
                      Supplier<CpuTime> serverCpu) throws IOException {
        return run(port, connections, size, warmupNanos, windowNanos, whileOpen, serverCpu, 0);
    }

    /** As above, paced at {@code rate} round trips a second (0: each line as soon as the last echo is back). */
    static Result run(int port, int connections, int size, long warmupNanos, long windowNanos, WhileOpen whileOpen,
                      Supplier<CpuTime> serverCpu, double rate) throws IOException {
        if (size < 2) {
            throw new IllegalArgumentException("a message is a line of at least 2 bytes, got " + size);
        }
        List<Connection> all = new ArrayList<>(connections);
        try (Selector selector = Selector.open()) {
            try {
                InetSocketAddress server = new InetSocketAddress("127.0.0.1", port);
                for (int c = 0; c < connections; c++) {
                    SocketChannel channel = SocketChannel.open(server); // blocking connect: simple, in order
                    channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    channel.configureBlocking(false);
                    Connection connection = new Connection(channel, message(c, size));
                    channel.register(selector, SelectionKey.OP_READ, connection);
                    all.add(connection);
                }
                long period = rate > 0 ? Math.max(1, Math.round(connections * 1e9 / rate)) : 0;
                return drive(selector, all, warmupNanos, windowNanos, whileOpen, serverCpu, period);
            } finally {
                for (Connection c : all) {
                    c.channel.close();
                }
            }
        }
    }

    private static Result drive(Selector selector, List<Connection> all, long warmupNanos, long windowNanos,
                                WhileOpen whileOpen, Supplier<CpuTime> serverCpu, long period) throws IOException {
        long[] latencies = new long[1 << 16];
        int kept = 0;
        long start = System.nanoTime();
        long windowStart = start + warmupNanos;
        long windowEnd = windowStart + windowNanos;
        PriorityQueue<Connection> waiting = new PriorityQueue<>(Comparator.comparingLong((Connection c) -> c.dueAt));
        int inFlight = 0;
        for (int i = 0; i < all.size(); i++) {
            Connection c = all.get(i);
            if (period > 0) {
                c.dueAt = start + period * i / all.size(); // the turns spread evenly over one period
                waiting.add(c);
            } else {
                send(selector, c, start);
                inFlight++;
            }
        }
        boolean sending = true;
        boolean counting = false;
        CpuTime serverCpuAtStart = CpuTime.UNKNOWN;
        CpuTime clientCpuAtStart = CpuTime.UNKNOWN;
        CpuTime serverCpuUsed = CpuTime.UNKNOWN;
        CpuTime clientCpuUsed = CpuTime.UNKNOWN;
        long giveUpAt = Long.MAX_VALUE;
        while (inFlight > 0 || (sending && !waiting.isEmpty())) {
            long wait = waiting.isEmpty() ? 100_000_000L : waiting.peek().dueAt - System.nanoTime();
            if (wait > 0) {
                selector.select(Math.max(1, (wait + 999_999) / 1_000_000)); // the next turn, to the millisecond
            } else {
                selector.selectNow();
            }
            long now = System.nanoTime();
            if (!counting && sending && now >= windowStart) {
                counting = true;
                serverCpuAtStart = serverCpu.get();
                clientCpuAtStart = CpuTime.ofThisProcess();
            }
            if (sending && now >= windowEnd) {
                if (counting) {
                    serverCpuUsed = serverCpu.get().since(serverCpuAtStart);
                    clientCpuUsed = CpuTime.ofThisProcess().since(clientCpuAtStart);
                }
                sending = false; // the window is over: answer what is in flight, send nothing new
                giveUpAt = now + 60_000_000_000L;
                waiting.clear();
            }
            if (now > giveUpAt) {
                throw new IOException(inFlight + " echoes still missing 60 s after the last line was sent");
            }
            for (SelectionKey key : selector.selectedKeys()) {
                Connection c = (Connection) key.attachment();
                if (key.isWritable()) {
                    c.channel.write(c.out);
                    if (!c.out.hasRemaining()) {
                        key.interestOps(SelectionKey.OP_READ);
                    }
                }
                if (!key.isReadable()) {
                    continue;
                }
                int n = c.channel.read(c.in);
                if (n < 0) {
                    throw new IOException("the server closed a connection with " + c.in.position() + " of "
                            + c.message.length + " bytes of an echo received");
                }
                if (c.in.hasRemaining()) {
                    continue; // the rest of the echo is still coming
                }
                if (Arrays.mismatch(c.in.array(), c.message) != -1) {
                    throw new IOException("a wrong echo: sent " + preview(c.message) + ", got " + preview(c.in.array()));
                }
                c.in.clear();
                long done = System.nanoTime();
                if (done >= windowStart && done < windowEnd) {
                    if (kept == latencies.length) {
                        latencies = Arrays.copyOf(latencies, 2 * kept);
                    }
                    latencies[kept++] = done - c.sentAt;
                }
                if (sending && period == 0) {
                    send(selector, c, done);
                } else {
                    inFlight--;
                    if (sending) {
                        c.dueAt += period; // its next turn: the pace holds even after a late echo
                        waiting.add(c);
                    }
                }
            }
            selector.selectedKeys().clear();
            while (sending && !waiting.isEmpty() && waiting.peek().dueAt <= now) {
                send(selector, waiting.poll(), now);
                inFlight++;
            }
        }
        whileOpen.run();
        long[] sorted = Arrays.copyOf(latencies, kept);
        Arrays.sort(sorted);
        return new Result(kept, windowNanos, sorted, serverCpuUsed, clientCpuUsed);
    }

    private static void send(Selector selector, Connection c, long now) throws IOException {
        c.out.clear();
        c.sentAt = now;
        c.channel.write(c.out);
        if (c.out.hasRemaining()) {
            c.channel.keyFor(selector).interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        }
    }

    private static String preview(byte[] line) {
        String text = new String(line, 0, Math.min(line.length, 40), StandardCharsets.US_ASCII);
        return "'" + text.replace("\n", "\\n") + (line.length > 40 ? "...'" : "'");
    }
}
