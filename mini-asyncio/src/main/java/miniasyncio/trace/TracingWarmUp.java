package miniasyncio.trace;

import java.io.OutputStream;
import java.io.PrintStream;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.around.LoopPolicy;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;

/**
 * Runs the tracing code once, silently, on the virtual clock, before the program does: the
 * first use of an instrument loads and links its classes (the recorders, string formatting, the
 * pattern switches of its hooks), which takes tens of milliseconds on a cold JVM. Done inside a
 * real-time run, that lands in the program's timed window, and {@code run Example --trace} would print
 * {@code [A] step 0, t=0.03} instead of the lecture's {@code t=0.00}. So the CLI calls this when
 * a tracing option is given, as {@code Example} itself runs once on the virtual clock before it
 * starts its clock. It takes no virtual time, a few milliseconds of real time, prints nothing,
 * and no {@code --trace} or {@code --instrument} sees it.
 */
public final class TracingWarmUp {

    private TracingWarmUp() {
    }

    public static void run(boolean record, boolean stats, boolean steps, boolean debug) {
        ProgramOutput output = ProgramOutput.over(new PrintStream(OutputStream.nullOutputStream()));
        PrintStream quiet = ProgramOutput.tee(output);
        LoopPolicy.withoutSetups(() -> {
            Scheduler scheduler = new Scheduler(Clock.virtual());
            if (record) {
                Recorder.attach(scheduler);
            }
            if (stats) {
                LoopStats.attach(scheduler);
            }
            StepRecorder stepRecorder = steps ? StepRecorder.attach(scheduler, StepRecorder.DEFAULT_LIMIT) : null;
            output.sendTo(stepRecorder); // the lines it prints are recorded, as the program's will be
            if (debug) {
                scheduler.settings().setDebug(true);
                // a cold step may be slow: that is what this run is for, not news
                scheduler.settings().setSlowStepThreshold(1e6);
            }
            scheduler.run("warm-up", () -> {
                for (int w = 0; w < 3; w++) {
                    double delay = 0.05 * (w + 1);
                    createTask("worker " + w, () -> {
                        for (int i = 0; i < 2; i++) {
                            quiet.printf("[%s] step %d, t=%.2f%n", "W", i, now());
                            sleep(delay);
                        }
                        return i(delay);
                    });
                }
                sleep(0.01);
                quiet.println("[main] all tasks scheduled");
                return null;
            });
            // Only the hooks run inside the program's timed window; the pictures are drawn after it,
            // so they are not drawn here: drawing them made hot loops that the JIT then compiled on
            // the machine's two cores while the program's clock ran (lines up to 0.04 s late).
        });
    }

    private static int i(double delay) {
        return (int) (delay * 100);
    }
}
