package homework;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
        List<String> lecture = List.of("results: ['a.txt: contents', 'b.txt: contents', 'c.txt: contents']",
                "elapsed: 0.30s (max delay: 0.3s)");
        List<String> printed = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(printed).withFailMessage("run Gather --virtual-time must print the lecture's two lines, the results"
                + " in argument order and the time of the longest read (gather runs the reads concurrently): %s;"
                + " it printed: %s", String.join(" / ", lecture), String.join(" / ", printed))
                .isEqualTo(lecture);
    }
}
