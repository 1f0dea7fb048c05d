package grading.child;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What the submission prints during one test: kept up to a cap, the rest counted and dropped,
 * so that endless output costs neither memory nor time in the grader.
 */
final class CappedOutput extends OutputStream {

    private final int cap;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private long dropped;

    CappedOutput(int cap) {
        this.cap = cap;
    }

    @Override
    public synchronized void write(int b) {
        if (kept.size() < cap) {
            kept.write(b);
        } else {
            dropped++;
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        int room = Math.max(0, Math.min(len, cap - kept.size()));
        kept.write(b, off, room);
        dropped += len - room;
    }

    /** The kept text and a note of what was dropped; then starts again empty. */
    synchronized String take() {
        String text = kept.toString(StandardCharsets.UTF_8);
        if (dropped > 0) {
            text += "\n... (" + dropped + " more bytes of output dropped)";
        }
        kept.reset();
        dropped = 0;
        return text;
    }
}
