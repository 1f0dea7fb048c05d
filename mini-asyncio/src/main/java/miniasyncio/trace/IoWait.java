package miniasyncio.trace;

/**
 * A syscall that parks its task until the network is ready: a channel can be read (or accepted)
 * or written (exercise step 10's {@code ReadWait} and {@code WriteWait}, pyos's and curio's
 * {@code ReadWait(fd)}). The core does not handle it (a scheduler that waits in a
 * {@code Selector} does); it is only a marker, so that the pictures of a run ({@code --trace})
 * can draw "waiting for the network" apart from "waiting on another task".
 */
public interface IoWait {
}
