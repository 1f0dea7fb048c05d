package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files an instructor copies from grading/integrations, tried as far as a machine without
 * Gradescope or GitHub allows: run_autograder against a temporary /autograder, the GitHub
 * Classroom converter on a real results.json, and the Gradescope zip's layout.
 */
class IntegrationsProofIT {

    static final Path INTEGRATIONS = Submissions.root().resolve("grading/integrations");

    @TempDir
    Path autograder;

    record Run(int exitCode, String output) {
    }

    private static Run run(Path dir, Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        // The scripts use the java on the PATH: make it this JDK (21+), as an image would have it.
        builder.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + java.io.File.pathSeparator
                + System.getenv("PATH"));
        Path log = Files.createTempFile("integration-", ".log");
        Process process = builder.redirectOutput(log.toFile()).start();
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("timed out: " + List.of(command));
        }
        String output = Files.readString(log);
        Files.delete(log);
        return new Run(process.exitValue(), output);
    }

    private Run runAutograder() throws IOException, InterruptedException {
        return run(autograder, Map.of("AUTOGRADER_ROOT", autograder.toString()), "bash",
                INTEGRATIONS.resolve("gradescope/run_autograder").toString());
    }

    private String results() throws IOException {
        return Files.readString(autograder.resolve("results/results.json"), StandardCharsets.UTF_8);
    }

    @Test
    void runAutograderGradesARepositorySubmissionIntoResultsJson() throws Exception {
        Files.copy(Submissions.kit(), autograder.resolve("grader.jar"));
        Submissions.reference(Files.createDirectories(autograder.resolve("submission")));

        Run run = runAutograder();

        assertThat(run.exitCode()).as(run.output()).isZero();
        String json = results();
        assertThat(GraderRun.score(json)).as(json).isEqualTo(GraderRun.maxScore(json)).isPositive();
        assertThat(json).contains("\"execution_time\"", "\"visibility\": \"after_due_date\"");
    }

    @Test
    void runAutograderTakesLooseHomeworkFilesAndConvertsForGitHubClassroom() throws Exception {
        Files.copy(Submissions.kit(), autograder.resolve("grader.jar"));
        Path upload = Files.createDirectories(autograder.resolve("submission/my files"));
        try (var files = Files.list(Submissions.root().resolve("homework/src/main/java/homework"))) {
            for (Path file : files.toList()) {
                Files.copy(file, upload.resolve(file.getFileName()));
            }
        }
        Files.writeString(upload.resolve("Homework.java"), Files.readString(upload.resolve("Homework.java"))
                .replace("return (T) Scheduler.syscall(\"awaitTask\", new AwaitTask(tid));",
                        "throw new IllegalStateException(\"not done\");"));

        Run run = runAutograder();

        assertThat(run.exitCode()).as(run.output()).isZero();
        String json = results();
        double score = GraderRun.score(json);
        assertThat(score).isLessThan(GraderRun.maxScore(json));

        // The same results, as GitHub Classroom's reporter reads them.
        Path githubOutput = autograder.resolve("github-output");
        Run convert = run(autograder, Map.of("GITHUB_OUTPUT", githubOutput.toString()), "python3",
                INTEGRATIONS.resolve("github-classroom/to-classroom.py").toString(),
                autograder.resolve("results/results.json").toString());
        assertThat(convert.exitCode()).as(convert.output()).isZero();
        String points = "Points " + (long) score + "/" + (long) GraderRun.maxScore(json);
        assertThat(convert.output()).contains(points);
        String line = Files.readString(githubOutput).strip();
        assertThat(line).startsWith("result=");
        String decoded = new String(Base64.getDecoder().decode(line.substring("result=".length())), StandardCharsets.UTF_8);
        assertThat(decoded).contains("\"version\": 1", "\"status\": \"fail\"", "\"max_score\": "
                + (long) GraderRun.maxScore(json), "\"status\": \"pass\"", "\"score\": 0");
        // One entry per graded test: per-test points, not all or nothing.
        assertThat(decoded.split("\"name\": ").length - 1).isEqualTo(json.split("\"name\": ").length - 1);
    }

    @Test
    void runAutograderExplainsAnEmptySubmissionAndAMissingSetup() throws Exception {
        Files.createDirectories(autograder.resolve("submission"));
        Run notSetUp = runAutograder();
        assertThat(notSetUp.exitCode()).isZero();
        assertThat(results()).contains("\"score\": 0", "The autograder is not set up");

        Files.copy(Submissions.kit(), autograder.resolve("grader.jar"));
        Files.writeString(autograder.resolve("submission/notes.txt"), "no code here");
        Run empty = runAutograder();
        assertThat(empty.exitCode()).isZero();
        assertThat(results()).contains("\"score\": 0", "No homework sources found in the submission");
    }

    @Test
    void toClassroomRefusesWhatIsNotTheGradersResults() throws Exception {
        Path bad = Files.writeString(autograder.resolve("bad.json"), "{\"score\": 3}");
        Run run = run(autograder, Map.of(), "python3", INTEGRATIONS.resolve("github-classroom/to-classroom.py").toString(),
                bad.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.output()).contains("cannot read the grader's results");
    }

    @Test
    void theGradescopeZipHasTheScriptsAtItsRootAndTheRepositoryBeside() throws Exception {
        Path zip = autograder.resolve("autograder.zip");
        Run run = run(Submissions.root(), Map.of(), "bash",
                INTEGRATIONS.resolve("gradescope/make-autograder-zip.sh").toString(), zip.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        List<String> entries = new ArrayList<>();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            file.stream().forEach(e -> entries.add(e.getName()));
        }
        assertThat(entries).contains("setup.sh", "run_autograder", "repo/pom.xml",
                "repo/grading/pom.xml", "repo/homework/src/main/java/homework/Homework.java");
        assertThat(entries).noneMatch(name -> name.contains("/target/"));
    }

    @Test
    void theClassroomWorkflowFetchesTheGraderWithASecretAndReportsThroughTheReporter() throws IOException {
        String workflow = Files.readString(INTEGRATIONS.resolve("github-classroom/classroom.yml"));
        assertThat(workflow).contains("secrets.GRADER_TOKEN", "gh release download", "grader.jar grade submission",
                "to-classroom.py results.json", "autograding-grading-reporter", "GRADER_RESULTS",
                "runners: grader", "name: Autograding Tests");
        assertThat(workflow).doesNotContain("\t");
    }
}
