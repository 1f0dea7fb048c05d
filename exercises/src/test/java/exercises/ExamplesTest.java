package exercises;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import miniasyncio.cli.Cli;
import miniasyncio.cli.ExampleInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Every example prints its transcript exactly (src/test/resources/transcripts/NAME.txt) under
 * {@code run NAME --virtual-time}, and {@code list} shows the track in order.
 */
public class ExamplesTest {

    public record Output(int exitCode, String out, String err) {
    }

    public static Output cli(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        try {
            int code = Cli.execute(args);
            return new Output(code, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    static Stream<String> names() {
        return new ExerciseExamples().examples().stream().map(ExampleInfo::name);
    }

    /**
     * The examples whose transcripts are checked: all, or with {@code -Dexercises.step=N} (what
     * {@code exercises/check-step.sh N} passes) only step N's ({@code ExN...}).
     */
    static Stream<String> checkedNames() {
        String step = System.getProperty("exercises.step", "").strip();
        // EchoServer and EchoClients talk over the network and take options: EchoCliTest checks them
        return names().filter(name -> name.matches("Ex\\d+\\D.*"))
                .filter(name -> step.isEmpty() || name.matches("Ex" + step + "\\D.*"));
    }

    static String transcript(String name) throws IOException {
        try (InputStream in = ExamplesTest.class.getResourceAsStream("/transcripts/" + name + ".txt")) {
            assertThat(in).as("transcript file transcripts/%s.txt", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checkedNames")
    void theExamplePrintsItsTranscriptExactly(String name) throws IOException {
        Output run = cli("run", name, "--virtual-time");
        assertThat(run.exitCode()).as("exit code of run %s; stderr: %s", name, run.err()).isZero();
        assertThat(run.err()).as("stderr of run %s", name).isEmpty();
        assertThat(run.out().replace(System.lineSeparator(), "\n"))
                .as("%s's output against its expected transcript, src/test/resources/transcripts/%s.txt", name, name)
                .isEqualTo(transcript(name));
    }

    @Test
    void listShowsTheTrackInOrder() {
        Output list = cli("list");
        assertThat(list.exitCode()).isZero();
        List<String> names = names().toList();
        assertThat(names).containsExactly("Ex1Generators", "Ex2RoundRobin", "Ex3Futures", "Ex3Ticker", "Ex4Race", "Ex4GatherError",
                "Ex5Cancel", "Ex6Timeout", "Ex6Deadlock", "Ex7TaskGroup", "Ex8Pipeline", "Ex9Run",
                "Ex10Echo", "EchoServer", "EchoClients");
        int last = -1;
        for (String name : names) {
            int at = list.out().indexOf("  " + name + " ");
            assertThat(at).as("%s in the list, after the previous step", name).isGreaterThan(last);
            last = at;
        }
    }
}
