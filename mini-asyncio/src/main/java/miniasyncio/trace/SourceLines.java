package miniasyncio.trace;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The text of a line of source, for the step-through page's "waits at Example.java:37
 * {@code sleep(delay);}", when the source is at hand: on the class path beside the classes, or in
 * the Maven layout next to them ({@code target/classes} -> {@code src/main/java},
 * {@code target/test-classes} -> {@code src/test/java}, a module's jar in {@code target/} ->
 * {@code src/main/java}), or under the working directory ({@code src/main/java} and the same in
 * each module in it, or beside it when it is a module of a Maven build). Read once per file, when the page is written: the run pays nothing.
 */
final class SourceLines {

    private static final int TEXT = 120;
    private final ClassLoader loader;
    private final Map<String, List<String>> files = new HashMap<>(); // "pkg/File.java" -> its lines, or empty

    SourceLines(ClassLoader loader) {
        this.loader = loader;
    }

    /** The line's text, trimmed, or null when the source is not at hand. */
    String line(StackTraceElement frame) {
        if (frame.getFileName() == null || frame.getLineNumber() <= 0) {
            return null;
        }
        String className = frame.getClassName();
        int dot = className.lastIndexOf('.');
        String path = (dot < 0 ? "" : className.substring(0, dot).replace('.', '/') + "/") + frame.getFileName();
        List<String> lines = files.computeIfAbsent(path, p -> read(p, className));
        if (frame.getLineNumber() > lines.size()) {
            return null;
        }
        String text = lines.get(frame.getLineNumber() - 1).strip();
        return text.length() > TEXT ? text.substring(0, TEXT) + "..." : text;
    }

    private List<String> read(String path, String className) {
        if (loader != null) {
            try (InputStream in = loader.getResourceAsStream(path)) { // sources on the class path
                if (in != null) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                }
            } catch (IOException e) {
                // try the other places
            }
        }
        for (Path root : roots(className)) {
            Path file = root.resolve(path);
            if (Files.isRegularFile(file)) {
                try {
                    return Files.readAllLines(file, StandardCharsets.UTF_8);
                } catch (IOException | RuntimeException e) {
                    // an unreadable file: no text
                }
            }
        }
        return List.of();
    }

    /** Where the sources of {@code className} may be, most likely first. */
    private List<Path> roots(String className) {
        List<Path> roots = new ArrayList<>();
        Path classes = codeSource(className);
        if (classes != null) {
            Path module = classes.getParent() == null ? null : classes.getParent().getParent(); // X/target/classes -> X
            String name = classes.getFileName() == null ? "" : classes.getFileName().toString();
            if (module != null && name.equals("test-classes")) {
                roots.add(module.resolve("src/test/java"));
            } else if (module != null) {
                roots.add(module.resolve("src/main/java")); // X/target/classes or X/target/X.jar
            }
        }
        Path here = Path.of("").toAbsolutePath();
        roots.add(here.resolve("src/main/java"));
        roots.add(here.resolve("src/test/java"));
        modules(here, roots);
        Path parent = here.getParent();
        if (parent != null && Files.isRegularFile(parent.resolve("pom.xml"))) { // run from inside a module
            modules(parent, roots);
        }
        return roots;
    }

    /** The source roots of each module in {@code dir}. */
    private static void modules(Path dir, List<Path> roots) {
        try (var modules = Files.list(dir)) {
            modules.filter(Files::isDirectory).sorted().forEach(m -> {
                roots.add(m.resolve("src/main/java"));
                roots.add(m.resolve("src/test/java"));
            });
        } catch (IOException | RuntimeException e) {
            // no modules listed: the roots so far
        }
    }

    private Path codeSource(String className) {
        try {
            Class<?> type = Class.forName(className, false, loader);
            CodeSource source = type.getProtectionDomain().getCodeSource();
            URL url = source == null ? null : source.getLocation();
            return url == null ? null : Path.of(url.toURI());
        } catch (ReflectiveOperationException | LinkageError | RuntimeException | java.net.URISyntaxException e) {
            return null;
        }
    }
}
