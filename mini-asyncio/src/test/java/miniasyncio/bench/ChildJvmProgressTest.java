package miniasyncio.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A child JVM that is silent for a while (the timers at a million sleepers): the bench says it is still measuring. */
class ChildJvmProgressTest {

    /** A child that measures for 1.5 s, then prints its one figure. */
    public static final class QuietChild {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(1_500);
            System.out.println("42.0 41.0 43.0 0.0");
        }
    }

    @Test
    void aSilentChildGetsAProgressLineOnStderrAndItsFiguresStayAlone() throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        List<String> figures;
        System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
        try {
            figures = ChildJvm.output(ChildJvm.command(List.of(), QuietChild.class), "QuietChild", 1, 400);
        } finally {
            System.setErr(err);
        }
        assertThat(figures).containsExactly("42.0 41.0 43.0 0.0");
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("  ... still measuring (QuietChild, in a child JVM): ")
                .contains(" s so far\n");
    }
}
