package exercises.step10_network;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * asyncio's {@code StreamReader} over a non-blocking {@link SocketChannel}: each method reads
 * what has arrived and, when that is not enough, waits with {@link IoScheduler#readWait} (the
 * other tasks run meanwhile). Bytes read ahead stay in a buffer for the next call.
 *
 * <p>Memory: a connection holds a buffer only while it has unread bytes. Each read takes all that
 * has come (up to 64 KiB) into one buffer shared by the readers of the loop's thread, and only the
 * bytes that came are copied into the reader's own buffer; when the buffer empties it is given
 * back, as asyncio's {@code bytearray} shrinks. 10,000 idle connections hold no read buffers.
 *
 * <p>The shared buffer is a direct one (outside the heap): the kernel copies into it, and the
 * bytes cross into the heap once, into the reader's buffer. Reading into a heap buffer, the JDK
 * would read into a direct buffer of its own and copy that into the heap buffer first: two copies
 * of every line instead of one.
 */
public final class StreamReader {

    /** The longest line {@link #readLine} accepts (asyncio's default limit, 64 KiB). */
    public static final int LINE_LIMIT = 64 * 1024;

    private static final byte[] NOTHING = new byte[0];

    /**
     * What every reader of this thread reads into: a loop runs on one thread, and a read and the
     * copy out of it happen in one step, with no suspension between them.
     */
    private static final ThreadLocal<ByteBuffer> ARRIVALS =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(64 * 1024));

    private final SocketChannel channel;
    private byte[] buffer = NOTHING;
    private int start; // the unread bytes are buffer[start, end)
    private int end;
    private boolean eof;
    private boolean drained; // the last read took all that had come: wait before reading again

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
        return new String(readLineBytes(), StandardCharsets.UTF_8);
    }

    /**
     * {@link #readLine} without decoding: the line's bytes with their {@code '\n'} (what asyncio's
     * {@code readline()} returns); at the end of the stream what is left (empty once nothing is).
     * An echo server sends them back as they came, with no String in between.
     *
     * @throws IOException if the line is longer than {@link #LINE_LIMIT} bytes
     */
    public byte[] readLineBytes() throws IOException {
        int searched = start;
        while (true) {
            int newline = indexOfNewline(buffer, searched, end);
            if (newline >= 0) {
                return take(newline + 1 - start);
            }
            searched = end;
            if (eof) {
                return take(end - start);
            }
            if (end - start > LINE_LIMIT) {
                throw new IOException("readLine: no end of line in the first " + LINE_LIMIT
                        + " bytes (the line limit); read it with read(n) instead");
            }
            int before = start;
            fill();
            searched -= before - start; // append() may have moved the unread bytes to the front
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL; // '\n' in each of eight bytes
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    /**
     * The index of the first {@code '\n'} in {@code bytes[from, to)}, or -1. Eight bytes at a time,
     * as C's {@code memchr} (and so asyncio's {@code find}) goes: a byte at a time, a 4 KiB line was
     * most of the time the reader spent. In a word XORed with eight {@code '\n'}s, a newline is a
     * zero byte, and {@code (w - ONES) & ~w & HIGH_BITS} sets the high bit of the first zero byte
     * (a byte above it may be flagged too, never one below); little-endian, the first byte is the lowest.
     * Four words are looked at before one branch: a long line has no newline until its end.
     */
    static int indexOfNewline(byte[] bytes, int from, int to) {
        int i = from;
        for (; i + 4 * Long.BYTES <= to; i += 4 * Long.BYTES) { // 32 bytes, no newline yet: one test for four words
            long w0 = (long) LONGS.get(bytes, i) ^ NEWLINES;
            long w1 = (long) LONGS.get(bytes, i + 8) ^ NEWLINES;
            long w2 = (long) LONGS.get(bytes, i + 16) ^ NEWLINES;
            long w3 = (long) LONGS.get(bytes, i + 24) ^ NEWLINES;
            long zeroBytes = ((w0 - ONES) & ~w0) | ((w1 - ONES) & ~w1) | ((w2 - ONES) & ~w2) | ((w3 - ONES) & ~w3);
            if ((zeroBytes & HIGH_BITS) != 0) {
                break; // a newline in these 32 bytes: the word loop below finds the first
            }
        }
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long word = (long) LONGS.get(bytes, i) ^ NEWLINES;
            long zeroBytes = (word - ONES) & ~word & HIGH_BITS;
            if (zeroBytes != 0) {
                return i + Long.numberOfTrailingZeros(zeroBytes) / Byte.SIZE;
            }
        }
        for (; i < to; i++) { // the last few bytes, one at a time
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
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

    /**
     * Reads at least one byte (or the end of the stream) into the buffer, waiting if none has come.
     * After a read that took all that had come, it waits for readiness first: trying to read again
     * would cost a system call that finds nothing, once per message.
     */
    private void fill() throws IOException {
        while (true) {
            if (drained) {
                IoScheduler.readWait(channel); // the loop wakes this task when data comes
            }
            ByteBuffer arrivals = ARRIVALS.get().clear();
            int n = channel.read(arrivals); // all that has come, up to 64 KiB, no waiting
            if (n < 0) {
                eof = true;
                return;
            }
            drained = arrivals.hasRemaining(); // room was left: the socket had nothing more
            if (n > 0) {
                append(arrivals.flip());
                return;
            }
        }
    }

    /** Adds what {@code arrivals} holds after the unread bytes, moving them to the front or growing the buffer. */
    private void append(ByteBuffer arrivals) {
        int n = arrivals.remaining();
        if (buffer.length - end < n) {
            int unread = end - start;
            byte[] target = unread + n > buffer.length ? new byte[Math.max(unread + n, 2 * buffer.length)] : buffer;
            System.arraycopy(buffer, start, target, 0, unread);
            buffer = target;
            start = 0;
            end = unread;
        }
        arrivals.get(buffer, end, n);
        end += n;
    }

    private byte[] take(int n) {
        if (start == 0 && n == buffer.length) { // one arrival, one line (the usual case): no copy
            byte[] taken = buffer;
            buffer = NOTHING;
            end = 0;
            return taken;
        }
        byte[] taken = Arrays.copyOfRange(buffer, start, start + n);
        start += n;
        if (start == end) {
            buffer = NOTHING; // emptied: give it back (a waiting connection holds no buffer)
            start = 0;
            end = 0;
        }
        return taken;
    }

    /** The size of the buffer held now (0 when nothing is unread). */
    int bufferSize() {
        return buffer.length;
    }
}
