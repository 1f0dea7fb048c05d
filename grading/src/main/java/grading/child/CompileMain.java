package grading.child;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac on the submission's sources, in a JVM of its own inside the sandbox, with the grader's
 * heap cap and time limit: the compiler is code the sources steer (a source of nested constant
 * concatenations takes javac to gigabytes), so it never runs in the grader's process.
 *
 * <p>Arguments: the kit jar (the class path), the folder the sources were copied to (source N
 * alone in its folder N, under the name it had in the upload), an empty folder (the source path),
 * then {@value #SOURCE_LIST}: how many sources, then what the errors call each ({@code writeUTF};
 * a file, not arguments: a submission's names could overflow a command line). Each source is
 * found by listing its folder, so its name reaches javac as the bytes it has: a name that is not
 * UTF-8 would not survive a trip through text. Nothing is written to disk: the class files come back on stdout, framed
 * ({@link #MAGIC}, ok, the errors, then (name, bytes) for each class), and the grader checks
 * every name and size before it writes one.
 */
public final class CompileMain {

    public static final String MAGIC = "mini-asyncio compile v1";
    /** The file, in the run's folder, that says how many sources there are and what the errors call each. */
    public static final String SOURCE_LIST = "sources.list";
    /** More class-file bytes than this is no homework: the compile fails. */
    public static final int MAX_CLASS_BYTES = 8 << 20;
    /** The errors shown are cut here. */
    static final int MAX_ERRORS_CHARS = 16_000;

    private CompileMain() {
    }

    public static void main(String[] args) throws IOException {
        // The answer goes to the real standard output; System.out is silenced, so nothing else reaches it.
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
        System.setOut(new java.io.PrintStream(OutputStream.nullOutputStream()));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path root = Path.of(args[1]);
        List<Path> sources = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        try (DataInputStream list = new DataInputStream(new BufferedInputStream(Files.newInputStream(Path.of(args[3]))))) {
            for (int i = 0, count = list.readInt(); i < count; i++) {
                shown.add(list.readUTF());
                try (Stream<Path> copy = Files.list(root.resolve(Integer.toString(i)))) {
                    sources.add(copy.findFirst().orElseThrow());
                }
            }
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter log = new StringWriter();
        Map<String, ByteArrayOutputStream> classes = new LinkedHashMap<>();
        Map<JavaFileObject, String> shownAs = new IdentityHashMap<>(); // what the errors call each source
        Map<URI, String> shownByUri = new HashMap<>(); // the same, should javac report a source by another object
        boolean ok;
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8);
             InMemory memory = new InMemory(files, classes)) {
            List<String> options = List.of(
                    "-classpath", args[0],
                    "-sourcepath", args[2], // an empty folder: only the files given, nothing else of the submission
                    "--release", "21",
                    "-proc:none",      // no annotation processors
                    "-encoding", "UTF-8",
                    "-nowarn", "-Xlint:none", "-Xmaxerrs", "50");
            List<JavaFileObject> units = new ArrayList<>();
            files.getJavaFileObjectsFromPaths(sources).forEach(units::add);
            for (int i = 0; i < units.size(); i++) {
                shownAs.put(units.get(i), shown.get(i));
                shownByUri.putIfAbsent(units.get(i).toUri(), shown.get(i));
            }
            ok = javac.getTask(log, memory, diagnostics, options, null, units).call();
        }
        StringBuilder errors = new StringBuilder();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            String file = d.getSource() == null ? "" : shownAs.getOrDefault(d.getSource(), shownByUri.getOrDefault(
                    d.getSource().toUri(), String.valueOf(Path.of(d.getSource().toUri()).getFileName())));
            errors.append(file).append(d.getLineNumber() > 0 ? ":" + d.getLineNumber() : "")
                    .append(": error: ").append(d.getMessage(Locale.ROOT)).append('\n');
        }
        errors.append(log);
        long total = 0;
        for (ByteArrayOutputStream bytes : classes.values()) {
            total += bytes.size();
        }
        if (total > MAX_CLASS_BYTES) {
            ok = false;
            errors.insert(0, "the compiled classes take " + total + " bytes, more than the grader takes (" + MAX_CLASS_BYTES
                    + ")\n");
        }
        String text = errors.toString().strip();
        out.writeUTF(MAGIC);
        out.writeBoolean(ok);
        out.writeUTF(text.length() > MAX_ERRORS_CHARS ? text.substring(0, MAX_ERRORS_CHARS) + "..." : text);
        out.writeInt(ok ? classes.size() : 0);
        if (ok) {
            for (Map.Entry<String, ByteArrayOutputStream> c : classes.entrySet()) {
                out.writeUTF(c.getKey());
                out.writeInt(c.getValue().size());
                c.getValue().writeTo(out);
            }
        }
        out.flush();
        Runtime.getRuntime().halt(0);
    }

    /** Class files kept in memory, by binary name. */
    private static final class InMemory extends ForwardingJavaFileManager<JavaFileManager> {
        private final Map<String, ByteArrayOutputStream> classes;

        InMemory(JavaFileManager files, Map<String, ByteArrayOutputStream> classes) {
            super(files);
            this.classes = classes;
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                   FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    classes.put(className, bytes);
                    return bytes;
                }
            };
        }
    }
}
