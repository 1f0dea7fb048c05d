package exercises.step10_network;

import java.nio.channels.SelectableChannel;
import miniasyncio.trace.IoWait;

/**
 * The syscall "wake me when {@code channel} can be written without blocking" (pyos's and curio's
 * {@code WriteWait(fd)}): the send buffer has room, or, on a {@code SocketChannel} whose
 * {@code connect} is pending, the connection is made (or has failed: {@code finishConnect} says).
 */
public record WriteWait(SelectableChannel channel) implements IoWait {

    public WriteWait {
        if (channel == null) {
            throw new NullPointerException("WriteWait(null): pass the channel to wait for");
        }
    }
}
