package miniasyncio.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.function.IntConsumer;

/**
 * A Java echo server in a process of its own, for the {@code echo} workload (the clients run in
 * the bench's process). {@code loop}: the exercises' {@code EchoServer} on one
 * {@code IoScheduler} thread (IoScheduler and streams, step 10), looked up by name because the
 * exercises are built on top of this module. {@code vthreads}: the JDK's own answer, a virtual
 * thread per connection with blocking sockets.
 *
 * <p>It prints {@code port N} once it listens, then serves every line back. Its standard input
 * is the control line: {@code heap} answers {@code heap BYTES} (the heap in use after a full GC),
 * and the end of the input ends the process, so it never outlives the bench. When the loop server
 * cannot run (the exercise is not solved yet), it prints {@code unavailable: why} and ends.
 */
public final class EchoServerMain {

    static final String SERVER = "exercises.step10_network.EchoServer";
    static final String LOOP = "exercises.step10_network.IoScheduler";

    private EchoServerMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1 || !(args[0].equals("loop") || args[0].equals("vthreads"))) {
            System.err.println("usage: EchoServerMain loop|vthreads");
            System.exit(2);
        }
        Thread.ofPlatform().daemon().name("control").start(EchoServerMain::control);
        if (args[0].equals("loop")) {
            loop();
        } else {
            virtualThreads();
        }
    }

    /** Answers {@code heap}; the end of the input (the bench is done, or gone) ends the process. */
    private static void control() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.strip().equals("heap")) {
                    say("heap " + heapAfterGc());
                }
            }
        } catch (IOException e) {
            // the bench is gone: end as below
        }
        System.exit(0);
    }

    static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    /** new IoScheduler().runUntilComplete(() -> EchoServer.serve("127.0.0.1", 0, 0, port -> ..., false)). */
    private static void loop() throws Exception {
        Object scheduler;
        Method run;
        Method serve;
        try {
            Class<?> type = Class.forName(LOOP);
            scheduler = type.getConstructor().newInstance();
            run = type.getMethod("runUntilComplete", String.class, Callable.class);
            serve = Class.forName(SERVER).getMethod("serve", String.class, int.class, int.class, IntConsumer.class,
                    boolean.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            say("unavailable: " + SERVER + " cannot be loaded: " + e);
            System.exit(1);
            return;
        }
        IntConsumer listening = port -> say("port " + port);
        Callable<Object> main = () -> serve.invoke(null, "127.0.0.1", 0, 0, listening, false);
        try {
            run.invoke(scheduler, "echo server", main);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            miniasyncio.NotImplementedYet missing = miniasyncio.NotImplementedYet.findIn(cause);
            say("unavailable: " + (missing != null ? missing.getMessage() : "the loop's echo server failed: " + cause));
            if (missing == null) {
                cause.printStackTrace();
            }
            System.exit(1);
        }
    }

    private static void virtualThreads() throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1024, InetAddress.getByName("127.0.0.1"))) {
            say("port " + listener.getLocalPort());
            while (true) {
                Socket socket = listener.accept();
                Thread.ofVirtual().start(() -> echo(socket));
            }
        }
    }

    /** Sends back every complete line, as it comes (a partial line waits for its end). */
    private static void echo(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            byte[] buffer = new byte[8192];
            int kept = 0;
            int n;
            while ((n = in.read(buffer, kept, buffer.length - kept)) > 0) {
                int end = kept + n;
                int lineEnd = lastNewline(buffer, kept, end);
                if (lineEnd >= 0) {
                    out.write(buffer, 0, lineEnd + 1);
                    kept = end - (lineEnd + 1);
                    System.arraycopy(buffer, lineEnd + 1, buffer, 0, kept);
                } else {
                    kept = end;
                }
                if (kept == buffer.length) {
                    buffer = java.util.Arrays.copyOf(buffer, 2 * buffer.length); // a line longer than the buffer
                }
            }
        } catch (IOException e) {
            // the client went away: nothing to answer
        }
    }

    private static int lastNewline(byte[] buffer, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
