package miniasyncio.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever tracing options are given, the tracer's start-up is not inside {@code run Example}'s
 * timed window on a cold JVM: no class is loaded between the first and the last line of the
 * transcript that a plain run does not load there too. Class loading is what a cold start pays
 * (tens of milliseconds for the recorder's pattern switches and string formatting), and unlike a
 * time it is the same on a busy machine, so this holds the promise without timing anything.
 */
class TracedColdStartTest {

    @TempDir
    Path dir;

    /** The classes a fresh JVM loads while {@code run Example OPTIONS} prints its transcript. */
    private static Set<String> loadedInTheTimedWindow(String... options) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-Xlog:class+load=info:stdout", "-cp", System.getProperty("java.class.path"), "miniasyncio.cli.Cli",
                "run", "Example"));
        command.addAll(List.of(options));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        Set<String> loaded = new TreeSet<>();
        boolean timed = false;
        for (String line : out.lines().toList()) {
            if (line.startsWith("[A] step 0")) {
                timed = true;
            } else if (line.startsWith("scheduler finished")) {
                break;
            } else if (timed && line.contains("[class,load]")) {
                // "java.lang.invoke.LambdaForm$DMH/0x0000... source: ..." -> the class, without the hidden-class address
                String name = line.substring(line.indexOf("] ", line.indexOf("[class,load]")) + 2).split(" ")[0];
                loaded.add(name.replaceAll("/0x[0-9a-f]+", ""));
            }
        }
        assertThat(timed).as("the transcript's first line in: " + out).isTrue();
        return loaded;
    }

    @Test
    void tracingLoadsNothingInsideTheTimedWindowThatAPlainRunDoesNot() throws Exception {
        Set<String> plain = loadedInTheTimedWindow();
        Set<String> traced = loadedInTheTimedWindow("--trace", "--trace-out", dir.resolve("run.json").toString(),
                "--trace-html", dir.resolve("run.html").toString(), "--step-through", dir.resolve("ex.html").toString(),
                "--stats", "--debug");
        // a watchdog thread may load its lambda while the loop runs, in either run: not the loop's time
        plain.removeIf(c -> c.startsWith("miniasyncio.around.MonitorWatchdog") || c.equals("java.lang.invoke.LambdaForm$DMH")
                || c.equals("java.util.function.BiConsumer"));
        traced.removeIf(c -> c.startsWith("miniasyncio.around.MonitorWatchdog") || c.equals("java.lang.invoke.LambdaForm$DMH")
                || c.equals("java.util.function.BiConsumer"));
        assertThat(traced).as("classes loaded inside the timed window of a traced run").isSubsetOf(plain);
        assertThat(Files.exists(dir.resolve("ex.html"))).isTrue();
    }
}
