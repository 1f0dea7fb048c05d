package grading.grade;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
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

    private StudentCompiler() {
    }

    static Outcome compile(List<Path> sources, Path submissionRoot, Path kit, Path out) throws IOException {
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
