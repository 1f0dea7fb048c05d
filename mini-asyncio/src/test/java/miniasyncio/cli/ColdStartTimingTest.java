package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
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

    static double maxDeviation() throws Exception {
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
        double worst = 0;
        for (int i = 0; i < LECTURE.length; i++) {
            worst = Math.max(worst, Math.abs(times.get(i) - LECTURE[i]));
        }
        return worst;
    }

    @Test
    void theFirstCommandANewcomerRunsPrintsTheLecturesTimes() throws Exception {
        // A busy build machine can stall any one run; the best of three must be within 0.02 s
        // (a cold JVM without the warm-up is 0.04 to 0.10 s late on every line).
        double best = Double.MAX_VALUE;
        for (int run = 0; run < 3 && best > 0.0201; run++) {
            best = Math.min(best, maxDeviation());
        }
        assertThat(best).isLessThanOrEqualTo(0.0201);
    }
}
