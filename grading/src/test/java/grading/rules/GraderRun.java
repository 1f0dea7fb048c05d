package grading.rules;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One run of the real grader CLI ({@code java -jar grader.jar ...}) in its own process. */
record GraderRun(int exitCode, String output, long millis) {

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
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError("the grader hung: still running after " + timeoutSeconds + " s: " + command);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            return new GraderRun(process.exitValue(), output, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        } finally {
            Files.deleteIfExists(log);
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
