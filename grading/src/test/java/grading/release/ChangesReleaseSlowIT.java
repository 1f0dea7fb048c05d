package grading.release;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import instructor.PlantedPatch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What changed, named where a student meets it (issue 50), in a fresh student release, run as a
 * student runs it: {@code exercises/check-step.sh 3} prints, beside a failing test that
 * {@code exercises/CHANGES.md} names, the rule that changed and where to read it; and beside the
 * first build's compile error in a file written for an earlier release, the given member that
 * changed and its entry.
 *
 * <p>Slow (each check is a first build of the release with Maven, the exercises' on top): a suite
 * of the proofs ({@code mvn -B verify -Dproofs}), not of every verify.
 */
class ChangesReleaseSlowIT {

    static final Path FUTURES = Path.of("exercises/src/main/java/exercises/step3_futures");

    @TempDir
    Path release;

    /** A release whose step 3 is the reference's: a student who has done step 3. */
    @BeforeEach
    void aReleaseWithStep3Done() throws Exception {
        new Release(Repo.root(), release).write();
        try (Stream<Path> solved = Files.list(Repo.root().resolve(FUTURES))) {
            for (Path file : solved.filter(f -> f.toString().endsWith(".java")).toList()) {
                Files.copy(file, release.resolve(FUTURES).resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    @Test
    void aFailingTestThatChangesNamesHasTheRuleThatChangedUnderIt() throws Exception {
        // isCancelled() true for any CancelledException: a rule of the release of 2026-12-03
        PlantedPatch mistake = PlantedPatch.read(Repo.root().resolve(
                "exercises/wrong/step3-cancelledexception-set-by-hand-is-cancelled.patch"));
        for (Map.Entry<String, String> file : mistake.applyTo(Repo.root().resolve("exercises")).entrySet()) {
            Files.writeString(release.resolve("exercises").resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
        }

        StudentRun run = StudentRun.run(release, "bash", "exercises/check-step.sh", "3");

        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        assertThat(run.output()).as(run.output()).containsPattern("(?m)^  FutureTest\\.aCancelledExceptionSetByHandIsAFailureNotACancellation: .*\\n"
                + "    see exercises/CHANGES.md, 2026-12-03, step 3: `isCancelled\\(\\)` is true only for a future that `cancel\\(\\)` cancelled");
    }

    @Test
    void aCompileErrorThatNamesAChangedGivenMemberSaysTheChangeAndItsEntry() throws Exception {
        // FutureScheduler.java as a student wrote it for the release of 2026-12-03: its copy of the
        // given createEagerTask called the kernel's stepEagerly, gone since
        Path scheduler = release.resolve(FUTURES).resolve("FutureScheduler.java");
        String text = Files.readString(scheduler, StandardCharsets.UTF_8);
        int end = text.lastIndexOf('}');
        Files.writeString(scheduler, text.substring(0, end) + """

                    public final int createEagerTaskAsGivenOn20261203(String name, Callable<?> body) {
                        int tid = createTask(name, body);
                        stepEagerly(futureOf(tid).task());
                        return tid;
                    }
                }
                """, StandardCharsets.UTF_8);

        StudentRun run = StudentRun.run(release, "bash", "exercises/check-step.sh", "3");

        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        assertThat(run.output()).as(run.output()).contains("\nstep 3: the build failed; it says:\n")
                .containsPattern("(?m)^  `Scheduler\\.stepEagerly`, named at FutureScheduler\\.java:\\d+, changed on 2026-12-04"
                        + " \\(exercises/CHANGES\\.md\\): Gone from the kit");
    }
}
