package miniasyncio.cli;

import miniasyncio.around.FoldedStack;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.MiniAsyncio;
import miniasyncio.NotImplementedYet;
import miniasyncio.Step;
import miniasyncio.around.LoopPolicy;
import miniasyncio.around.LoopStack;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code run NAME}: runs a built-in example, or a class of yours found on {@code --class-path}.
 * A class of yours either has {@code public static void main(String[])} (it makes its own
 * scheduler, or calls {@code MiniAsyncio.run}) or implements {@code Callable}, whose
 * {@code call()} then runs as the main task.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Run an example (see 'list') or a class of yours on --class-path.")
final class RunCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "An example from 'list', or a class name on --class-path.")
    String name;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments passed to the example's main.")
    List<String> args = new ArrayList<>();

    @Option(names = "--virtual-time",
            description = "Run on the virtual clock: time jumps to the next timer, so the run is instant and exact.")
    boolean virtualTime;

    @Option(names = {"--class-path", "-cp"}, paramLabel = "PATH",
            description = "Where to find NAME when it is a class of yours (directories or jars, separated by '${sys:path.separator}').")
    String classPath;

    @CommandLine.Mixin
    ObserveOptions observe = new ObserveOptions();

    /** The example's usage line (null: it takes no options), said after a wrong argument. */
    private String usage;

    /** The options this run was given, for an example that suggests options (BlockingTrap). */
    static final String OPTIONS_PROPERTY = "miniasyncio.run.options";

    @Override
    public Integer call() {
        observe.checkOutputs(spec.commandLine());
        String missing = missingClassPathEntries();
        if (!missing.isEmpty()) {
            System.err.println("--class-path: " + missing);
            return Cli.USAGE;
        }
        ExampleInfo.Main main = resolve();
        if (main == null) {
            return refusal;
        }
        LoopPolicy.setClock(virtualTime ? Clock::virtual : Clock::monotonic);
        System.setProperty(OPTIONS_PROPERTY, String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        // A loop stuck on a monitor held by a suspended task can never return (its thread cannot
        // be woken): after the report, the only way to end the command is to end the JVM.
        LoopPolicy.onNewScheduler(scheduler -> scheduler.settings().setOnStuck(report -> {
            System.out.flush();
            System.err.println(report);
            System.err.println(name + " failed: the event loop is stuck for good; exiting with code " + Cli.FAILED);
            System.exit(Cli.FAILED);
        }));
        int exit = 0;
        try {
            observe.install(spec.commandLine(), loader());
            // On a thread with a big stack (LoopStack), so a task suspends deep in its calls with no -Xss.
            String[] mainArgs = args.toArray(String[]::new);
            LoopStack.call(() -> {
                main.main(mainArgs);
                return null;
            });
        } catch (CommandLine.ParameterException usage) {
            throw usage;
        } catch (Throwable failure) {
            exit = report(failure);
        } finally {
            observe.stopCapture();
            LoopPolicy.reset();
            System.clearProperty(OPTIONS_PROPERTY);
        }
        if (!observe.report(name, System.out, System.err, ending) && exit == 0) {
            exit = Cli.FAILED;
        }
        return exit;
    }

    /** Why the program stopped, when it failed: said on the step-through page's last step. */
    private String ending;

    private int report(Throwable failure) {
        Throwable cause = failure;
        if (cause instanceof Step.TaskFailedException wrapped && wrapped.getCause() instanceof InvocationTargetException) {
            cause = wrapped.getCause(); // LoopStack carries main's checked exception across threads wrapped
        }
        cause = cause instanceof InvocationTargetException ite ? ite.getCause() : cause;
        ending = name + " failed: " + cause;
        if (cause instanceof ExampleUsageException wrong) {
            System.err.println(name + ": " + wrong.getMessage());
            if (usage != null) {
                System.err.println("usage: " + usage);
            }
            return Cli.USAGE;
        }
        NotImplementedYet missing = NotImplementedYet.findIn(cause);
        if (missing != null) {
            System.err.println(name + ": " + missing.getMessage());
            return Cli.NOT_IMPLEMENTED;
        }
        System.err.println(name + " failed: " + cause);
        System.err.print(FoldedStack.of(cause));
        return Cli.FAILED;
    }

    /** The exit code when {@link #resolve} found nothing to run: wrong arguments, unless said otherwise. */
    private int refusal = Cli.USAGE;

    /** The example's main, or null after printing why there is none. */
    private ExampleInfo.Main resolve() {
        var builtIn = Examples.find(name);
        if (builtIn.isPresent()) {
            var stale = Examples.jarOf(name).flatMap(StaleJar::check);
            if (stale.isPresent()) { // the homework's or an exercise's jar is older than its sources
                System.err.println(name + ": " + stale.get());
                refusal = Cli.FAILED;
                return null;
            }
            usage = builtIn.get().usage();
            String option = args.stream().filter(a -> a.startsWith("-")).findFirst().orElse(null);
            if (usage == null && option != null) {
                // the example takes no options: a typo of run's own (--virtual-tim) is said as picocli would
                System.err.println("Unknown option: '" + option + "'");
                List<String> close = spec.options().stream().map(o -> o.longestName())
                        .filter(o -> o.startsWith(option) || Examples.editDistance(o, option) <= 2).toList();
                if (!close.isEmpty()) {
                    System.err.println("Possible solutions: " + String.join(", ", close));
                }
                System.err.println("Try '" + spec.qualifiedName() + " --help' for more.");
                return null;
            }
            return builtIn.get().main();
        }
        if (SourceProgram.isSource(name)) {
            return sourceProgram();
        }
        if (classPath != null || name.contains(".")) {
            return userClass();
        }
        return unknown();
    }

    private ExampleInfo.Main unknown() {
        List<String> close = Examples.closeMatches(name);
        String hint = close.isEmpty()
                ? "See 'list' for the examples, or give a class of yours with --class-path."
                : "Did you mean: " + String.join(", ", close) + "?";
        System.err.println("unknown example '" + name + "'. " + hint);
        Examples.missingCatalogs().forEach(System.err::println);
        return null;
    }

    /**
     * "/nonexistent/dir does not exist" for each entry of --class-path that is not there: a
     * mistyped folder would otherwise show up only as "cannot load class", or not at all.
     */
    private String missingClassPathEntries() {
        if (classPath == null) {
            return "";
        }
        List<String> missing = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank() && !new File(entry).exists()) {
                missing.add(entry + " does not exist");
            }
        }
        return missing.isEmpty() ? "" : String.join("; ", missing)
                + " (from the folder " + new File("").getAbsolutePath() + ")";
    }

    private ExampleInfo.Main userClass() {
        Class<?> type;
        try {
            type = Class.forName(name, true, loader());
        } catch (ClassNotFoundException | MalformedURLException | LinkageError e) {
            // What was searched, not the exception's text: for a class not found that is the name again.
            String searched = classPath == null ? "it is not among the kit's classes, and no --class-path was given"
                    : "it is in none of --class-path " + classPath + ", nor among the kit's classes";
            System.err.println("cannot load class '" + name + "': " + (e instanceof ClassNotFoundException
                    ? searched : e.getClass().getSimpleName() + ": " + e.getMessage()));
            List<String> close = Examples.closeMatches(name);
            if (!close.isEmpty()) {
                System.err.println("Built-in examples with a similar name: " + String.join(", ", close));
            }
            return null;
        }
        return entry(type);
    }

    /** Hello.java, or a folder of sources: compiled in memory, then run as a class of yours. */
    private ExampleInfo.Main sourceProgram() {
        try {
            SourceProgram.Compiled compiled = SourceProgram.compile(name, loader(), classPath);
            programLoader = compiled.loader();
            return entry(compiled.start());
        } catch (SourceProgram.Refused refused) {
            System.err.println(refused.getMessage());
            refusal = refused.exit;
            return null;
        } catch (MalformedURLException e) {
            System.err.println("--class-path " + classPath + ": " + e.getMessage());
            return null;
        }
    }

    /** How a class of yours starts: its static main, else its call() as the main task. */
    private ExampleInfo.Main entry(Class<?> type) {
        // Accessible even when the class is not public (`class Hello` in Hello.java, as java runs it).
        Method main = staticMain(type);
        if (main != null) {
            main.setAccessible(true);
            return a -> main.invoke(null, (Object) a);
        }
        if (SourceProgram.isCallable(type)) {
            return a -> {
                var make = type.getDeclaredConstructor();
                make.setAccessible(true);
                MiniAsyncio.run((Callable<?>) make.newInstance());
            };
        }
        System.err.println("class '" + name + "' has neither public static void main(String[]) nor"
                + " implements Callable: give it one of the two so 'run' knows what to start.");
        return null;
    }

    /** The program's loader: the same one for its classes and for --instrument and --step-through. */
    private ClassLoader programLoader;

    private ClassLoader loader() throws MalformedURLException {
        if (programLoader != null) {
            return programLoader;
        }
        if (classPath == null) {
            return programLoader = getClass().getClassLoader();
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                urls.add(new File(entry).toURI().toURL());
            }
        }
        return programLoader = new URLClassLoader(urls.toArray(URL[]::new), getClass().getClassLoader());
    }

    static Method staticMain(Class<?> type) {
        try {
            Method m = type.getMethod("main", String[].class);
            return Modifier.isStatic(m.getModifiers()) ? m : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
