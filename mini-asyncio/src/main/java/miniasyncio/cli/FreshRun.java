package miniasyncio.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A student module's example run from its sources as they are now ({@code exercises/run-example.sh
 * NAME}): compiles the module's main sources that changed since their classes were made
 * ({@link ModuleCompiler}, as {@code ./test.sh} does), then runs {@code run NAME ARGS...} in the
 * same JVM, on the module's classes folder rather than its jar. So an edit needs no Maven build
 * before its example runs: {@code run} from the jar refuses a jar older than its sources
 * ({@link StaleJar}), and only {@code mvn package} makes the jar again.
 *
 * <p>{@code FreshRun MODULE_DIR NAME [ARGS...]}, on the class path the first build wrote to
 * {@code MODULE_DIR/target/student-classpath.txt}, which has the module's classes folder and not
 * its jar.
 */
public final class FreshRun {

    private FreshRun() {
    }

    public static void main(String[] args) {
        if (args.length < 2 || args[1].startsWith("-")) {
            System.err.println((args.length < 2 ? "no example given" : "'" + args[1] + "' is not an example's name")
                    + "; usage: run-example.sh NAME [ARGS...]   (the names: java -jar mini-asyncio/target/mini-asyncio.jar list)");
            System.exit(Cli.USAGE);
        }
        Path module = Path.of(args[0]).toAbsolutePath().normalize();
        if (!Files.isDirectory(module.resolve("src/main/java"))) {
            System.err.println(module + " is not a module with sources (no src/main/java)");
            System.exit(Cli.USAGE);
        }
        String errors = ModuleCompiler.compileIfStale(module.resolve("src/main/java"), module.resolve("target/classes"),
                System.getProperty("java.class.path"));
        if (!errors.isEmpty()) {
            System.err.print(errors.endsWith("\n") ? errors : errors + "\n");
            System.err.println(module.getFileName() + ": the code does not compile (above); " + args[1] + " did not run");
            System.exit(Cli.FAILED);
        }
        String[] run = new String[args.length];
        run[0] = "run";
        System.arraycopy(args, 1, run, 1, args.length - 1);
        System.exit(Cli.execute(run));
    }

}
