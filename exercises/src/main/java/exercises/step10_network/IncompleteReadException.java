package exercises.step10_network;

import java.io.EOFException;

/** asyncio's {@code IncompleteReadError}: the stream ended before {@code readExactly(n)} had its bytes. */
public final class IncompleteReadException extends EOFException {

    private final byte[] partial;
    private final int expected;

    public IncompleteReadException(byte[] partial, int expected) {
        super("the stream ended after " + partial.length + " of the " + expected + " bytes readExactly expected");
        this.partial = partial.clone();
        this.expected = expected;
    }

    /** The bytes that came before the end. */
    public byte[] partial() {
        return partial.clone();
    }

    public int expected() {
        return expected;
    }
}
