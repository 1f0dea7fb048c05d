package homework;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code run Gather --virtual-time} prints the lecture's gather lines, exactly. */
class GatherExampleTest {

    @Test
    void theGatherExamplePrintsTheLecturesLines() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream before = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            VisibleRun.runMakingItsOwn(() -> {
                GatherExample.main(new String[0]);
                return null;
            });
        } finally {
            System.setOut(before);
        }
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "results: ['a.txt: contents', 'b.txt: contents', 'c.txt: contents']",
                "elapsed: 0.30s (max delay: 0.3s)");
    }
}
