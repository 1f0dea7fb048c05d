package exercises.step10_network;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Echo round trips: the {@link EchoServer} on one {@link IoScheduler} thread against the JDK's own
 * answer, a virtual thread per connection, in the same run and driven by the same
 * {@link EchoClients} (blocking sockets on virtual threads, 64-byte lines, one round trip at a time).
 *
 * <pre>java ... exercises.step10_network.EchoBench [clients] [messages]</pre>
 * (defaults 1000 and 20). The clients share the machine with the server: the figures compare the
 * two servers, they do not measure either alone.
 */
public final class EchoBench {

    private EchoBench() {
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int messages = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        for (int round = 1; round <= 2; round++) { // the first round warms the JIT up
            System.out.println("round " + round + ", " + clients + " clients x " + messages + " messages of 64 bytes");
            System.out.println("  IoScheduler, one loop thread:       " + loopServer(clients, messages));
            System.out.println("  a virtual thread per connection:    " + virtualThreadServer(clients, messages));
        }
    }

    static EchoClients.Totals loopServer(int clients, int messages) throws Exception {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread loop = Thread.ofPlatform().name("echo loop").start(() -> {
            try {
                new IoScheduler().runUntilComplete("echo server",
                        () -> EchoServer.serve("127.0.0.1", 0, clients, port::complete, false));
            } catch (Throwable failure) {
                port.completeExceptionally(failure);
            }
        });
        EchoClients.Totals totals = EchoClients.drive("127.0.0.1", port.get(30, TimeUnit.SECONDS), clients, messages);
        loop.join();
        return totals;
    }

    static EchoClients.Totals virtualThreadServer(int clients, int messages) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1024, InetAddress.getByName("127.0.0.1"))) {
            Thread acceptor = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        Socket socket = listener.accept();
                        Thread.ofVirtual().start(() -> echo(socket));
                    }
                } catch (IOException closed) {
                    // the listener was closed: the run is over
                }
            });
            EchoClients.Totals totals = EchoClients.drive("127.0.0.1", listener.getLocalPort(), clients, messages);
            listener.close();
            acceptor.join();
            return totals;
        }
    }

    private static void echo(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            OutputStream out = socket.getOutputStream();
            String line;
            while ((line = in.readLine()) != null) {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException e) {
            System.err.println("echo connection failed: " + e);
        }
    }
}
