package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Assumptions;

/**
 * Small programs of a student's kind for the step-through page's browser tests, compiled by the
 * test. They live in a package of their own ({@code steptest}): the page names a program's own
 * frames, and the kit's ({@code miniasyncio.*}) are folded. Each source is written beside its class,
 * where the page finds its lines; with {@code homework}, the homework's sources and its GatherExample are
 * compiled too (the homework module builds after this one).
 */
final class Programs {

    private Programs() {
    }

    /** Compiles {@code sources} (a class name such as "steptest.Cycle" to its source) into {@code classes}. */
    static void compile(Path classes, boolean homework, Map<String, String> sources) throws Exception {
        List<String> files = new ArrayList<>();
        if (homework) {
            Path dir = Path.of("..", "homework", "src", "main", "java", "homework");
            Assumptions.assumeTrue(Files.isDirectory(dir), "the homework's sources are not beside this module");
            for (String name : List.of("AwaitTask", "Homework", "HomeworkScheduler", "GatherExample")) {
                files.add(dir.resolve(name + ".java").toString());
            }
        }
        for (var source : sources.entrySet()) {
            Path file = classes.resolve(source.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue(), StandardCharsets.UTF_8);
            files.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "-proc:none", "-nowarn", "-Xlint:none"));
        args.addAll(files);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(javac.run(null, null, err, args.toArray(String[]::new))).as(err.toString(StandardCharsets.UTF_8))
                .isZero();
    }

    /** {@code run MAIN --virtual-time --class-path CLASSES --step-through HTML}, skipped where the homework is not written. */
    static CliRun run(Path classes, String main, Path html, String... more) {
        List<String> args = new ArrayList<>(List.of("run", main, "--virtual-time", "--class-path", classes.toString(),
                "--step-through", html.toString()));
        args.addAll(List.of(more));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        Assumptions.assumeFalse(run.exit() == 3, "the homework is not written here: " + run.err());
        assertThat(html).as(run.err()).exists();
        return run;
    }

    /** The number of the first line of {@code source} that holds {@code code}. */
    static int lineOf(String source, String code) {
        List<String> lines = source.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(code)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line holds " + code);
    }

    /** The same for a file of the repository (the homework's), by its path from this module. */
    static int lineOf(Path file, String code) throws java.io.IOException {
        return lineOf(Files.readString(file), code);
    }
}
