package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Json;
import grading.grade.Classroom50Test;
import grading.release.Release;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files an instructor copies from grading/integrations, tried as far as a machine without
 * Gradescope or Classroom 50 allows: run_autograder against a temporary /autograder with each
 * upload shape, its schema check, the Gradescope zip's contents, and Classroom 50's
 * autograder.py on the reference and on the untouched release.
 */
class IntegrationsSlowIT {

    static final Path INTEGRATIONS = Submissions.root().resolve("grading/integrations");
    static final Path HOMEWORK = Submissions.root().resolve("homework/src/main/java/homework");

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

    /** /autograder as setup.sh leaves it: grader.jar and the schema check beside run_autograder. */
    private void setUp() throws IOException {
        Files.copy(Submissions.kit(), autograder.resolve("grader.jar"));
        Files.copy(INTEGRATIONS.resolve("gradescope/check_results.py"), autograder.resolve("check_results.py"));
    }

    private Run runAutograder() throws IOException, InterruptedException {
        return run(autograder, Map.of("AUTOGRADER_ROOT", autograder.toString()), "bash",
                INTEGRATIONS.resolve("gradescope/run_autograder").toString());
    }

    private Map<String, Object> results() throws IOException {
        return Json.object(Files.readString(autograder.resolve("results/results.json"), StandardCharsets.UTF_8));
    }

    private static Path copyHomework(Path into, String... names) throws IOException {
        Files.createDirectories(into);
        for (String name : names) {
            Files.copy(HOMEWORK.resolve(name), into.resolve(name));
        }
        return into;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> tests(Map<String, Object> results) {
        return (List<Map<String, Object>>) results.get("tests");
    }

    @Test
    void aRepositoryUploadGetsFullMarksEveryTestVisibleTheSubmissionCheckFirst() throws Exception {
        setUp();
        Submissions.reference(Files.createDirectories(autograder.resolve("submission")));

        Run run = runAutograder();

        assertThat(run.exitCode()).as(run.output()).isZero();
        Map<String, Object> results = results();
        assertThat(results.get("score")).isEqualTo(results.get("max_score"));
        assertThat((Double) results.get("score")).isPositive();
        assertThat(tests(results)).allSatisfy(t -> assertThat(t.get("visibility")).isEqualTo("visible"));
        assertThat(tests(results).get(0)).containsEntry("name", "Submission check").containsEntry("max_score", 0.0);
    }

    /** The upload the issue saw score 0: only the two files the statement says to edit. */
    @Test
    void justTheTwoEditedFilesGetFullMarksWithTheGivenFilesSupplied() throws Exception {
        setUp();
        copyHomework(autograder.resolve("submission"), "Homework.java", "HomeworkScheduler.java");

        Run run = runAutograder();

        assertThat(run.exitCode()).as(run.output()).isZero();
        Map<String, Object> results = results();
        assertThat(results.get("score")).as(results.toString()).isEqualTo(results.get("max_score"));
        assertThat((String) tests(results).get(0).get("output")).contains("Taken (2):", "Supplied (3):",
                "AwaitTask.java: given with the assignment");
    }

    /** The other: a zip of the repository folder, unzipped by Gradescope with its top folder. */
    @Test
    void aRepositoryWithItsTopFolderGetsFullMarksWithoutReservedPackageRefusals() throws Exception {
        setUp();
        Path top = autograder.resolve("submission/mini-asyncio-main");
        Submissions.reference(top);
        Submissions.copyTree(Submissions.root().resolve("mini-asyncio/src"), top.resolve("mini-asyncio/src"));

        Run run = runAutograder();

        assertThat(run.exitCode()).as(run.output()).isZero();
        Map<String, Object> results = results();
        assertThat(results.get("score")).isEqualTo(results.get("max_score"));
        assertThat(results.toString()).doesNotContain("reserved package");
    }

    /** Before the due date the hidden tests say pass or fail; a run after it (a regrade) says why. */
    @Test
    void theDueDateInGradescopesMetadataChoosesTheFeedback() throws Exception {
        setUp();
        Path submission = copyHomework(autograder.resolve("submission"), "Homework.java", "HomeworkScheduler.java");
        Files.writeString(submission.resolve("Homework.java"), Files.readString(submission.resolve("Homework.java"))
                .replace("return (T) Scheduler.syscall(\"awaitTask\", new AwaitTask(tid));",
                        "throw new IllegalStateException(\"not done\");"));
        Path metadata = autograder.resolve("submission_metadata.json");

        Files.writeString(metadata, "{\"assignment\": {\"due_date\": \"2999-12-01T23:59:00.000000-07:00\"}}");
        assertThat(runAutograder().exitCode()).isZero();
        String before = results().toString();
        assertThat(before).contains("failed (details are shown after the due date)");

        Files.writeString(metadata, "{\"assignment\": {\"due_date\": \"2020-12-01T23:59:00.000000-07:00\"}}");
        assertThat(runAutograder().exitCode()).isZero();
        String after = results().toString();
        assertThat(after).doesNotContain("details are shown after the due date");
        // the visible tests say why from the start; the hidden ones too, after the due date
        assertThat(after.split("not done").length).isGreaterThan(before.split("not done").length);
    }

    @Test
    void anEmptyUploadAndAMissingSetupAreExplained() throws Exception {
        Files.createDirectories(autograder.resolve("submission"));
        Run notSetUp = runAutograder();
        assertThat(notSetUp.exitCode()).isZero();
        assertThat(results()).containsEntry("score", 0.0);
        assertThat((String) results().get("output")).contains("The autograder is not set up");

        setUp();
        Files.writeString(autograder.resolve("submission/notes.txt"), "no code here");
        Run empty = runAutograder();
        assertThat(empty.exitCode()).isZero();
        assertThat(results()).containsEntry("score", 0.0);
        assertThat((String) tests(results()).get(0).get("output")).contains("no homework sources found",
                SubmissionScreen.WHAT_TO_UPLOAD);
    }

    @Test
    void theSchemaCheckRefusesWhatGradescopeCannotRead() throws Exception {
        Path check = INTEGRATIONS.resolve("gradescope/check_results.py");
        Path good = Files.writeString(autograder.resolve("good.json"), "{\"score\": 3, \"sandbox\": \"bubblewrap\","
                + " \"tests\": [{\"name\": \"t\", \"score\": 3, \"max_score\": 3, \"status\": \"passed\","
                + " \"visibility\": \"visible\", \"output\": \"\"}]}");
        assertThat(run(autograder, Map.of(), "python3", check.toString(), good.toString()).exitCode()).isZero();

        Path bad = Files.writeString(autograder.resolve("bad.json"), "{\"score\": \"3\", \"visibility\": \"public\","
                + " \"tests\": [{\"name\": \"t\", \"score\": 5, \"max_score\": 3, \"status\": \"ok\"}]}");
        Run run = run(autograder, Map.of(), "python3", check.toString(), bad.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.output()).contains("score is not a finite number", "visibility 'public'",
                "score 5 is outside 0..3", "status 'ok'");
    }

    @Test
    void theGradescopeZipHoldsTheScriptsAndGraderJarButNoSources() throws Exception {
        Path zip = autograder.resolve("autograder.zip");
        Run run = run(Submissions.root(), Map.of("GRADER_JAR", Submissions.kit().toString()), "bash",
                INTEGRATIONS.resolve("gradescope/make-autograder-zip.sh").toString(), zip.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        List<String> entries = new ArrayList<>();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            file.stream().forEach(e -> entries.add(e.getName()));
        }
        assertThat(entries).containsExactlyInAnyOrder("setup.sh", "run_autograder", "check_results.py", "grader.jar");
        try (ZipFile jar = new ZipFile(Submissions.kit().toFile())) {
            // The reference solution is never in it: only the given files, as sources to supply.
            assertThat(jar.stream().map(java.util.zip.ZipEntry::getName))
                    .noneMatch(n -> n.startsWith("homework/"))
                    .noneMatch(n -> n.endsWith("HomeworkScheduler.java") || n.endsWith("/Homework.java"));
        }
    }

    static final Map<String, String> CLASSROOM50_ENV = Map.of("CLASSROOM", "cs-2026", "ASSIGNMENT", "mini-asyncio",
            "SUBMISSION_TAG", "submit/2026-11-30T12-00-00Z", "COMMIT_URL", "https://github.com/cs/ann/commit/abc123",
            "RELEASE_URL", "https://github.com/cs/ann/releases/tag/submit%2F2026-11-30T12-00-00Z");

    private Map<String, Object> classroom50(Path checkout) throws Exception {
        Map<String, String> env = new HashMap<>(CLASSROOM50_ENV);
        env.put("GRADER_JAR", Submissions.kit().toString());
        Run run = run(checkout, env, "python3", INTEGRATIONS.resolve("classroom50/autograder.py").toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        Map<String, Object> result = Json.object(Files.readString(checkout.resolve("result.json")));
        Classroom50Test.assertValid(result);
        assertThat(result).containsEntry("classroom", "cs-2026").containsEntry("submission", "submit/2026-11-30T12-00-00Z");
        assertThat(run.output()).contains("# Feedback", "across " + ((List<?>) result.get("tests")).size() + " test(s)")
                .doesNotContain("grading.hidden");
        return result;
    }

    @Test
    void classroom50GivesTheReferenceFullMarks() throws Exception {
        Path checkout = Submissions.reference(autograder.resolve("ann"));
        Map<String, Object> result = classroom50(checkout);
        assertThat(result.get("score")).isEqualTo(result.get("max-score"));
        assertThat((Double) result.get("score")).isPositive();
    }

    @Test
    void classroom50GivesTheUntouchedReleaseZero() throws Exception {
        Path checkout = autograder.resolve("bob");
        new Release(Submissions.root(), checkout).write();
        Map<String, Object> result = classroom50(checkout);
        assertThat(result.get("score")).isEqualTo(0.0);
        assertThat((Double) result.get("max-score")).isPositive();
    }

    @Test
    void classroom50WithoutTheRunnersEnvironmentIsAnInfrastructureError() throws Exception {
        Path checkout = Submissions.reference(autograder.resolve("cid"));
        Run run = run(checkout, Map.of("GRADER_JAR", Submissions.kit().toString()), "python3",
                INTEGRATIONS.resolve("classroom50/autograder.py").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.output()).contains("[INFRASTRUCTURE]", "CLASSROOM", "RELEASE_URL");
        assertThat(checkout.resolve("result.json")).doesNotExist();
    }
}
