package miniasyncio.cli;

import miniasyncio.around.ExportCheck;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar mini-asyncio.jar COMMAND}: the kit's command line. Each subcommand is a small
 * class of its own; picocli gives every one of them {@code --help}, {@code --version} and the
 * usage errors.
 *
 * <p>Exit codes: 0 success; 1 the program failed (a task threw, a deadlock, a missing JVM option);
 * 2 wrong arguments; 3 the example needs a homework or exercise method that is not written yet.
 */
@Command(name = "mini-asyncio",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description = "The lecture's mini_asyncio event loop, ported to Java on JDK continuations.",
        footer = {"", "-v first (java -jar mini-asyncio.jar -v COMMAND ...) says which Java runs the kit: started on"
                + " a Java older than 21, the jar runs itself again on a JDK 21+ it finds."},
        subcommands = {ListCommand.class, RunCommand.class, miniasyncio.bench.BenchCommand.class,
                CommandLine.HelpCommand.class})
public final class Cli implements Runnable {

    /** picocli's own codes, so that a subcommand of another package (bench) needs no import of this one. */
    public static final int FAILED = CommandLine.ExitCode.SOFTWARE;
    public static final int USAGE = CommandLine.ExitCode.USAGE;
    public static final int NOT_IMPLEMENTED = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (tests call this). */
    public static int execute(String... args) {
        if (!ExportCheck.continuationsAvailable()) {
            System.err.println(ExportCheck.MESSAGE);
            return FAILED;
        }
        if (!Launcher.onClassPath(Launcher.PICOCLI)) {
            System.err.println(Launcher.NO_PICOCLI);
            return FAILED;
        }
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new Cli()).setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(Cli::usageError);
        // `run EchoClients --clients 10`: options run does not know are the example's (in order);
        // RunCommand rejects them for an example that takes none.
        commandLine.getSubcommands().get("run").setUnmatchedOptionsArePositionalParams(true);
        return commandLine;
    }

    /**
     * A usage error in one line and where to look, instead of the whole help: "Unknown option:
     * '--virtual-tim'" then "Try 'mini-asyncio run --help' for more."
     */
    static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        command.getErr().println(e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, command.getErr());
        command.getErr().println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more.");
        return USAGE;
    }

    @Override
    public void run() {
        // Built in another class: this one must load without picocli, to say that it is missing.
        throw Usage.missingCommand(spec);
    }

    /** Makes picocli's exceptions, so that {@link Cli} itself names none of their classes in a throw. */
    static final class Usage {
        private Usage() {
        }

        static RuntimeException missingCommand(CommandLine.Model.CommandSpec spec) {
            return new CommandLine.ParameterException(spec.commandLine(),
                    "Missing command: try 'list' to see the examples, then 'run NAME'.");
        }
    }

    /** The version from the jar's manifest (or "dev" when run from classes). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Cli.class.getPackage().getImplementationVersion();
            return new String[] {"mini-asyncio " + (v == null ? "dev" : v)
                    + " on Java " + System.getProperty("java.version")};
        }
    }
}
