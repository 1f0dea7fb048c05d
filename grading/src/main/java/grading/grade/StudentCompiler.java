package grading.grade;

import grading.child.CompileMain;
import grading.rules.UploadPaths;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * Compiles the submission's homework sources against the kit runtime only (the kit jar: the
 * runtime and the child runner, never the reference homework or the graded tests). javac runs
 * on hostile sources, so it runs where the tests do: in a JVM of its own ({@link CompileMain}),
 * inside the run's {@link Sandbox}, with a heap cap and a time limit. Whatever the sources make
 * javac do, the grader's own memory does not grow with it.
 */
final class StudentCompiler {

    /** The compiler's verdict: ok with the class files (by binary name), or the errors to show the student. */
    record Outcome(boolean ok, String errors, Map<String, byte[]> classes) {
        Outcome(boolean ok, String errors) {
            this(ok, errors, Map.of());
        }
    }

    /** Past this CPU time, the submission counts as not compiling (its compiler JVM is killed). */
    static final Duration TIME_LIMIT = Duration.ofSeconds(Long.getLong("grading.compileSeconds", 60));

    /** The compiler JVM's heap: the honest homework needs a few tens of MB. */
    static final String MAX_HEAP = System.getProperty("grading.compileHeap", "256m");

    private static final Outcome OUT_OF_MEMORY = new Outcome(false, "the compiler ran out of memory on these sources"
            + " (it may use " + MAX_HEAP + "): simplify the code, or ask your instructor");

    /** A source's path in javac's errors is cut here (a path of the upload may be 4 KB long). */
    private static final int MAX_NAME_SHOWN = 1_000;

    /** A source file's first bytes when an editor wrote a UTF-8 byte order mark (javac refuses it). */
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private StudentCompiler() {
    }

    /**
     * Copies {@code sources} into the run's folder, compiles them in the sandbox and returns the
     * class files. They never become files of their own: a class named in Cyrillic would need a
     * file name that a JVM in the C locale cannot write, so the grader keeps them in memory and
     * hands the child a jar ({@link #writeJar}), whose entry names are UTF-8 whatever the locale.
     * javac's errors name each source as the student knows it, relative to {@code submissionRoot}.
     */
    static Outcome compile(List<Path> sources, Path submissionRoot, Path runDir, Path kitJar,
                           Sandbox sandbox, Sandbox.Lease lease, Duration limit) throws IOException, InterruptedException {
        Path src = Files.createDirectories(runDir.resolve("src"));
        Path empty = Files.createDirectories(runDir.resolve("empty"));
        // Each source becomes src/N/NAME: NAME its own file name's bytes (javac checks a public class against it),
        // and no folder of the upload's, so that no path of the upload is too long here. The compiler finds
        // each by listing src/N: a name goes from the walk to javac as a Path, never as text read back.
        // What the errors call each source goes through a file: names could overflow a command line.
        Path list = runDir.resolve(CompileMain.SOURCE_LIST);
        try (DataOutputStream names = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(list)))) {
            names.writeInt(sources.size());
            for (int i = 0; i < sources.size(); i++) {
                Path source = sources.get(i);
                Path copy = Files.createDirectories(src.resolve(Integer.toString(i))).resolve(source.getFileName());
                Files.write(copy, withoutBom(Files.readAllBytes(source)));
                names.writeUTF(Text.cap(shown(submissionRoot, source), MAX_NAME_SHOWN));
            }
        }
        List<String> args = new ArrayList<>(List.of(
                "-Xmx" + MAX_HEAP, "-Xss4m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                "-XX:-UsePerfData", "-XX:+DisableAttachMechanism",
                "-cp", sandbox.path(runDir, kitJar), CompileMain.class.getName(),
                sandbox.path(runDir, kitJar), sandbox.path(runDir, src), sandbox.path(runDir, empty),
                sandbox.path(runDir, list)));
        RunDir.openTree(src);
        RunDir.openTree(list);
        ProcessBuilder builder = new ProcessBuilder(sandbox.command(lease, Path.of(System.getProperty("java.home")),
                runDir, args));
        Sandbox.childEnvironment(builder);
        builder.directory(runDir.toFile());
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process javac = builder.start();
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Thread outDrain = ChildRunner.drain(javac.getInputStream(), stdout, CompileMain.MAX_CLASS_BYTES + (1 << 20),
                "compiler-output");
        Thread errDrain = ChildRunner.drain(javac.getErrorStream(), stderr, 8_192, "compiler-errors");
        try {
            // The limit is CPU time, as the tests' (see ChildRunner.Limits); the wall clock, 3 times as long, is a backstop.
            TreeCpu cpu = new TreeCpu(javac, lease.uid());
            long wallEnd = System.nanoTime() + 3 * limit.toNanos();
            while (!javac.waitFor(100, TimeUnit.MILLISECONDS)) {
                if (cpu.nanos() >= limit.toNanos() || System.nanoTime() >= wallEnd) {
                    return new Outcome(false, "the compiler used more than " + limit.toSeconds() + " s of CPU on these"
                            + " sources (the grader stops there): simplify the code, or ask your instructor");
                }
            }
            outDrain.join(5_000);
            errDrain.join(1_000);
        } finally {
            javac.descendants().forEach(ProcessHandle::destroyForcibly);
            javac.destroyForcibly();
            javac.waitFor(5, TimeUnit.SECONDS);
            Sandbox.killAll(lease);
        }
        String err = stderr.toString(StandardCharsets.UTF_8);
        if (err.contains("OutOfMemoryError")) {
            return OUT_OF_MEMORY;
        }
        if (err.contains("StackOverflowError")) {
            return new Outcome(false, "the compiler ran out of stack on these sources (nesting too deep): simplify the code");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(stdout.toByteArray()))) {
            if (!CompileMain.MAGIC.equals(in.readUTF())) {
                throw new IOException("no answer");
            }
            boolean ok = in.readBoolean();
            String errors = in.readUTF();
            int count = in.readInt();
            if (count < 0 || count > 10_000) {
                throw new IOException("a class count of " + count);
            }
            Map<String, byte[]> classes = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                int length = in.readInt();
                if (!isClassName(name) || length < 0 || length > CompileMain.MAX_CLASS_BYTES) {
                    throw new IOException("a class file named \"" + Text.cap(Text.clean(name), 80) + "\"");
                }
                classes.put(name, in.readNBytes(length));
            }
            if (!ok && errors.contains("java.lang.OutOfMemoryError")) { // javac caught it and printed its own trace
                return OUT_OF_MEMORY;
            }
            return new Outcome(ok, errors, classes);
        } catch (IOException broken) {
            return new Outcome(false, "the compiler stopped without an answer (" + broken.getMessage() + "; exit code "
                    + javac.exitValue() + ")"
                    + (err.isBlank() ? "" : ": " + Text.cap(Text.clean(err.strip().lines().findFirst().orElse("")), 300)));
        }
    }

    /**
     * Whether javac may have written {@code name}: a binary name of Java identifiers in any
     * alphabet ("homework.HomeworkScheduler$Ожидание"), joined by dots. What could walk a path
     * (a slash, a backslash, an empty part such as "..", NUL or another control character) is
     * refused: the name becomes a jar entry.
     */
    static boolean isClassName(String name) {
        if (name.isEmpty() || name.length() > 1_000) {
            return false;
        }
        for (String part : name.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.codePointAt(0))) {
                return false;
            }
            if (!part.codePoints().allMatch(c -> Character.isJavaIdentifierPart(c) && !Character.isIdentifierIgnorable(c))) {
                return false;
            }
        }
        return true;
    }

    /** The class files as a jar the child's class path can name: entries "homework/X.class", names in UTF-8. */
    static void writeJar(Map<String, byte[]> classes, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Map.Entry<String, byte[]> c : classes.entrySet()) {
                out.putNextEntry(new JarEntry(c.getKey().replace('.', '/') + ".class"));
                out.write(c.getValue());
                out.closeEntry();
            }
        }
    }

    /** {@code source} as the student knows it: relative to the submission, or its name (a given file). */
    static String shown(Path submissionRoot, Path source) {
        return source.startsWith(submissionRoot) ? UploadPaths.shown(submissionRoot, source) : UploadPaths.name(source);
    }

    /** {@code bytes} without a leading UTF-8 byte order mark, which javac would take for an illegal character. */
    static byte[] withoutBom(byte[] bytes) {
        return bytes.length >= 3 && bytes[0] == BOM[0] && bytes[1] == BOM[1] && bytes[2] == BOM[2]
                ? java.util.Arrays.copyOfRange(bytes, 3, bytes.length) : bytes;
    }
}
