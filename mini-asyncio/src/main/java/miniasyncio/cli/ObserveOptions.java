package miniasyncio.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.Scheduler;
import miniasyncio.around.LoopPolicy;
import miniasyncio.trace.ChromeTrace;
import miniasyncio.trace.HtmlTimeline;
import miniasyncio.trace.Instrument;
import miniasyncio.trace.LoopStats;
import miniasyncio.trace.ProgramOutput;
import miniasyncio.trace.Recorder;
import miniasyncio.trace.StepPage;
import miniasyncio.trace.StepRecorder;
import miniasyncio.trace.TerminalTimeline;
import miniasyncio.trace.Timeline;
import miniasyncio.trace.TracingWarmUp;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code run}'s options for watching the loop: pictures of the run, debug mode, statistics.
 * Examples make their own schedulers, so everything is set up through
 * {@link LoopPolicy#onNewScheduler}: each scheduler the example makes gets a recorder (and the
 * rest) before its first task, and the results are printed after the example returns.
 */
final class ObserveOptions {

    @Option(names = "--trace", description = "After the run, print a timeline: a row per task, time to the right.")
    boolean trace;

    @Option(names = "--trace-out", paramLabel = "FILE",
            description = "Write the timeline in Chrome's Trace Event format (open it in ui.perfetto.dev or chrome://tracing).")
    Path traceOut;

    @Option(names = "--trace-html", paramLabel = "FILE",
            description = "Write the timeline as one self-contained HTML page (an SVG picture, hover a bar for details).")
    Path traceHtml;

    @Option(names = "--step-through", paramLabel = "FILE",
            description = "Write a page to step through the run in a browser: ready, sleeping and results at every step,"
                    + " the running task, what it was sent and yielded, the output beside the step that printed it."
                    + " FILE.html#step=N opens at step N.")
    Path stepThrough;

    @Option(names = "--step-limit", paramLabel = "STEPS",
            description = "With --step-through, keep at most this many steps (default ${DEFAULT-VALUE}); a longer run keeps"
                    + " every 2nd, 4th, 8th ... step, evenly over the whole run, and the page says so.")
    int stepLimit = StepRecorder.DEFAULT_LIMIT;

    @Option(names = "--debug",
            description = "Debug mode: warn about each step that holds the loop too long; reports show where tasks were created.")
    boolean debug;

    @Option(names = "--slow-step", paramLabel = "SECONDS",
            description = "In debug mode, warn about steps longer than this (real time; default 0.1). Implies --debug.")
    Double slowStep;

    @Option(names = "--stats",
            description = "After the run, print loop iterations, the longest step, peak ready, peak pending tasks, timers set and fired.")
    boolean stats;

    @Option(names = "--instrument", paramLabel = "CLASS",
            description = "Add an instrument of yours (a miniasyncio.trace.Instrument with a constructor taking a Scheduler,"
                    + " or none) to every scheduler; may be repeated. E.g. miniasyncio.trace.EventLog prints each event.")
    List<String> instruments = new ArrayList<>();

    private final List<Constructor<? extends Instrument>> instrumentMakers = new ArrayList<>();
    private final List<Recorder> recorders = new ArrayList<>();
    private final List<LoopStats> allStats = new ArrayList<>();
    private final List<StepRecorder> stepRecorders = new ArrayList<>();
    private ProgramOutput output; // System.out, passed through and recorded for --step-through
    private ClassLoader programLoader; // the program's: --step-through finds its sources for the lines tasks wait at

    /** Checks the options and arranges for every new scheduler to be watched. */
    void install(CommandLine commandLine, ClassLoader loader) {
        programLoader = loader;
        for (String name : instruments) {
            instrumentMakers.add(instrumentMaker(commandLine, loader, name));
        }
        if (slowStep != null && (!(slowStep >= 0) || slowStep.isInfinite())) {
            throw new CommandLine.ParameterException(commandLine,
                    "--slow-step needs a finite number of seconds >= 0, got " + slowStep);
        }
        if (stepLimit < 2) {
            throw new CommandLine.ParameterException(commandLine,
                    "--step-limit needs a number of steps >= 2, got " + stepLimit);
        }
        boolean record = trace || traceOut != null || traceHtml != null;
        boolean debugging = debug || slowStep != null;
        if (!record && !debugging && !stats && instrumentMakers.isEmpty() && stepThrough == null) {
            return;
        }
        // Before the program starts its clock: the first use of the tracing code (loading and
        // linking its classes) must not land inside a real-time run's timed window.
        TracingWarmUp.run(record, stats, stepThrough != null, debugging);
        if (stepThrough != null) {
            output = ProgramOutput.over(System.out);
            System.setOut(ProgramOutput.tee(output));
        }
        LoopPolicy.onNewScheduler(scheduler -> setUp(scheduler, record, debugging));
    }

    /** Puts System.out back as it was before {@link #install} (call it before {@link #report}). */
    void stopCapture() {
        if (output != null) {
            System.out.flush();
            System.setOut(output.original());
        }
    }

    private void setUp(Scheduler scheduler, boolean record, boolean debugging) {
        if (debugging) {
            scheduler.settings().setDebug(true);
            if (slowStep != null) {
                scheduler.settings().setSlowStepThreshold(slowStep);
            }
        }
        if (record) {
            recorders.add(Recorder.attach(scheduler));
        }
        if (stats) {
            allStats.add(LoopStats.attach(scheduler));
        }
        if (stepThrough != null) {
            StepRecorder steps = StepRecorder.attach(scheduler, stepLimit);
            stepRecorders.add(steps);
            output.sendTo(steps);
        }
        for (Constructor<? extends Instrument> maker : instrumentMakers) {
            try {
                Instrument instrument = maker.getParameterCount() == 1 ? maker.newInstance(scheduler) : maker.newInstance();
                scheduler.settings().addInstrument(instrument);
            } catch (ReflectiveOperationException e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                throw new IllegalStateException("cannot make instrument " + maker.getDeclaringClass().getName() + ": "
                        + cause, cause);
            }
        }
    }

    /** The instrument's constructor taking a Scheduler, else its no-argument one; a usage error if neither. */
    private static Constructor<? extends Instrument> instrumentMaker(CommandLine commandLine, ClassLoader loader,
                                                                    String name) {
        Class<?> type;
        try {
            type = Class.forName(name, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new CommandLine.ParameterException(commandLine, "--instrument " + name
                    + ": no such class (give its full name, and --class-path if it is yours)");
        }
        if (!Instrument.class.isAssignableFrom(type)) {
            throw new CommandLine.ParameterException(commandLine, "--instrument " + name
                    + " is not a miniasyncio.trace.Instrument: implement that interface");
        }
        Class<? extends Instrument> instrument = type.asSubclass(Instrument.class);
        try {
            return instrument.getConstructor(Scheduler.class);
        } catch (NoSuchMethodException e) {
            try {
                return instrument.getConstructor();
            } catch (NoSuchMethodException e2) {
                throw new CommandLine.ParameterException(commandLine, "--instrument " + name
                        + " needs a public constructor taking a Scheduler, or one taking nothing");
            }
        }
    }

    /**
     * A usage error unless every file asked for can be written: called before anything runs (the
     * program, and even the compiling of a source file), so that no run is made and then lost.
     */
    void checkOutputs(CommandLine commandLine) {
        checkWritable(commandLine, "--trace-out", traceOut, "run.json");
        checkWritable(commandLine, "--trace-html", traceHtml, "run.html");
        checkWritable(commandLine, "--step-through", stepThrough, "steps.html");
    }

    private static void checkWritable(CommandLine commandLine, String option, Path file, String example) {
        if (file != null) {
            OutputFile.problem(file, example).ifPresent(problem -> {
                throw new CommandLine.ParameterException(commandLine, option + " " + file + ": " + problem);
            });
        }
    }

    /**
     * Prints and writes what was asked for; returns false if a file could not be written.
     * {@code ending} says why the program stopped when it failed (a deadlock), else null.
     */
    boolean report(String name, PrintStream out, PrintStream err, String ending) {
        boolean ok = true;
        boolean record = trace || traceOut != null || traceHtml != null;
        if (record && recorders.isEmpty() || stats && allStats.isEmpty()
                || stepThrough != null && stepRecorders.isEmpty()) {
            err.println(name + " made no Scheduler, so there is no loop to trace or count"
                    + " (generator examples run without one).");
        }
        for (int i = 0; i < recorders.size(); i++) {
            Timeline timeline = recorders.get(i).timeline();
            if (trace) {
                out.println();
                out.print(heading(i, recorders.size()));
                out.print(TerminalTimeline.render(timeline));
            }
            ok &= write(err, "--trace-out", numbered(traceOut, i), ChromeTrace.render(timeline));
            ok &= write(err, "--trace-html", numbered(traceHtml, i), HtmlTimeline.render(timeline,
                    title(name, i, recorders.size())));
        }
        if (output != null) {
            output.finish(); // what the program printed after its last run
        }
        List<String> pages = new ArrayList<>();
        for (int i = 0; i < stepRecorders.size(); i++) {
            pages.add(numbered(stepThrough, i).getFileName().toString());
        }
        for (int i = 0; i < stepRecorders.size(); i++) {
            String title = title(name, i, stepRecorders.size());
            // the failure ended the last loop; an earlier one ended on its own
            String why = i == stepRecorders.size() - 1 ? ending : null;
            ok &= write(err, "--step-through", numbered(stepThrough, i), StepPage.render(stepRecorders.get(i), title, why,
                    programLoader, pages, i));
        }
        for (int i = 0; i < allStats.size(); i++) {
            out.println();
            out.print(heading(i, allStats.size()));
            allStats.get(i).print(out);
        }
        return ok;
    }

    /** "== scheduler 2 of 3 ==" above each picture when the example made several schedulers. */
    private static String heading(int i, int count) {
        return count == 1 ? "" : "== scheduler " + (i + 1) + " of " + count + " ==\n";
    }

    /** "mini-asyncio: NAME", and "(scheduler 2 of 3)" when the example made several: a page's title. */
    private static String title(String name, int i, int count) {
        return "mini-asyncio: " + name + (count == 1 ? "" : " (scheduler " + (i + 1) + " of " + count + ")");
    }

    /** run.json, then run-2.json, run-3.json for an example that makes several schedulers. */
    private static Path numbered(Path file, int i) {
        if (file == null || i == 0) {
            return file;
        }
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String numbered = dot < 0 ? name + "-" + (i + 1) : name.substring(0, dot) + "-" + (i + 1) + name.substring(dot);
        return file.resolveSibling(numbered);
    }

    private static boolean write(PrintStream err, String option, Path file, String content) {
        if (file == null) {
            return true;
        }
        try {
            Files.writeString(file, content, StandardCharsets.UTF_8);
            err.println("wrote " + file);
            return true;
        } catch (IOException e) {
            err.println(option + ": cannot write " + file + ": " + e.getMessage());
            return false;
        }
    }
}
