package exercises.step10_network;

import static exercises.step10_network.Loopback.HOST;
import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step10_network.Streams.Connection;
import exercises.step10_network.Streams.Server;
import exercises.step3_futures.TaskFuture;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class StreamsTest {

    /** Echoes each line back until the client closes its side. */
    static void echoLines(StreamReader reader, StreamWriter writer) throws IOException {
        String line;
        while (!(line = reader.readLine()).isEmpty()) {
            writer.write(line);
            writer.drain();
        }
    }

    @Test
    void anEchoServerAndAClientOnOneLoop() {
        List<String> log = new ArrayList<>();
        new IoScheduler().runUntilComplete(() -> {
            Server server = Streams.startServer(StreamsTest::echoLines, HOST, 0);
            Connection connection = Streams.openConnection(HOST, server.port());
            for (String message : List.of("hello\n", "world\n", "ünïcode\n")) {
                connection.writer().write(message);
                connection.writer().drain();
                log.add(connection.reader().readLine());
            }
            connection.writer().close();
            server.close();
            return null;
        });
        assertThat(log).containsExactly("hello\n", "world\n", "ünïcode\n");
    }

    @Test
    void readReadExactlyAndReadLineShareOneBufferAndTheEndOfTheStream() {
        List<String> log = new ArrayList<>();
        new IoScheduler().runUntilComplete(() -> {
            Server server = Streams.startServer((reader, writer) -> {
                writer.write("first line\nABCDEFGHIJ and the rest");
                sleep(0.02);
                writer.write(" after a pause\nno newline at the end");
            }, HOST, 0);
            StreamReader reader = Streams.openConnection(HOST, server.port()).reader();
            log.add(reader.readLine());
            log.add(new String(reader.readExactly(10), StandardCharsets.US_ASCII));
            log.add(new String(reader.read(4), StandardCharsets.US_ASCII));
            log.add(reader.readLine());
            log.add(reader.readLine()); // the server has closed: what is left, without '\n'
            log.add("[" + reader.readLine() + "] eof=" + reader.atEof());
            log.add("read at eof: " + reader.read(10).length);
            server.close();
            return null;
        });
        assertThat(log).containsExactly("first line\n", "ABCDEFGHIJ", " and", " the rest after a pause\n",
                "no newline at the end", "[] eof=true", "read at eof: 0");
    }

    @Test
    void aReaderHoldsABufferOnlyWhileItHasUnreadBytes() throws Exception {
        try (Loopback pair = Loopback.open()) {
            StreamReader reader = new StreamReader(pair.left());
            String big = "x".repeat(4096) + "\n";
            List<String> log = new ArrayList<>();
            new IoScheduler().runUntilComplete(() -> {
                log.add("before: " + reader.bufferSize());
                Loopback.send(pair.right(), big + "ab");
                log.add("line of " + reader.readLine().length());
                byte[] ab = reader.readExactly(2);
                log.add(new String(ab, StandardCharsets.UTF_8) + ", then: " + reader.bufferSize());
                return null;
            });
            assertThat(log).as("a 4 KiB line grows the buffer; emptied, it is given back (10,000 idle"
                    + " connections hold no read buffers)").containsExactly("before: 0", "line of 4097", "ab, then: 0");
        }
    }

    @Test
    void oneReadTakesAllThatHasComeNotABufferfulAtATime() throws Exception {
        try (Loopback pair = Loopback.open()) {
            StreamReader reader = new StreamReader(pair.left());
            int[] heldAfterOneByte = new int[1];
            new IoScheduler().runUntilComplete(() -> {
                Loopback.send(pair.right(), "y".repeat(20_000));
                sleep(0.05); // all of it has arrived
                reader.read(1);
                heldAfterOneByte[0] = reader.bufferSize();
                return null;
            });
            assertThat(heldAfterOneByte[0]).as("bytes read ahead by the read that returned one byte: a read"
                    + " per wake-up takes all that has come (one system call, not one per KiB)").isEqualTo(20_000);
        }
    }

    @Test
    void readLineBytesGivesTheLineAsItCameWithoutDecodingIt() throws Exception {
        try (Loopback pair = Loopback.open()) {
            StreamReader reader = new StreamReader(pair.left());
            byte[] notUtf8 = {(byte) 0xff, (byte) 0xfe, 'a', '\n'};
            byte[][] got = new byte[2][];
            new IoScheduler().runUntilComplete(() -> {
                pair.right().write(java.nio.ByteBuffer.wrap(notUtf8));
                pair.right().shutdownOutput();
                got[0] = reader.readLineBytes();
                got[1] = reader.readLineBytes();
                return null;
            });
            assertThat(got[0]).containsExactly(notUtf8);
            assertThat(got[1]).as("the end of the stream").isEmpty();
        }
    }

    @Test
    void aLineLongerThanTheLineLimitIsAnIOExceptionRatherThanAWaitForItsEnd() throws Exception {
        try (Loopback pair = Loopback.open()) {
            StreamReader reader = new StreamReader(pair.left());
            String[] got = new String[1];
            // from threads of their own (the loop's thread only reads): the long line at once, its end
            // later, which a reader without a limit would wait for and then return
            Loopback.sendLater(pair.right(), "x".repeat(StreamReader.LINE_LIMIT + 10), 0);
            Loopback.sendLater(pair.right(), "\n", 300);
            new IoScheduler().runUntilComplete(() -> {
                try {
                    got[0] = "a line of " + reader.readLine().length() + " characters";
                } catch (IOException e) {
                    got[0] = e.getMessage();
                }
                return null;
            });
            assertThat(got[0]).contains("the line limit");
        }
    }

    @Test
    void readExactlyPastTheEndIsAnIncompleteReadWithTheBytesThatCame() {
        IoScheduler scheduler = new IoScheduler();
        assertThatThrownBy(() -> scheduler.runUntilComplete(() -> {
            Server server = Streams.startServer((reader, writer) -> writer.write("abc"), HOST, 0);
            try {
                return Streams.openConnection(HOST, server.port()).reader().readExactly(5);
            } finally {
                server.close();
            }
        })).cause().isInstanceOfSatisfying(IncompleteReadException.class, e -> {
            assertThat(e.partial()).containsExactly('a', 'b', 'c');
            assertThat(e).hasMessageContaining("after 3 of the 5 bytes");
        });
    }

    @Test
    void badArgumentsAreClearErrors() {
        new IoScheduler().runUntilComplete(() -> {
            Server server = Streams.startServer((reader, writer) -> { }, HOST, 0);
            Connection connection = Streams.openConnection(HOST, server.port());
            assertThatThrownBy(() -> connection.reader().read(0)).hasMessageContaining("n >= 1");
            assertThatThrownBy(() -> connection.reader().readExactly(-1)).hasMessageContaining("n >= 0");
            assertThatThrownBy(() -> connection.writer().setHighWater(-1)).hasMessageContaining(">= 0");
            connection.writer().close();
            assertThatThrownBy(() -> connection.writer().write("late")).hasMessageContaining("closed StreamWriter");
            server.close();
            return null;
        });
        assertThatThrownBy(() -> Streams.openConnection(HOST, 1)).hasMessageContaining("needs a running IoScheduler");
    }

    @Test
    void aRefusedConnectionIsAConnectException() throws IOException {
        int port;
        try (ServerSocketChannel closed = ServerSocketChannel.open()) {
            closed.bind(new InetSocketAddress(HOST, 0));
            port = ((InetSocketAddress) closed.getLocalAddress()).getPort();
        }
        assertThatThrownBy(() -> new IoScheduler().runUntilComplete(() -> Streams.openConnection(HOST, port)))
                .cause().isInstanceOf(ConnectException.class);
    }

    @Test
    void drainSuspendsAboveTheHighWaterMarkUntilTheSlowReaderHasTakenItAll() {
        int size = 16 * 1024 * 1024; // far more than the socket buffers hold
        List<String> log = new ArrayList<>();
        IoScheduler scheduler = new IoScheduler();
        scheduler.runUntilComplete(() -> {
            Server server = Streams.startServer((reader, writer) -> {
                sleep(0.2); // a slow reader
                log.add("server starts reading");
                int total = 0;
                byte[] chunk;
                while ((chunk = reader.read(65536)).length > 0) {
                    total += chunk.length;
                }
                log.add("server read " + total);
            }, HOST, 0);
            Connection connection = Streams.openConnection(HOST, server.port());
            byte[] data = new byte[size];
            Arrays.fill(data, (byte) 'x');
            connection.writer().write(data);
            log.add("write returned without waiting, buffered above the mark: "
                    + (connection.writer().buffered() > StreamWriter.DEFAULT_HIGH_WATER));
            connection.writer().drain();
            log.add("drain returned, buffered " + connection.writer().buffered());
            connection.writer().close();
            sleep(0.05);
            server.close();
            return null;
        });
        assertThat(log).containsExactly("write returned without waiting, buffered above the mark: true",
                "server starts reading", "drain returned, buffered 0", "server read " + size);
    }

    @Test
    void belowTheHighWaterMarkDrainDoesNotWaitAndTheFlusherStillSendsEverything() {
        List<String> log = new ArrayList<>();
        new IoScheduler().runUntilComplete(() -> {
            TaskFuture<Integer> total = spawn("counter", () -> 0);
            Server server = Streams.startServer((reader, writer) -> {
                sleep(0.1);
                log.add("server got " + reader.readExactly(16 * 1024 * 1024).length);
            }, HOST, 0);
            Connection connection = Streams.openConnection(HOST, server.port());
            connection.writer().setHighWater(Integer.MAX_VALUE);
            connection.writer().write(new byte[16 * 1024 * 1024]);
            connection.writer().drain();
            log.add("drain returned at once, buffered > 0: " + (connection.writer().buffered() > 0));
            for (int i = 0; i < 100 && log.size() < 2; i++) { // until the server has it all
                sleep(0.05); // the flusher sends it meanwhile (a loaded machine may need more than 0.5 s)
            }
            log.add("later buffered " + connection.writer().buffered());
            await(total);
            connection.writer().close();
            server.close();
            return null;
        });
        assertThat(log).containsExactly("drain returned at once, buffered > 0: true", "server got " + 16 * 1024 * 1024,
                "later buffered 0");
    }
}
