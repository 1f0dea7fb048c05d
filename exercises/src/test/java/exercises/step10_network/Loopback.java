package exercises.step10_network;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/** Two connected non-blocking sockets on 127.0.0.1, for the tests. */
record Loopback(SocketChannel left, SocketChannel right) implements AutoCloseable {

    static final String HOST = "127.0.0.1";

    static Loopback open() throws IOException {
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress(InetAddress.getByName(HOST), 0));
            SocketChannel left = SocketChannel.open(listener.getLocalAddress());
            SocketChannel right = listener.accept();
            left.configureBlocking(false);
            right.configureBlocking(false);
            return new Loopback(left, right);
        }
    }

    /** Writes {@code text} to {@code channel} (loopback takes a short text at once). */
    static void send(SocketChannel channel, String text) throws IOException {
        ByteBuffer data = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (data.hasRemaining()) {
            channel.write(data);
        }
    }

    /** What has arrived on {@code channel}, without waiting. */
    static String received(SocketChannel channel) throws IOException {
        ByteBuffer data = ByteBuffer.allocate(4096);
        channel.read(data);
        return new String(data.array(), 0, data.position(), StandardCharsets.UTF_8);
    }

    /**
     * Sends {@code text} from a thread of its own after {@code millis} real milliseconds. When the
     * test has already ended (it failed early and closed the channel), there is no one to send to:
     * the thread ends quietly, rather than print an uncaught exception into whatever test runs then
     * (a test that checks what the CLI writes to stderr would fail for it).
     */
    static Thread sendLater(SocketChannel channel, String text, long millis) {
        return Thread.ofPlatform().daemon().start(() -> {
            try {
                Thread.sleep(millis);
                send(channel, text);
            } catch (java.nio.channels.ClosedChannelException | InterruptedException testEnded) {
                // nothing to send to
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Override
    public void close() throws IOException {
        left.close();
        right.close();
    }
}
