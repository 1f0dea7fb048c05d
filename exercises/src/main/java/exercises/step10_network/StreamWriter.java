package exercises.step10_network;

import exercises.step3_futures.Future;
import exercises.step3_futures.Futures;
import exercises.step5_cancellation.CancellableScheduler;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import miniasyncio.MiniAsyncio;

/**
 * asyncio's {@code StreamWriter} over a non-blocking {@link SocketChannel}. {@link #write} never
 * waits: it sends what the socket takes now and buffers the rest, which a flusher task sends
 * as the socket drains (it waits with {@link IoScheduler#writeWait}). {@link #drain} is the
 * backpressure: it suspends while more than the high-water mark is buffered, until the buffer is
 * empty again, so a fast writer cannot fill the memory with what a slow reader has not taken.
 * The asyncio idiom holds: {@code writer.write(data); writer.drain();}.
 */
public final class StreamWriter {

    /** The default high-water mark, asyncio's: 64 KiB. */
    public static final int DEFAULT_HIGH_WATER = 64 * 1024;

    private final SocketChannel channel;
    private final ArrayDeque<ByteBuffer> unsent = new ArrayDeque<>();
    private long buffered;
    private int highWater = DEFAULT_HIGH_WATER;
    private Future<Void> flushed; // pending while the flusher task runs; null when nothing is unsent
    private IOException failure;  // what the flusher met: the next write or drain throws it
    private boolean closed;

    StreamWriter(SocketChannel channel) {
        this.channel = channel;
    }

    /** Sends {@code data}, or buffers what the socket does not take now. Never waits. */
    public void write(byte[] data) throws IOException {
        if (closed) {
            throw new IOException("write on a closed StreamWriter");
        }
        throwIfFailed();
        ByteBuffer rest = ByteBuffer.wrap(data);
        if (unsent.isEmpty()) {
            channel.write(rest); // the usual case: the socket takes it all at once
        }
        if (rest.hasRemaining()) {
            rest = ByteBuffer.wrap(Arrays.copyOfRange(data, rest.position(), data.length)); // the caller may reuse data
            unsent.addLast(rest);
            buffered += rest.remaining();
            startFlusher();
        }
    }

    /** {@code write(text.getBytes(UTF_8))}. */
    public void write(String text) throws IOException {
        write(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Backpressure: returns at once while at most the high-water mark is buffered; above it,
     * suspends until everything buffered is sent.
     */
    public void drain() throws IOException {
        throwIfFailed();
        if (buffered > highWater) {
            awaitFlushed();
            throwIfFailed();
        }
    }

    /** Sets the high-water mark: {@link #drain} waits while more than {@code bytes} are buffered. */
    public void setHighWater(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("the high-water mark is a number of bytes >= 0, got " + bytes);
        }
        highWater = bytes;
    }

    /** Bytes written but not yet taken by the socket. */
    public long buffered() {
        return buffered;
    }

    /** Sends what is buffered (waiting for it), then closes the connection. Closing twice is allowed. */
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (flushed != null) {
                awaitFlushed();
            }
            throwIfFailed();
        } finally {
            channel.close();
        }
    }

    private void startFlusher() {
        if (flushed != null) {
            return; // the running flusher sends this too
        }
        Future<Void> done = new Future<>();
        flushed = done;
        MiniAsyncio.createTask("flush " + channel.socket().getLocalPort(), () -> {
            try {
                while (!unsent.isEmpty()) {
                    IoScheduler.writeWait(channel);
                    ByteBuffer first = unsent.peekFirst();
                    buffered -= channel.write(first);
                    if (!first.hasRemaining()) {
                        unsent.removeFirst();
                    }
                }
            } catch (IOException | IllegalStateException e) {
                failure = e instanceof IOException io ? io : new IOException(e.getMessage(), e);
                unsent.clear();
                buffered = 0;
            } finally {
                flushed = null;
                done.setResult(null); // wakes the drainers; they look at failure
            }
            return null;
        });
    }

    /**
     * Waits until the flusher has sent everything. Through a shield: a cancelled task's future is
     * cancelled with it (step 5), and this one is shared by every drainer and the flusher.
     */
    private void awaitFlushed() {
        Futures.await(CancellableScheduler.shield(flushed));
    }

    private void throwIfFailed() throws IOException {
        if (failure != null) {
            throw new IOException("sending failed: " + failure.getMessage(), failure);
        }
    }
}
