package miniasyncio.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code list}: every example, grouped by catalog, with its one-line description. */
@Command(name = "list", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "List the examples that 'run' knows, in the order of the lecture and the track.")
final class ListCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        for (ExampleCatalog catalog : Examples.catalogs()) {
            System.out.println(catalog.title());
            for (ExampleInfo example : catalog.examples()) {
                System.out.printf("  %-16s %s%n", example.name(), example.description());
            }
        }
        Examples.missingCatalogs().forEach(System.out::println);
        System.out.println();
        System.out.println("Run one with: " + command("run NAME [--virtual-time]"));
        return 0;
    }

    /**
     * The command that runs the kit, as it can be typed here: {@code java -jar} and this jar's path
     * as the user gave it (java.class.path keeps it, across the launcher's run on a newer JDK too),
     * else relative to the working folder; from classes (exec:exec, an IDE), Maven's command.
     */
    static String command(String args) {
        var source = ListCommand.class.getProtectionDomain().getCodeSource();
        Path jar;
        try {
            jar = source == null ? null : Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            jar = null;
        }
        if (jar == null || !Files.isRegularFile(jar)) {
            return "mvn -q -pl mini-asyncio compile exec:exec -Dcli.args=\"" + args + "\"";
        }
        return "java -jar " + asTyped(jar, System.getProperty("java.class.path", ""), Path.of("").toAbsolutePath()) + " " + args;
    }

    /** {@code jar} as the class path names it (as typed), else relative to {@code cwd} when under it, else absolute. */
    static String asTyped(Path jar, String classPath, Path cwd) {
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (!entry.isBlank() && cwd.resolve(entry).normalize().equals(jar.normalize())) {
                return entry;
            }
        }
        return jar.startsWith(cwd) ? cwd.relativize(jar).toString() : jar.toString();
    }
}
