package grading.grade;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles the submission's homework sources, in this process, against the kit runtime only
 * (grader.jar: the runtime and the graded tests, never the reference homework).
 */
final class StudentCompiler {

    /** The compiler's verdict: ok, or the errors to show the student. */
    record Outcome(boolean ok, String errors) {
    }

    /**
     * The compiler runs in the grader's process, on the submission's source: a source made to send
     * javac's type inference into a very long search would hold the grader. Past this limit the
     * submission counts as not compiling. (The compile thread cannot be stopped; it is a daemon,
     * and a one-submission grader ends with it.)
     */
    static final Duration TIME_LIMIT = Duration.ofSeconds(Long.getLong("grading.compileSeconds", 60));

    private StudentCompiler() {
    }

    static Outcome compile(List<Path> sources, Path submissionRoot, Path kit, Path out) throws IOException {
        return compile(sources, submissionRoot, kit, out, TIME_LIMIT);
    }

    static Outcome compile(List<Path> sources, Path submissionRoot, Path kit, Path out, Duration limit)
            throws IOException {
        FutureTask<Outcome> task = new FutureTask<>(() -> compileNow(sources, submissionRoot, kit, out));
        Thread compiler = new Thread(task, "compile-submission");
        compiler.setDaemon(true);
        compiler.start();
        try {
            return task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            task.cancel(true);
            return new Outcome(false, "the compiler took more than " + limit.toSeconds() + " s on these sources"
                    + " (the grader stops there): simplify the code, or ask your instructor");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while compiling", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static Outcome compileNow(List<Path> sources, Path submissionRoot, Path kit, Path out) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no Java compiler in this runtime (" + System.getProperty("java.home")
                    + "): run the grader with a JDK, not a JRE");
        }
        Path emptyDir = java.nio.file.Files.createDirectories(out.resolveSibling("empty-sourcepath"));
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter log = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            List<String> options = List.of(
                    "-d", out.toString(),
                    "-classpath", kit.toString(),
                    "-sourcepath", emptyDir.toString(), // only the files given: nothing else of the submission
                    "--release", "21",
                    "-proc:none",               // no annotation processors run in the grader
                    "-encoding", "UTF-8",
                    "-nowarn", "-Xlint:none", "-Xmaxerrs", "50");
            boolean ok = javac.getTask(log, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            StringBuilder errors = new StringBuilder();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() != Diagnostic.Kind.ERROR) {
                    continue;
                }
                String file = d.getSource() == null ? "" : shown(submissionRoot, Path.of(d.getSource().toUri()));
                errors.append(file).append(d.getLineNumber() > 0 ? ":" + d.getLineNumber() : "")
                        .append(": error: ").append(d.getMessage(Locale.ROOT)).append('\n');
            }
            errors.append(log);
            return new Outcome(ok, errors.toString().strip());
        }
    }

    private static String shown(Path root, Path file) {
        try {
            return root.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString()
                    .replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return file.getFileName().toString();
        }
    }
}
