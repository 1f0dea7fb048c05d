package grading.grade;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * What the JVM of a graded submission gets from grader.jar, and nothing more:
 *
 * <ul>
 *   <li>{@link #kitJar()}: the kit runtime ({@code miniasyncio}) and the child runner
 *       ({@code grading.child}). The submission is compiled
 *       against it and runs with it on its class path. The grader's own code, the other hidden
 *       files and the compiler are not in it.</li>
 *   <li>{@link #hiddenTests()}: the graded tests' class files, by class name, renamed to names
 *       that say nothing ({@link OpaqueNames}; {@link #childId} gives a test's id in the child).
 *       They are never written where the child could read them: the grader sends them over the
 *       child's stdin, and the child defines them in a class loader of their own, which the
 *       submission's class loader cannot list or read resources from.</li>
 * </ul>
 *
 * Made once per grader.jar and grader process; each run gets its own copy of the jar.
 */
public final class ChildKit {

    private static final Map<Path, ChildKit> MADE = new ConcurrentHashMap<>();

    private final byte[] kitJar;
    private final OpaqueNames hiddenTests;

    private ChildKit(byte[] kitJar, OpaqueNames hiddenTests) {
        this.kitJar = kitJar;
        this.hiddenTests = hiddenTests;
    }

    public static ChildKit of(Path graderJar) throws IOException {
        Path key = graderJar.toAbsolutePath().normalize();
        ChildKit kit = MADE.get(key);
        if (kit == null) {
            kit = read(key);
            MADE.put(key, kit);
        }
        return kit;
    }

    /** The kit jar's bytes: write them into each run's folder. */
    byte[] kitJar() {
        return kitJar;
    }

    /** New class name -> class file of every hidden test class (nested and helper classes included), renamed. */
    Map<String, byte[]> hiddenTests() {
        return hiddenTests.classes();
    }

    /** A hidden method's id ("grading.hidden.GatherTests#argumentOrder") as the child knows it ("t.C#k"). */
    String childId(String id) {
        return hiddenTests.id(id);
    }

    /** Whether the kit jar has {@code entry}; for the tests. */
    static boolean inKit(String entry) {
        return entry.startsWith("miniasyncio/") || entry.startsWith("grading/child/");
    }

    private static ChildKit read(Path graderJar) throws IOException {
        ByteArrayOutputStream jarBytes = new ByteArrayOutputStream();
        Map<String, byte[]> hidden = new LinkedHashMap<>();
        try (JarFile jar = new JarFile(graderJar.toFile());
             JarOutputStream kit = new JarOutputStream(jarBytes)) {
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                String name = entry.getName();
                if (entry.isDirectory()) {
                    continue;
                }
                if (inKit(name)) {
                    kit.putNextEntry(new JarEntry(name));
                    try (var in = jar.getInputStream(entry)) {
                        in.transferTo(kit);
                    }
                    kit.closeEntry();
                } else if (name.startsWith("grading/hidden/") && name.endsWith(".class")) {
                    try (var in = jar.getInputStream(entry)) {
                        hidden.put(name.substring(0, name.length() - ".class".length()).replace('/', '.'),
                                in.readAllBytes());
                    }
                }
            }
        }
        if (hidden.isEmpty()) {
            throw new IOException(graderJar + " has no graded tests (grading/hidden): is it grader.jar?");
        }
        return new ChildKit(jarBytes.toByteArray(), OpaqueNames.of(hidden, ChildKit.class.getClassLoader()));
    }

    /** Writes the kit jar into {@code dir} for one run; returns its path. */
    Path writeKitJar(Path dir) throws IOException {
        return Files.write(dir.resolve("kit.jar"), kitJar);
    }
}
