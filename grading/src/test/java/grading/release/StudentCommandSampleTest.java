package grading.release;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The samples of the student command's output in the student README and the homework README are
 * what it really prints: on a fresh release, untouched and with the reference solution pasted in.
 * The module is compiled here and {@code miniasyncio.cli.TestSummary} run in a JVM of its own,
 * as the {@code student} profile runs it after Maven's compile (Maven itself prints nothing more
 * under {@code -q}).
 */
class StudentCommandSampleTest {

    @TempDir
    Path out;

    @Test
    void theReadmesSamplesAreWhatTheStudentCommandPrints() throws Exception {
        new Release(Repo.root(), out).write();
        Path module = out.resolve("homework");
        String untouched = summary(module);
        assertThat(untouched).startsWith("== homework: ")
                .contains("HomeworkScheduler.handleSyscall, finishTask, hasWork, pendingTasks, deadlock; Homework.awaitTask, gather");

        try (Stream<Path> reference = Files.list(Repo.root().resolve("homework/src/main/java/homework"))) {
            for (Path file : reference.toList()) {
                Files.copy(file, module.resolve("src/main/java/homework").resolve(file.getFileName()),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        String solved = summary(module);
        assertThat(solved).contains("everything is written and every test passes");

        assertThat(samples(out.resolve("README.md"))).as("the student README's sample").containsExactly(untouched);
        assertThat(samples(out.resolve("homework/README.md"))).as("the homework README's samples")
                .containsExactly(untouched, solved);
    }

    /** Every fenced block of {@code readme} that is the homework's summary. */
    static List<String> samples(Path readme) throws IOException {
        Matcher m = Pattern.compile("```\\n(== homework: .*?)```", Pattern.DOTALL)
                .matcher(Files.readString(readme, StandardCharsets.UTF_8));
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    /** Compiles {@code module} (main and tests) and runs the student command's summary on it. */
    private static String summary(Path module) throws Exception {
        String libraries = libraries();
        compile(module.resolve("src/main/java"), module.resolve("target/classes"), libraries);
        compile(module.resolve("src/test/java"), module.resolve("target/test-classes"),
                module.resolve("target/classes") + File.pathSeparator + libraries);
        String classPath = String.join(File.pathSeparator, module.resolve("target/test-classes").toString(),
                module.resolve("target/classes").toString(), libraries);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED", "-cp", classPath,
                "miniasyncio.cli.TestSummary", "true", module.toString())
                .redirectErrorStream(true).start();
        byte[] printed = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String text = new String(printed, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }

    /**
     * This test's class path without the reference homework (the kit, JUnit, AssertJ), and the
     * JUnit launcher, which the homework has on its test class path and Surefire has here for
     * itself, outside java.class.path.
     */
    private static String libraries() throws Exception {
        Path launcher = Path.of(Class.forName("org.junit.platform.launcher.core.LauncherFactory")
                .getProtectionDomain().getCodeSource().getLocation().toURI());
        return Stream.concat(Stream.of(System.getProperty("java.class.path").split(File.pathSeparator)),
                        Stream.of(launcher.toString()))
                .filter(entry -> !Path.of(entry).toAbsolutePath().normalize().startsWith(Repo.root().resolve("homework"))
                        && !Path.of(entry).getFileName().toString().startsWith("homework"))
                .distinct().reduce((a, b) -> a + File.pathSeparator + b).orElseThrow();
    }

    private static void compile(Path sources, Path classes, String classPath) throws IOException {
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", classPath, "--release", "21",
                "-proc:none", "-nowarn", "-encoding", "UTF-8"));
        try (Stream<Path> walk = Files.walk(sources)) {
            walk.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
        }
        Files.createDirectories(classes);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        assertThat(javac.run(null, said, said, args.toArray(String[]::new))).as("javac " + sources + ": " + said).isZero();
    }
}
