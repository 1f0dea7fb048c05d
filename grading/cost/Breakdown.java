import grading.grade.Grading;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/**
 * Where the time of grading one submission goes, measured on the reference solution:
 * starting a JVM, compiling the student's files (in-process here, for comparison; the grader runs
 * javac in a sandboxed JVM of its own), the allowlist screen, the graded tests.
 * Each step is timed cold (the first time in this JVM) and warm (the median of the next runs), as
 * a batch sees it: in one grader process, everything after the first submission is warm.
 *
 * Run from the instructor repository, after `mvn -B -q package -DskipTests`:
 *   java -cp grading/target/grader.jar grading/cost/Breakdown.java
 */
public class Breakdown {

    static final Path KIT = Path.of("grading/target/grader.jar").toAbsolutePath();
    static final Path SOURCES = Path.of("homework/src/main/java/homework");
    static final int RUNS = 5;

    public static void main(String[] args) throws Exception {
        if (!Files.isRegularFile(KIT) || !Files.isDirectory(SOURCES)) {
            System.err.println("run from the instructor repository after mvn -B -q package -DskipTests");
            System.exit(2);
        }
        Path work = Files.createTempDirectory("breakdown-");
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        Path classes = work.resolve("classes");

        report("start the student JVM (java -version with the child's options)", () -> {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", KIT.toString(),
                    "-version").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor();
        });
        report("compile the student's files (javac in this process, for comparison)", () -> {
            Files.createDirectories(classes);
            List<String> javacArgs = new ArrayList<>(List.of("-d", classes.toString(), "-classpath", KIT.toString(),
                    "--release", "21", "-proc:none", "-nowarn"));
            sources.forEach(s -> javacArgs.add(s.toString()));
            return ToolProvider.getSystemJavaCompiler().run(null, OutputStream.nullOutputStream(),
                    OutputStream.nullOutputStream(), javacArgs.toArray(String[]::new));
        });
        report("the allowlist screen on the compiled classes", () -> allowlist.ApiAllowlist.load().check(classes).size());
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        Path submission = Files.createDirectories(work.resolve("submission/homework/src/main/java"));
        copy(SOURCES, submission.resolve("homework"));
        report("grade one submission (sandboxed compile + screen + one student JVM running every test)",
                () -> new Grading(KIT, quiet).grade(work.resolve("submission")).score());
        System.out.println("the sandboxed compile costs about one JVM start more than the in-process one");
    }

    static void report(String what, Callable<?> step) throws Exception {
        long t0 = System.nanoTime();
        step.call();
        double cold = (System.nanoTime() - t0) / 1e6;
        double[] warm = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long t = System.nanoTime();
            step.call();
            warm[i] = (System.nanoTime() - t) / 1e6;
        }
        java.util.Arrays.sort(warm);
        System.out.printf(Locale.ROOT, "%-80s cold %7.0f ms   warm %7.0f ms%n", what, cold, warm[RUNS / 2]);
    }

    static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
