package miniasyncio.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether {@code run} would load old code: the homework's and the exercises' examples come from
 * {@code homework/target/homework.jar} and {@code exercises/target/exercises.jar}, which only
 * {@code mvn package} makes again, while a test run compiles only the classes. A source edited
 * after the jar was made would silently not run; {@code run} refuses instead, in one line that
 * names the file and the command that brings the jar up to date.
 */
final class StaleJar {

    /**
     * The command that makes the jars again: the README's first build, which makes what `run` and
     * `list` load (those modules only, no tests compiled) and says where it is every 15 s.
     */
    static final String BUILD = "mvn -q package -Dmaven.test.skip -pl mini-asyncio,homework,exercises -am";

    private StaleJar() {
    }

    /**
     * For a class loaded from {@code location}: when it is a module's jar,
     * {@code MODULE/target/MODULE.jar}, and a source of {@code MODULE/src/main/java} is newer
     * than it, the line to say; empty otherwise (classes from a folder, a jar copied elsewhere).
     */
    static Optional<String> check(Path location) {
        Path target = location.getParent();
        if (target == null || !target.getFileName().toString().equals("target") || target.getParent() == null) {
            return Optional.empty();
        }
        Path module = target.getParent();
        Path sources = module.resolve("src/main/java");
        String name = module.getFileName().toString();
        if (!location.getFileName().toString().equals(name + ".jar") || !Files.isRegularFile(location)
                || !Files.isDirectory(sources)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(sources)) {
            FileTime built = Files.getLastModifiedTime(location);
            return files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> modified(f).compareTo(built) > 0)
                    .max(Comparator.comparing(StaleJar::modified))
                    .map(newest -> name + "/" + module.relativize(newest).toString().replace('\\', '/')
                            + " is newer than " + name + "/target/" + name + ".jar, which run would load: build it"
                            + " first with '" + BUILD + "' (from " + module.getParent() + ")");
        } catch (IOException e) {
            return Optional.empty(); // nothing to compare: run what is there
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
