package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import grading.hidden.GradedTests;
import grading.rules.SlowSuites;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * No verdict depends on the wall clock (the grading design's point 10): the JVMs that run the
 * tests get a tenth of a CPU, stopped 90 ms of every 100 ms (SIGSTOP, SIGCONT), as a process is
 * that waits for a core on a busy host. The reference still scores full marks, though its tests
 * then take ten times as long on the wall clock as their CPU time (with limits on the wall clock,
 * its JVM's start and the measuring test 4.2 timed out so); a submission that loops in one test
 * loses that test, and the message says it used its CPU time.
 */
@ResourceLock(SlowSuites.IN_THIS_JVM)
class TenthOfACpuSlowIT {

    private static final Path KIT = Path.of(System.getProperty("grading.kit", "target/grader.jar"));

    @TempDir
    Path work;

    @Test
    void theReferenceKeepsFullMarksAndALoopLosesItsTestByCpuTime() throws Exception {
        Throttle throttle = new Throttle();
        throttle.start();
        try {
            CompletableFuture<Report> reference = grade(Repo.root(), ChildRunner.Limits.DEFAULT);
            // 2 s a test instead of 5: the loop then costs 20 s on the wall clock here, not 50
            CompletableFuture<Report> looping = grade(loopingSubmission(), new ChildRunner.Limits(2_000, 180_000, "256m"));

            Report full = reference.get(10, TimeUnit.MINUTES);
            assertThat(full.score()).as(full.table()).isEqualTo(full.maxScore()).isPositive();

            Report loop = looping.get(10, TimeUnit.MINUTES);
            List<String> numbers = GradedTests.all().stream().map(GradedTests.Spec::number).toList();
            assertThat(loop.tests()).filteredOn(t -> numbers.contains(t.number()) && !t.passed()).as(loop.table())
                    .singleElement().satisfies(t -> {
                        assertThat(t.name()).startsWith("awaiting a tid that no task has");
                        assertThat(t.reason()).isEqualTo("timed out: used 2.0 s of CPU, the test's limit (an endless"
                                + " loop, or a task that never yields?)");
                    });
        } finally {
            throttle.stop();
        }
        // It did hold the children back: more than 30 rounds are 2.7 s of stopping, more than the loop's
        // whole limit of CPU time. (On a quiet machine it makes about 200: the loop's 2 s of CPU at a tenth.
        // On a busy one, each round's own kill commands wait for a core while the children run on, so a
        // child gets more than its tenth and fewer rounds are needed: 98 in a CI run beside two busy loops.)
        assertThat(throttle.rounds).as("rounds of 100 ms in which a child was held to 10 ms").isGreaterThan(30);
    }

    private CompletableFuture<Report> grade(Path submission, ChildRunner.Limits limits) {
        return CompletableFuture.supplyAsync(() -> {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            try {
                return new Grading(KIT, limits, new PrintStream(log, true, StandardCharsets.UTF_8)).grade(submission);
            } catch (Exception e) {
                throw new AssertionError(log.toString(StandardCharsets.UTF_8), e);
            }
        });
    }

    /** The reference homework, whose awaitTask loops without end for the one tid the "unknown tid" test awaits. */
    private Path loopingSubmission() throws IOException {
        return PlantedInAwaitTask.submission(work.resolve("looping"),
                "if (tid == 123_456_789) { while (true) { Math.sqrt(tid); } }");
    }

    /**
     * Holds every child JVM that runs this suite's graded tests (its command line names ChildMain;
     * the compiler's JVM is left alone) to 10 ms of every 100 ms. The other slow suites run
     * beside it, their children at full speed: the machine's load is a part of the proof.
     */
    private static final class Throttle {
        private final Thread thread = new Thread(this::run, "tenth-of-a-cpu");
        private volatile boolean running = true;
        volatile int rounds;

        void start() {
            thread.setDaemon(true);
            thread.start();
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join();
        }

        private void run() {
            List<String> held = List.of();
            try {
                while (running) {
                    held = children();
                    if (!held.isEmpty()) {
                        signal("-STOP", held);
                        rounds++;
                        Thread.sleep(90);
                        signal("-CONT", held);
                    }
                    Thread.sleep(10);
                }
            } catch (InterruptedException | IOException e) {
                // stops throttling
            } finally {
                try {
                    signal("-CONT", held);
                } catch (IOException | InterruptedException e) {
                    // gone
                }
            }
        }

        private static List<String> children() {
            List<String> pids = new ArrayList<>();
            ProcessHandle.current().descendants().forEach(p -> {
                if (p.info().commandLine().orElse("").contains("grading.child.ChildMain") && ours(p)) {
                    pids.add(Long.toString(p.pid()));
                }
            });
            return pids;
        }

        /**
         * Whether {@code child} belongs to this suite's gradings (which run in this JVM), not to a
         * grader JVM that another suite started meanwhile: no other JVM stands between it and
         * this one (a sandbox's bubblewrap may).
         */
        private static boolean ours(ProcessHandle child) {
            long self = ProcessHandle.current().pid();
            for (ProcessHandle p = child.parent().orElse(null); p != null && p.pid() != self;
                    p = p.parent().orElse(null)) {
                if (p.info().command().orElse("").endsWith("/java")) {
                    return false;
                }
            }
            return true;
        }

        private static void signal(String which, List<String> pids) throws IOException, InterruptedException {
            if (pids.isEmpty()) {
                return;
            }
            List<String> command = new ArrayList<>(List.of("kill", which));
            command.addAll(pids);
            // a child that has ended meanwhile makes kill complain: nothing to do about it
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start().waitFor();
        }
    }
}
