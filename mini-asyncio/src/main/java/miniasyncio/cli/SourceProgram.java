package miniasyncio.cli;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import miniasyncio.MiniAsyncio;

/**
 * {@code run Hello.java} (or {@code run src/}): a program of one's own, compiled in memory on the
 * JDK the kit runs on, as {@code java Hello.java} does, against the kit's own classes, so that it
 * needs neither a {@code javac -cp} of the right Java version nor a build. Nothing is written to
 * disk. For one file, the files beside it (its package's root) are the source path, so a class it
 * uses from a neighbour file compiles too, as with {@code java} since JDK 22.
 */
final class SourceProgram {

    /** The compiled program: its loader, and the class to start (one with main, or a Callable). */
    record Compiled(ClassLoader loader, Class<?> start) {
    }

    /** Why there is nothing to run: the message, and the exit code it deserves. */
    static final class Refused extends Exception {
        final int exit;

        Refused(String message, int exit) {
            super(message, null, false, false);
            this.exit = exit;
        }
    }

    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

    private SourceProgram() {
    }

    /** Is NAME a source file or a folder of them (rather than an example or a class name)? */
    static boolean isSource(String name) {
        try {
            return name.endsWith(".java") || Files.isDirectory(Path.of(name));
        } catch (java.nio.file.InvalidPathException e) {
            return false; // not a path of this system: a class name, or nothing
        }
    }

    /** Compiles {@code name} (a .java file or a folder) with {@code parent} as the class path beyond the kit. */
    static Compiled compile(String name, ClassLoader parent, String classPath) throws Refused {
        Path given = Path.of(name);
        if (!Files.exists(given)) {
            throw new Refused(name + ": no such file (from the folder " + new File("").getAbsolutePath() + ")", Cli.USAGE);
        }
        boolean folder = Files.isDirectory(given);
        List<Path> files = folder ? javaFiles(given) : List.of(given);
        if (files.isEmpty()) {
            throw new Refused(name + ": a folder with no .java file in it", Cli.USAGE);
        }
        Path root = folder ? given : sourceRoot(given);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new Refused(name + ": no Java compiler in " + System.getProperty("java.home")
                    + " (run the kit on a JDK, not a JRE)", Cli.FAILED);
        }
        List<String> options = new ArrayList<>(List.of("-classpath", kitClassPath(classPath),
                "-sourcepath", root.toString(), "-encoding", "UTF-8", "-g", "-proc:none", "-nowarn"));
        StringWriter said = new StringWriter();
        Map<String, byte[]> classes = new LinkedHashMap<>();
        Map<String, Path> sourceOf = new LinkedHashMap<>();
        try (StandardJavaFileManager standard = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
             InMemory memory = new InMemory(standard, classes, sourceOf)) {
            boolean ok = javac.getTask(said, memory, null, options, null, standard.getJavaFileObjectsFromPaths(files)).call();
            if (!ok) {
                // javac's own messages (file:line: error: ...), as javac prints them
                throw new Refused(said.toString().stripTrailing() + "\n" + name + ": does not compile", Cli.FAILED);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ClassLoader loader = new Loader(classes, root, parent);
        return new Compiled(loader, start(name, folder ? null : given, classes.keySet(), sourceOf, loader));
    }

    /**
     * The class to start: for a file, the one named after it, else the only one of the file that
     * can start; for a folder, the only one that can start. Several or none: said, with the names.
     */
    private static Class<?> start(String name, Path file, Set<String> compiled, Map<String, Path> sourceOf,
                                  ClassLoader loader) throws Refused {
        List<Class<?>> candidates = new ArrayList<>();
        for (String className : compiled) {
            if (className.contains("$") || file != null && !sameFile(sourceOf.get(className), file)) {
                continue; // a nested class, or a neighbour's
            }
            Class<?> type = load(className, loader);
            if (RunCommand.staticMain(type) != null || isCallable(type)) {
                if (file != null && type.getSimpleName().equals(stem(file))) {
                    return type;
                }
                candidates.add(type);
            }
        }
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        if (candidates.isEmpty()) {
            throw new Refused(name + " has no class with public static void main(String[]) or that implements"
                    + " Callable (its call() runs as the main task): give it one of the two so 'run' knows what to start.",
                    Cli.USAGE);
        }
        throw new Refused(name + " has several classes that could start: "
                + String.join(", ", candidates.stream().map(Class::getName).toList())
                + "; run the file of the one you mean.", Cli.USAGE);
    }

    static boolean isCallable(Class<?> type) {
        return Callable.class.isAssignableFrom(type) && !type.isInterface() && !Modifier.isAbstract(type.getModifiers());
    }

    private static Class<?> load(String className, ClassLoader loader) {
        try {
            return Class.forName(className, false, loader); // not initialized: nothing of the program runs yet
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("compiled but not found: " + className, e);
        }
    }

    private static boolean sameFile(Path a, Path b) {
        return a != null && a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    private static String stem(Path file) {
        String f = file.getFileName().toString();
        return f.endsWith(".java") ? f.substring(0, f.length() - ".java".length()) : f;
    }

    /** The folder a file's package starts in: src/ for src/my/app/Hello.java in package my.app. */
    private static Path sourceRoot(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            Matcher m = PACKAGE.matcher(Files.readString(file, StandardCharsets.UTF_8));
            if (m.find()) {
                for (int i = m.group(1).split("\\.").length; i > 0 && dir.getParent() != null; i--) {
                    dir = dir.getParent();
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable: javac says why
        }
        return dir;
    }

    /** Where the kit's classes are (its jar, or its classes folder), then --class-path and this JVM's class path. */
    static String kitClassPath(String classPath) {
        Set<String> entries = new LinkedHashSet<>();
        try {
            var source = MiniAsyncio.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                entries.add(Path.of(source.getLocation().toURI()).toString());
            }
        } catch (URISyntaxException | RuntimeException e) {
            // the class path below still has it
        }
        if (classPath != null) {
            entries.add(classPath);
        }
        entries.add(System.getProperty("java.class.path", ""));
        entries.removeIf(String::isBlank);
        return String.join(File.pathSeparator, entries);
    }

    private static List<Path> javaFiles(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(f -> f.toString().endsWith(".java") && Files.isRegularFile(f)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** javac's output kept in memory: class name to bytes, and which source each class came from. */
    private static final class InMemory extends ForwardingJavaFileManager<StandardJavaFileManager> {
        private final Map<String, byte[]> classes;
        private final Map<String, Path> sourceOf;

        InMemory(StandardJavaFileManager standard, Map<String, byte[]> classes, Map<String, Path> sourceOf) {
            super(standard);
            this.classes = classes;
            this.sourceOf = sourceOf;
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                   FileObject sibling) {
            if (sibling != null && "file".equals(sibling.toUri().getScheme())) {
                sourceOf.put(className, Path.of(sibling.toUri()));
            }
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return new ByteArrayOutputStream() {
                        @Override
                        public void close() {
                            classes.put(className, toByteArray());
                        }
                    };
                }
            };
        }
    }

    /**
     * Defines the compiled classes; serves the sources as resources, so that the step-through page
     * shows the line a task waits at, as it does for classes built with their sources.
     */
    private static final class Loader extends ClassLoader {
        private final Map<String, byte[]> classes;
        private final Path root;

        Loader(Map<String, byte[]> classes, Path root, ClassLoader parent) {
            super(parent); // unnamed: a stack says "at Hello.main", not "at source-program//Hello.main"
            this.classes = classes;
            this.root = root;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = classes.get(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }

        @Override
        protected URL findResource(String name) {
            Path file = root.resolve(name);
            try {
                return name.endsWith(".java") && Files.isRegularFile(file) ? file.toUri().toURL() : null;
            } catch (MalformedURLException e) {
                return null;
            }
        }
    }
}
