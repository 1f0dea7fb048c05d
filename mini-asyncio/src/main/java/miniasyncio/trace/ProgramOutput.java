package miniasyncio.trace;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * {@code System.out} passed through unchanged, each line also handed to the newest
 * {@link StepRecorder}, so that the step-through page shows the program's output next to the
 * step that printed it. Everything runs on the loop's thread, so a line belongs to the step
 * running when it ended (or, between steps, to the gap after the last one).
 */
public final class ProgramOutput extends OutputStream {

    private final PrintStream original;
    private final Charset charset;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private volatile StepRecorder target;

    private ProgramOutput(PrintStream original) {
        this.original = original;
        this.charset = original.charset();
    }

    /** A stream to put in {@code System.setOut}: it prints to {@code original} and records each line. */
    public static PrintStream tee(ProgramOutput output) {
        return new PrintStream(output, true, output.charset);
    }

    public static ProgramOutput over(PrintStream original) {
        return new ProgramOutput(original);
    }

    /** Lines from now on go to {@code recorder} (the scheduler made last). */
    public void sendTo(StepRecorder recorder) {
        target = recorder;
    }

    public PrintStream original() {
        return original;
    }

    @Override
    public synchronized void write(int b) {
        original.write(b);
        take(b);
    }

    @Override
    public synchronized void write(byte[] bytes, int off, int len) {
        original.write(bytes, off, len);
        for (int i = off; i < off + len; i++) {
            take(bytes[i]);
        }
    }

    private void take(int b) {
        if (b == '\n') {
            StepRecorder to = target;
            if (to != null) {
                String text = line.toString(charset);
                to.printed(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
            }
            line.reset();
        } else if (line.size() < 10_000) {
            line.write(b);
        }
    }

    @Override
    public void flush() {
        original.flush();
    }
}
