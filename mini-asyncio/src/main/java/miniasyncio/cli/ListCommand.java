package miniasyncio.cli;

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
        System.out.println("Run one with: java -jar mini-asyncio.jar run NAME [--virtual-time]");
        return 0;
    }
}
