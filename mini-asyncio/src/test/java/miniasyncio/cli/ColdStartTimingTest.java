package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code run Example} on a cold JVM (a JVM of its own) prints the lecture's real-clock times
 * from the first line on: class loading and linking must not fall inside the timed window.
 */
class ColdStartTimingTest {

    /** The lecture's real-clock transcript, in order of the lines that print a time. */
    static final double[] LECTURE = {0.00, 0.00, 0.00, 0.05, 0.11, 0.11, 0.15, 0.16, 0.21, 0.31};

    /**
     * One cold run's deviations from the lecture's times: the worst of the lines due at 0.00
     * (printed before any task sleeps) and the median of all lines.
     */
    record Deviation(double atStart, double median) {
        boolean within(double seconds) {
            return atStart <= seconds && median <= seconds;
        }
    }

    static Deviation deviation() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "miniasyncio.cli.Cli", "run", "Example").start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<Double> times = new ArrayList<>();
        Matcher m = Pattern.compile("(\\d+\\.\\d\\d)").matcher(out);
        while (m.find()) {
            times.add(Double.parseDouble(m.group(1)));
        }
        assertThat(times).as(out).hasSize(LECTURE.length);
        double atStart = 0;
        double[] off = new double[LECTURE.length];
        for (int i = 0; i < LECTURE.length; i++) {
            off[i] = Math.abs(times.get(i) - LECTURE[i]);
            if (LECTURE[i] == 0) {
                atStart = Math.max(atStart, off[i]);
            }
        }
        Arrays.sort(off);
        return new Deviation(atStart, (off[(off.length - 1) / 2] + off[off.length / 2]) / 2);
    }

    /**
     * A wall-clock test, so it tolerates load as the README states (at a load average of 10, 6 to
     * 9 of 10 cold runs are within 0.02 s on every line, each miss a late wake-up that carries on
     * down one worker's lines): in the best of five runs, the lines printed before any sleep and
     * the median line must be within 0.02 s. What it guards against is not a late wake-up but
     * classes loaded inside the timed window: with Example's warm-up taken out, the lines due at
     * 0.00 print 0.03 s late in the best of five runs (a load average of 5), and fail it.
     */
    @Test
    void onTheRealClockTheFirstCommandANewcomerRunsPrintsTheLecturesTimes() throws Exception {
        Deviation best = null;
        for (int run = 0; run < 5 && (best == null || !best.within(0.0201)); run++) {
            Deviation d = deviation();
            if (best == null || d.within(0.0201) || d.median() < best.median()) {
                best = d;
            }
        }
        assertThat(best.within(0.0201)).as("the best of five cold runs: %s", best).isTrue();
    }
}
