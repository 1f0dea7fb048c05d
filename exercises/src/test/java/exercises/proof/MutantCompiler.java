package exercises.proof;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles a few changed source files against the compiled reference, in memory, with the javac
 * of the running JDK. One instance serves every mutant: its file manager keeps the class path it
 * has read, so each compile after the first costs a fraction of a javac run.
 */
public final class MutantCompiler {

    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    private final StandardJavaFileManager files;

    public MutantCompiler(List<Path> classPath) throws IOException {
        files = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        files.setLocationFromPaths(StandardLocation.CLASS_PATH, classPath);
    }

    /**
     * The classes of {@code sources} (path, ending in {@code src/main/java/PKG/NAME.java} or
     * {@code PKG/NAME.java}, to text): binary name to class file bytes. Fails with javac's errors,
     * naming {@code what}, when they do not compile.
     */
    public synchronized Map<String, byte[]> compile(String what, Map<String, String> sources) {
        Map<String, ByteArrayOutputStream> out = new ConcurrentHashMap<>();
        List<JavaFileObject> units = sources.entrySet().stream()
                .map(e -> (JavaFileObject) new Source(e.getKey(), e.getValue())).toList();
        DiagnosticCollector<JavaFileObject> errors = new DiagnosticCollector<>();
        var inMemory = new ForwardingJavaFileManager<>(files) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                    FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + ".class"), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return out.computeIfAbsent(className, name -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        // no --release: the classes run only here, and the running JDK's own modules are read once
        // and kept by the shared file manager (--release reads its ct.sym afresh for each task);
        // -proc:none: no annotation processors to look for; -implicit:none: only the changed files
        boolean ok = javac.getTask(null, inMemory, errors, List.of("-nowarn", "-proc:none",
                "-implicit:none"), null, units).call();
        if (!ok) {
            throw new AssertionError(what + " does not compile:\n" + errors.getDiagnostics().stream()
                    .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).map(String::valueOf)
                    .collect(Collectors.joining("\n")));
        }
        return out.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().toByteArray()));
    }

    /** A source file held as text. */
    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String path, String text) {
            super(URI.create("mem:///" + path.replaceFirst("^src/main/java/", "")), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
