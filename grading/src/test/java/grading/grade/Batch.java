package grading.grade;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Submissions graded with the packaged grader.jar's kit, two at a time, as a batch grades with
 * {@code --jobs 2}: each in its own sandbox and child JVM. The proofs submit all their
 * submissions first, then each test reads the reports it checks.
 */
final class Batch implements AutoCloseable {

    static final Path KIT = Path.of(System.getProperty("grading.kit", "target/grader.jar"));

    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private final Map<String, Future<Report>> reports = new LinkedHashMap<>();

    void submit(String name, Path submission) {
        reports.put(name, pool.submit(() -> {
            ByteArrayOutputStream log = new ByteArrayOutputStream(); // the report has what the tests read
            return new Grading(KIT, new PrintStream(log, true, StandardCharsets.UTF_8)).grade(submission);
        }));
    }

    /** The submissions' names, in the order they were submitted. */
    java.util.List<String> names() {
        return java.util.List.copyOf(reports.keySet());
    }

    Report report(String name) throws Exception {
        return reports.get(name).get();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
