package grading.rules;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of the real grader CLI ({@code java -jar grader.jar ...}) in its own process. A batch's
 * progress lines ({@code [####....]  12/30 ... s12-reference 129/129}, one per graded student) are
 * echoed to the console as the run goes ({@link #say}): a class of 30 takes minutes.
 */
record GraderRun(int exitCode, String output, long millis) {

    /**
     * The console of the build: the native stderr of this JVM. Surefire keeps a suite's System.out
     * and System.err in a file (the proofs' redirectTestOutputToFile), but passes each line its
     * fork writes to the native stderr on to Maven's own stderr at once, with -q too.
     */
    private static final PrintStream CONSOLE = new PrintStream(new FileOutputStream(FileDescriptor.err), true,
            StandardCharsets.UTF_8);

    /** A line of the batch's progress (grading.batch.Progress when the output is not a terminal). */
    private static final Pattern PROGRESS = Pattern.compile("^\\[[#.]+\\] +\\d+/\\d+ ");

    /** Says {@code line} on the build's console now, whatever Surefire does with the suite's output. */
    static void say(String line) {
        CONSOLE.println(line);
    }

    /** Runs {@code java -jar grader.jar ARGS...} in {@code workDir}, giving up after {@code timeoutSeconds}. */
    static GraderRun run(Path workDir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        return run(workDir, timeoutSeconds, List.of(), args);
    }

    /** The same, with options for the grader's JVM ({@code -Dgrading.unscreened=true} for the layered proof). */
    static GraderRun run(Path workDir, long timeoutSeconds, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        return run(workDir, timeoutSeconds, jvmOptions, false, args);
    }

    /**
     * The same, the grader's JVM started in the C locale (a container, a CI runner with no LANG),
     * where the JDK's charset for file names is ASCII: the grader runs itself again in C.UTF-8.
     */
    static GraderRun runInTheCLocale(Path workDir, long timeoutSeconds, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        return run(workDir, timeoutSeconds, jvmOptions, true, args);
    }

    private static GraderRun run(Path workDir, long timeoutSeconds, List<String> jvmOptions, boolean cLocale,
                                 String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // as run_autograder starts it: a JVM that lives seconds gains nothing from the optimizing compiler
        command.addAll(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", Submissions.kit().toString()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile("grader-run-", ".log");
        try {
            long start = System.nanoTime();
            ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            if (cLocale) {
                builder.environment().clear(); // no LANG, no LC_*
                builder.environment().put("PATH", "/usr/bin:/bin");
            }
            Process process = builder.start();
            Thread echo = Thread.ofPlatform().daemon().name("grader-progress").start(() -> echoProgress(log, process,
                    "  grader " + (args.length > 0 ? args[0] : "") + ": "));
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError("the grader hung: still running after " + timeoutSeconds + " s: " + command);
            }
            echo.join(TimeUnit.SECONDS.toMillis(5));
            String output = Files.readString(log, StandardCharsets.UTF_8);
            return new GraderRun(process.exitValue(), output, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /**
     * Reads the run's log as it grows (the grader writes it: a file, not a pipe, so a process that
     * outlives the grader holds nothing open) and says each progress line on the console.
     */
    private static void echoProgress(Path log, Process process, String prefix) {
        try (FileChannel in = FileChannel.open(log)) {
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            StringBuilder line = new StringBuilder();
            boolean last = false;
            while (!last) {
                last = !process.isAlive(); // once more after the end, for the last lines
                buffer.clear();
                while (in.read(buffer) > 0) {
                    buffer.flip();
                    // a character cut in two by a read shows as \uFFFD: on the console only
                    String chunk = StandardCharsets.UTF_8.decode(buffer).toString();
                    buffer.clear();
                    for (int i = 0; i < chunk.length(); i++) {
                        char c = chunk.charAt(i);
                        if (c != '\n') {
                            line.append(c);
                        } else {
                            if (PROGRESS.matcher(line).find()) {
                                say(prefix + line);
                            }
                            line.setLength(0);
                        }
                    }
                }
                if (!last) {
                    Thread.sleep(250);
                }
            }
        } catch (IOException | InterruptedException e) {
            // the echo is for the eyes only: the run's output is read whole below
        }
    }

    private static final Pattern TOP_SCORE = Pattern.compile("\\A\\{\\s*\"score\": ([0-9.]+),\\s*\"max_score\": ([0-9.]+),");

    /** The top-level score of a results.json the grader wrote. */
    static double score(String resultsJson) {
        Matcher m = TOP_SCORE.matcher(resultsJson);
        if (!m.find()) {
            throw new AssertionError("results.json does not start with score and max_score:\n" + resultsJson);
        }
        return Double.parseDouble(m.group(1));
    }

    static double maxScore(String resultsJson) {
        Matcher m = TOP_SCORE.matcher(resultsJson);
        if (!m.find()) {
            throw new AssertionError("results.json does not start with score and max_score:\n" + resultsJson);
        }
        return Double.parseDouble(m.group(2));
    }
}
