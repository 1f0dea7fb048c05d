package exercises;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code exercises/run-example.sh NAME} runs an example from the sources as they are now
 * ({@code miniasyncio.cli.FreshRun}, as the script starts it): an edit shows in the next run, with
 * no Maven build; a source that does not compile says so and runs nothing. On a module of its own
 * (a catalog with one example), so that the exercises' own classes are never compiled here.
 */
@Timeout(120) // JVMs of their own (the README's "tests that start a JVM of their own")
class RunExampleTest {

    @TempDir
    Path module;

    record Ran(int code, String out) {}

    @Test
    void anEditRunsAtOnceWithoutABuild() throws Exception {
        example("first version");
        assertThat(run("ExFresh")).isEqualTo(new Ran(0, "first version\n"));
        example("after an edit");
        assertThat(run("ExFresh")).isEqualTo(new Ran(0, "after an edit\n"));
    }

    @Test
    void aSourceThatDoesNotCompileRunsNothingAndSaysWhy() throws Exception {
        example("ok");
        Files.writeString(source(), Files.readString(source()).replace("println(", "printn("), StandardCharsets.UTF_8);
        Ran ran = run("ExFresh");
        assertThat(ran.code()).isEqualTo(1);
        assertThat(ran.out()).contains("ExerciseExamples.java:").contains("printn")
                .endsWith(module.getFileName() + ": the code does not compile (above); ExFresh did not run\n");
    }

    @Test
    void noNameIsAUsageError() throws Exception {
        example("ok");
        Ran ran = run();
        assertThat(ran.code()).isEqualTo(2);
        assertThat(ran.out()).startsWith("no example given; usage: run-example.sh NAME [ARGS...]");
    }

    private Path source() {
        return module.resolve("src/main/java/exercises/ExerciseExamples.java");
    }

    /** The module's one example, ExFresh, printing {@code line}; its source newer than any class made before. */
    private void example(String line) throws IOException {
        Files.createDirectories(source().getParent());
        Files.createDirectories(module.resolve("target/classes"));
        Files.writeString(source(), """
                package exercises;

                import java.util.List;
                import miniasyncio.cli.ExampleCatalog;
                import miniasyncio.cli.ExampleInfo;

                public final class ExerciseExamples implements ExampleCatalog {
                    @Override
                    public String title() {
                        return "a module of one example";
                    }

                    @Override
                    public List<ExampleInfo> examples() {
                        return List.of(new ExampleInfo("ExFresh", "prints a line", args -> System.out.println("%s")));
                    }
                }
                """.formatted(line), StandardCharsets.UTF_8);
        // a second later than the class compiled from the last version, as an edit after a run is
        Files.setLastModifiedTime(source(), FileTime.fromMillis(System.currentTimeMillis() + 2_000));
    }

    /** FreshRun in a JVM of its own, on this module and the kit (not the exercises' own classes). */
    private Ran run(String... args) throws Exception {
        String kit = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("exercises" + File.separator + "target"))
                .collect(Collectors.joining(File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-cp", module.resolve("target/classes") + File.pathSeparator + kit,
                "miniasyncio.cli.FreshRun", module.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Ran(process.exitValue(), out);
    }
}
