package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The quick run compiles a module's sources only when one changed since its class was made. */
class ModuleCompilerTest {

    @TempDir
    Path module;

    private Path source(String name, String text) throws Exception {
        Path file = module.resolve("src/main/java/homework").resolve(name + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    @Test
    void compilesWhenAClassIsMissingOrOlderThanItsSourceAndNotOtherwise() throws Exception {
        Path sources = module.resolve("src/main/java");
        Path classes = module.resolve("target/classes");
        Path homework = source("Homework", "package homework; public class Homework { static int gather() { return Helper.ONE; } }");
        Path helper = source("Helper", "package homework; class Helper { static final int ONE = 1; }");
        String classPath = System.getProperty("java.class.path");

        assertThat(ModuleCompiler.stale(sources, classes)).hasSize(2);
        assertThat(ModuleCompiler.compileIfStale(sources, classes, classPath)).isEmpty();
        Path compiled = classes.resolve("homework/Homework.class");
        assertThat(compiled).exists();
        assertThat(ModuleCompiler.stale(sources, classes)).isEmpty();

        FileTime before = FileTime.from(Instant.now().minusSeconds(60));
        Files.setLastModifiedTime(compiled, before);
        Files.setLastModifiedTime(homework, before); // untouched since: nothing to do, the class stays
        Files.setLastModifiedTime(helper, before);
        Files.setLastModifiedTime(classes.resolve("homework/Helper.class"), before);
        assertThat(ModuleCompiler.compileIfStale(sources, classes, classPath)).isEmpty();
        assertThat(Files.getLastModifiedTime(compiled)).isEqualTo(before);

        Files.setLastModifiedTime(homework, FileTime.from(Instant.now())); // edited: compiled again
        assertThat(ModuleCompiler.stale(sources, classes)).containsExactly(homework);
        assertThat(ModuleCompiler.compileIfStale(sources, classes, classPath)).isEmpty();
        assertThat(Files.getLastModifiedTime(compiled)).isGreaterThan(before);
    }

    @Test
    void aCompileErrorIsJavacsOwnMessage() throws Exception {
        source("Homework", "package homework; public class Homework { int x = ; }");

        assertThat(ModuleCompiler.compileIfStale(module.resolve("src/main/java"), module.resolve("target/classes"),
                System.getProperty("java.class.path")))
                .contains("Homework.java:1: error: illegal start of expression");
    }
}
