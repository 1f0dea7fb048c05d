package exercises.step10_network;

import java.nio.channels.SelectableChannel;
import miniasyncio.trace.IoWait;

/**
 * The syscall "wake me when {@code channel} can be read without blocking" (pyos's and curio's
 * {@code ReadWait(fd)}): data has arrived, the peer has closed its side, or, on a
 * {@code ServerSocketChannel}, a connection waits to be accepted.
 */
public record ReadWait(SelectableChannel channel) implements IoWait {

    public ReadWait {
        if (channel == null) {
            throw new NullPointerException("ReadWait(null): pass the channel to wait for");
        }
    }
}
