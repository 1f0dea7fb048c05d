package miniasyncio.trace;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code System.out} passed through unchanged, each line also handed to the newest
 * {@link StepRecorder}, so that the step-through page shows the program's output next to the
 * step that printed it. Everything runs on the loop's thread, so a line belongs to the step
 * running when it ended (or, between steps, to the gap after the last one). A line printed after
 * a scheduler's run (or before the first) is held: it goes to the next scheduler's page, before its
 * first step, or, when no scheduler follows, to the last page after its last step ({@link #finish}).
 */
public final class ProgramOutput extends OutputStream {

    private final PrintStream original;
    private final Charset charset;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private volatile StepRecorder target;
    private final List<String> held = new ArrayList<>(); // printed after the target's run, before the next one

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
    public synchronized void sendTo(StepRecorder recorder) {
        target = recorder;
        if (recorder != null) {
            held.forEach(recorder::printed); // printed between the two runs: before this one's first step
            held.clear();
        }
    }

    /** The program has ended: what it printed after the last run goes to the last page. */
    public synchronized void finish() {
        StepRecorder to = target;
        if (to != null) {
            held.forEach(to::printed);
        }
        held.clear();
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
            String text = line.toString(charset);
            text = text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            if (to != null && !to.runOver()) {
                to.printed(text);
            } else if (held.size() < 20_000) { // before the first scheduler, or after a run: for the next page
                held.add(text);
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
