package miniasyncio.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import miniasyncio.Scheduler;

/**
 * The self-check before submitting (nbgrader's {@code validate}), the last lines of
 * {@code mvn -q test -Dstudent=check -pl homework -am}: compiles the homework's files the way the
 * grader will, then says "ready to submit" and what to upload, or what to fix.
 */
final class SelfCheck {

    /** The files the grader takes from a submission: every .java file here. */
    static final String SOURCES = "src/main/java/homework";
    static final String UPLOAD = "   Gradescope: upload HomeworkScheduler.java and Homework.java"
            + " (homework/src/main/java/homework/), or a zip of the repository.\n"
            + "   Classroom 50 or GitHub Actions: commit and push; the grader takes the last push.\n";

    private SelfCheck() {
    }

    /** The verdict for the module in {@code module}, given its test results and remaining stubs. */
    static String verdict(Path module, List<TestSummary.Result> results, List<String> stubs) {
        if (!Files.isDirectory(module.resolve(SOURCES))) {
            return ""; // not the homework (an exercise module): the summary above says it all
        }
        List<String> toFix = new ArrayList<>();
        String compiled = compileAsTheGrader(module.resolve(SOURCES));
        if (!compiled.isEmpty()) {
            toFix.add("the grader could not compile your files (it compiles only homework/src/main/java/homework/"
                    + " against the kit, --release 21):\n" + compiled.indent(6).stripTrailing());
        }
        String refused = screened(module);
        if (!refused.isEmpty()) {
            toFix.add("the grader would not run your code: it uses what the homework does not need (see \"What"
                    + " your code may use\" in the README):\n" + refused.indent(6).stripTrailing());
        }
        if (!stubs.isEmpty()) {
            toFix.add("write the " + stubs.size() + (stubs.size() == 1 ? " method" : " methods")
                    + " that are not written yet (listed above)");
        }
        long failing = results.stream().filter(r -> !r.passed() && !r.waitsOnAStub()).count();
        if (failing > 0) {
            toFix.add(failing + (failing == 1 ? " visible test fails" : " visible tests fail") + " (listed above)");
        }
        if (toFix.isEmpty()) {
            return "== ready to submit: it compiles as the grader compiles it, and every visible test passes"
                    + " (the grader runs more tests of its own).\n" + UPLOAD;
        }
        StringBuilder s = new StringBuilder("== not ready to submit yet. To fix:\n");
        toFix.forEach(line -> s.append("   - ").append(line).append('\n'));
        return s.append("   Then run this check again. To submit:\n").append(UPLOAD).toString();
    }

    /** Where the self-check's build leaves the grader's allowlist screen's verdict (allowlist.Screen). */
    static final String SCREEN_REPORT = "target/allowlist-screen.txt";

    /** What the allowlist screen refused, as the grader would say it; "" when nothing (or when it did not run). */
    static String screened(Path module) {
        try {
            Path report = module.resolve(SCREEN_REPORT);
            return Files.isRegularFile(report) ? Files.readString(report, StandardCharsets.UTF_8).strip() : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Compiles {@code sources} as the grader does; returns its errors, or "" when it compiles. */
    static String compileAsTheGrader(Path sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return "no Java compiler here (" + System.getProperty("java.home") + "): run Maven with a JDK";
        }
        Path work = null;
        try {
            work = Files.createTempDirectory("self-check-");
            Path empty = Files.createDirectories(work.resolve("empty"));
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            StringWriter log = new StringWriter();
            try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                    StandardCharsets.UTF_8); Stream<Path> walk = Files.walk(sources)) {
                List<Path> java = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
                List<String> options = List.of("-d", work.toString(), "-classpath", kitClasses(),
                        "-sourcepath", empty.toString(), "--release", "21", "-proc:none", "-encoding", "UTF-8",
                        "-nowarn", "-Xlint:none", "-Xmaxerrs", "20");
                boolean ok = javac.getTask(log, files, diagnostics, options, null,
                        files.getJavaFileObjectsFromPaths(java)).call();
                if (ok) {
                    return "";
                }
                StringBuilder errors = new StringBuilder();
                for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                    if (d.getKind() == Diagnostic.Kind.ERROR) {
                        String file = d.getSource() == null ? "" : Path.of(d.getSource().toUri()).getFileName() + ":"
                                + d.getLineNumber() + ": ";
                        errors.append(file).append(d.getMessage(Locale.ROOT)).append('\n');
                    }
                }
                return (errors + log.toString()).strip();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(work);
        }
    }

    /** The kit's classes (a folder or a jar): the only class path the grader gives your files. */
    private static String kitClasses() {
        try {
            return Path.of(Scheduler.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder left behind is harmless
        }
    }
}
