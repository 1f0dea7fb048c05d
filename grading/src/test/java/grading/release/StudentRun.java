package grading.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A command run in a student release as a student runs it, for the slow suites that build one:
 * its exit code, what it printed (the JVM's own warnings left out) and how long it took.
 */
record StudentRun(int exitCode, String output, long millis) {

    /** {@code command} in {@code dir} (Maven's options those of the release's own .mvn), at most 600 s. */
    static StudentRun run(Path dir, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().remove("MAVEN_OPTS");
        String repository = System.getProperty("maven.repo.local");
        if (repository != null) {
            builder.environment().put("MAVEN_OPTS", "-Dmaven.repo.local=" + repository);
        }
        Path out = Files.createTempFile("student-run-", ".log");
        try {
            long start = System.nanoTime();
            Process p = builder.redirectOutput(out.toFile()).start();
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("still running after 600 s: " + List.of(command));
            }
            String text = Files.readString(out, StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("WARNING: "))
                    .map(l -> l + "\n").collect(Collectors.joining());
            return new StudentRun(p.exitValue(), text, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
