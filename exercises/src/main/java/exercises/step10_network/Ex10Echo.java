package exercises.step10_network;

import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

import exercises.Py;
import exercises.step10_network.Streams.Connection;
import exercises.step10_network.Streams.Server;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * An echo server and its client on one loop, over loopback: every wait is a {@code ReadWait} or a
 * {@code WriteWait} in the streams, and the loop sleeps in {@code select}. Under
 * {@code --virtual-time} the network still takes real time, and virtual time stands still while
 * the loop waits for it (every echo comes at t=0.000); only the timer moves it.
 */
public final class Ex10Echo {

    private Ex10Echo() {
    }

    static void echo(StreamReader reader, StreamWriter writer) throws IOException {
        String line;
        while (!(line = reader.readLine()).isEmpty()) {
            System.out.println("server: got " + Py.repr(line.strip()) + ", echoing it");
            writer.write(line);
            writer.drain();
        }
        System.out.println("server: the client closed the connection");
    }

    static String main() throws IOException {
        Server server = Streams.startServer(Ex10Echo::echo, "127.0.0.1", 0);
        Connection connection = Streams.openConnection("127.0.0.1", server.port());
        System.out.println("client: connected");
        for (String message : List.of("hello", "network")) {
            connection.writer().write(message + "\n");
            connection.writer().drain();
            String answer = connection.reader().readLine().strip();
            System.out.printf(Locale.ROOT, "client: echo %s at t=%.3f%n", Py.repr(answer), now());
        }
        sleep(0.5);
        System.out.printf(Locale.ROOT, "client: a timer moves time: t=%.3f%n", now());
        connection.writer().close();
        sleep(0.1); // the server sees the end of the stream meanwhile
        server.close();
        return "done";
    }

    public static void main(String[] args) {
        IoScheduler loop = new IoScheduler();
        String result = loop.runUntilComplete("main", Ex10Echo::main);
        System.out.printf(Locale.ROOT, "runUntilComplete returned %s at t=%.3f%n", Py.repr(result), loop.now());
    }
}
