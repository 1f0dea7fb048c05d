package exercises.step10_network;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import miniasyncio.MiniAsyncio;

/**
 * asyncio's streams on the {@link IoScheduler}: {@link #openConnection} and {@link #startServer}.
 * Call them from a task of a running IoScheduler.
 */
public final class Streams {

    private Streams() {
    }

    /** A connection's two halves, as asyncio's {@code (reader, writer)} pair. */
    public record Connection(StreamReader reader, StreamWriter writer) {
    }

    /** What a server runs for each connection, in a task of its own. */
    @FunctionalInterface
    public interface Handler {
        void handle(StreamReader reader, StreamWriter writer) throws Exception;
    }

    /** {@code asyncio.open_connection(host, port)}: connects (the task waits meanwhile). */
    public static Connection openConnection(String host, int port) throws IOException {
        IoScheduler.current("openConnection");
        SocketChannel channel = SocketChannel.open();
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            if (!channel.connect(new InetSocketAddress(host, port))) {
                IoScheduler.writeWait(channel); // OP_CONNECT: the connection is made, or has failed
                channel.finishConnect();        // throws if it has failed (ConnectException: refused)
            }
            return new Connection(new StreamReader(channel), new StreamWriter(channel));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * {@code asyncio.start_server(handler, host, port)}: listens (port 0: any free one, see
     * {@link Server#port()}) and runs {@code handler} in a new task for each connection; the
     * connection is closed when the handler ends. Returns at once; the server accepts in a task
     * of its own until {@link Server#close()}.
     */
    public static Server startServer(Handler handler, String host, int port) throws IOException {
        IoScheduler.current("startServer");
        ServerSocketChannel listener = ServerSocketChannel.open();
        try {
            listener.configureBlocking(false);
            listener.bind(new InetSocketAddress(host, port), 1024);
        } catch (IOException | RuntimeException e) {
            listener.close();
            throw e;
        }
        int bound = ((InetSocketAddress) listener.getLocalAddress()).getPort();
        int acceptor = MiniAsyncio.createTask("server " + bound, () -> {
            acceptForever(listener, handler);
            return null;
        });
        return new Server(listener, acceptor);
    }

    private static void acceptForever(ServerSocketChannel listener, Handler handler) throws IOException {
        try {
            while (true) {
                SocketChannel channel = listener.accept();
                if (channel == null) {
                    IoScheduler.readWait(listener); // no connection yet: wait for one
                    continue;
                }
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                MiniAsyncio.createTask("connection " + channel.socket().getPort(), () -> {
                    StreamWriter writer = new StreamWriter(channel);
                    try {
                        handler.handle(new StreamReader(channel), writer);
                    } finally {
                        try {
                            writer.close();
                        } catch (IOException alreadyBroken) {
                            channel.close(); // the handler's own exception (if any) is the one to see
                        }
                    }
                    return null;
                });
            }
        } finally {
            listener.close();
        }
    }

    /** A listening server: its port, and {@link #close()} to stop accepting. */
    public static final class Server {
        private final ServerSocketChannel listener;
        private final int acceptor;

        Server(ServerSocketChannel listener, int acceptor) {
            this.listener = listener;
            this.acceptor = acceptor;
        }

        /** The port it listens on (the one the system chose, for port 0). */
        public int port() {
            try {
                return ((InetSocketAddress) listener.getLocalAddress()).getPort();
            } catch (IOException e) {
                throw new IllegalStateException("the server's listening socket is closed", e);
            }
        }

        /** Stops accepting (the accepting task is cancelled); connections already made go on. */
        public void close() {
            exercises.step5_cancellation.CancellableScheduler.cancelTask(acceptor);
        }
    }
}
