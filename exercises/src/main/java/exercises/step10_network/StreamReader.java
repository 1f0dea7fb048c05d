package exercises.step10_network;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * asyncio's {@code StreamReader} over a non-blocking {@link SocketChannel}: each method reads
 * what has arrived and, when that is not enough, waits with {@link IoScheduler#readWait} (the
 * other tasks run meanwhile). Bytes read ahead stay in a buffer for the next call.
 */
public final class StreamReader {

    /** The longest line {@link #readLine} accepts (asyncio's default limit, 64 KiB). */
    public static final int LINE_LIMIT = 64 * 1024;

    private final SocketChannel channel;
    private byte[] buffer = new byte[1024];
    private int start; // the unread bytes are buffer[start, end)
    private int end;
    private boolean eof;

    StreamReader(SocketChannel channel) {
        this.channel = channel;
    }

    /**
     * Up to {@code n} bytes: what is buffered, or, if nothing is, what the next arrival brings.
     * An empty array means the peer has closed its side (end of stream).
     */
    public byte[] read(int n) throws IOException {
        if (n <= 0) {
            throw new IllegalArgumentException("read(n) needs n >= 1, got " + n);
        }
        if (start == end && !eof) {
            fill();
        }
        return take(Math.min(n, end - start));
    }

    /**
     * One line, decoded as UTF-8, with its {@code '\n'}; at the end of the stream what is left
     * (an empty string once nothing is).
     *
     * @throws IOException if the line is longer than {@link #LINE_LIMIT} bytes
     */
    public String readLine() throws IOException {
        int searched = start;
        while (true) {
            for (int i = searched; i < end; i++) {
                if (buffer[i] == '\n') {
                    return new String(take(i + 1 - start), StandardCharsets.UTF_8);
                }
            }
            searched = end;
            if (eof) {
                return new String(take(end - start), StandardCharsets.UTF_8);
            }
            if (end - start > LINE_LIMIT) {
                throw new IOException("readLine: no end of line in the first " + LINE_LIMIT
                        + " bytes (the line limit); read it with read(n) instead");
            }
            int before = start;
            fill();
            searched -= before - start; // makeRoom() may have moved the unread bytes to the front
        }
    }

    /**
     * Exactly {@code n} bytes, waiting for as many arrivals as it takes.
     *
     * @throws IncompleteReadException if the stream ends first (it carries the bytes that came)
     */
    public byte[] readExactly(int n) throws IOException {
        if (n < 0) {
            throw new IllegalArgumentException("readExactly(n) needs n >= 0, got " + n);
        }
        while (end - start < n) {
            if (eof) {
                byte[] partial = take(end - start);
                throw new IncompleteReadException(partial, n);
            }
            fill();
        }
        return take(n);
    }

    /** Has the peer closed its side, and every byte been read? */
    public boolean atEof() {
        return eof && start == end;
    }

    /** Reads at least one byte (or the end of the stream) into the buffer, waiting if none has come. */
    private void fill() throws IOException {
        while (true) {
            makeRoom();
            int n = channel.read(ByteBuffer.wrap(buffer, end, buffer.length - end)); // what has come, no waiting
            if (n < 0) {
                eof = true;
                return;
            }
            if (n > 0) {
                end += n;
                return;
            }
            IoScheduler.readWait(channel); // nothing yet: the loop wakes this task when data comes
        }
    }

    /** Leaves room after {@code end}: the unread bytes move to the front, or the buffer doubles. */
    private void makeRoom() {
        if (buffer.length - end >= 512) {
            return;
        }
        int unread = end - start;
        byte[] target = unread + 512 > buffer.length ? new byte[2 * buffer.length] : buffer;
        System.arraycopy(buffer, start, target, 0, unread);
        buffer = target;
        start = 0;
        end = unread;
    }

    private byte[] take(int n) {
        byte[] taken = Arrays.copyOfRange(buffer, start, start + n);
        start += n;
        if (start == end) {
            start = 0;
            end = 0;
        }
        return taken;
    }
}
