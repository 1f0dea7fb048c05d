package allowlist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles small Java sources into a directory, the way the grader compiles a submission. */
final class Compiler {

    private Compiler() {
    }

    /**
     * Writes each source (its file name taken from its {@code class}/{@code record} name and
     * {@code package} line) under {@code dir}/src and compiles it to {@code dir}/classes.
     *
     * @return the classes directory
     */
    static Path compile(Path dir, String... sources) throws IOException {
        Path src = dir.resolve("src");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-g",
                "-classpath", System.getProperty("java.class.path"), "--release", "21"));
        for (String source : sources) {
            Path file = src.resolve(packageOf(source).replace('.', '/')).resolve(typeName(source) + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source);
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        int code = javac.run(null, errors, errors, args.toArray(String[]::new));
        if (code != 0) {
            throw new AssertionError("test source did not compile: " + errors);
        }
        return classes;
    }

    private static String packageOf(String source) {
        var m = java.util.regex.Pattern.compile("package\\s+([\\w.]+);").matcher(source);
        return m.find() ? m.group(1) : "";
    }

    private static String typeName(String source) {
        var m = java.util.regex.Pattern.compile("(?:class|record|interface|enum)\\s+(\\w+)").matcher(source);
        if (!m.find()) {
            throw new IllegalArgumentException("no type in test source: " + source);
        }
        return m.group(1);
    }
}
