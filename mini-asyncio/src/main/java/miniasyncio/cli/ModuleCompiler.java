package miniasyncio.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles one source folder of a student module (homework, exercises) into its classes folder,
 * as the build does ({@code --release 21}, UTF-8, with debug information), but only when a source
 * is newer than its class or has none, and in the running JVM: no Maven, no second JVM. Nothing of
 * the kit is compiled; its classes (built once by the first Maven build) are on the class path.
 */
final class ModuleCompiler {

    private ModuleCompiler() {
    }

    /** The sources of {@code sources} whose class in {@code classes} is missing or older. */
    static List<Path> stale(Path sources, Path classes) {
        List<Path> stale = new ArrayList<>();
        for (Path source : javaFiles(sources)) {
            String relative = sources.relativize(source).toString();
            Path compiled = classes.resolve(relative.substring(0, relative.length() - ".java".length()) + ".class");
            try {
                if (!Files.exists(compiled)
                        || Files.getLastModifiedTime(source).compareTo(Files.getLastModifiedTime(compiled)) > 0) {
                    stale.add(source);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return stale;
    }

    /**
     * Compiles the stale sources of {@code sources} into {@code classes}, only them: the others are
     * read from their classes (on {@code classPath}), as the rest of the kit is. Maven compiles the
     * whole module again instead (the exercises' 47 files for one edit), which also catches a
     * class that no longer fits one it uses but did not change; the test run then says so as an
     * error of the JVM ({@code NoSuchMethodError}), and {@code mvn -q test -Dstudent} as javac's.
     *
     * @return javac's errors, empty when it compiled or had nothing to do
     */
    static String compileIfStale(Path sources, Path classes, String classPath) {
        List<Path> stale = Files.isDirectory(sources) ? stale(sources, classes) : List.of();
        if (stale.isEmpty()) {
            return "";
        }
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(),
                "-classpath", classes + java.io.File.pathSeparator + classPath, "-implicit:none",
                "--release", "21", "-encoding", "UTF-8", "-g", "-proc:none", "-nowarn", "-Xlint:none"));
        stale.forEach(f -> args.add(f.toString()));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return "no Java compiler in " + System.getProperty("java.home") + " (a JDK is needed, not a JRE)";
        }
        try {
            Files.createDirectories(classes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        int code = javac.run(null, said, said, args.toArray(String[]::new));
        String text = said.toString(StandardCharsets.UTF_8);
        return code == 0 ? "" : text.isBlank() ? "javac failed (exit code " + code + ")" : text;
    }

    private static List<Path> javaFiles(Path sources) {
        if (!Files.isDirectory(sources)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(sources)) {
            return walk.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
