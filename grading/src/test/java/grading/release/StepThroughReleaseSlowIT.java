package grading.release;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Json;
import grading.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failing test opens as a page (issue 47, item 6), in a fresh student release, run as a student
 * runs it: {@code ./test.sh --step-through} with a homework whose gather parks its caller forever,
 * then with one whose awaitTask throws, {@code mvn -q test -Dstudent -DstepThrough}, and
 * {@code exercises/check-step.sh 3 --step-through} with an await that polls. Each run writes one
 * page per failing test, named in its summary beside the failure, and every task parked on a page
 * waits, first, at a line of the tests or of the student's own files.
 *
 * <p>Slow (a first build of the release with Maven, and the exercises' on top): a suite of the
 * proofs ({@code mvn -B verify -Dproofs}), not of every verify.
 */
class StepThroughReleaseSlowIT {

    @TempDir
    static Path release;

    static Path homework;

    /** The homework as the instructor wrote it: a student who got everything right but what each test plants. */
    static String reference;

    @BeforeAll
    static void aReleaseWithTheReferenceScheduler() throws Exception {
        new Release(Repo.root(), release).write();
        homework = release.resolve("homework/src/main/java/homework");
        Path solved = Repo.root().resolve("homework/src/main/java/homework");
        Files.copy(solved.resolve("HomeworkScheduler.java"), homework.resolve("HomeworkScheduler.java"),
                StandardCopyOption.REPLACE_EXISTING);
        reference = Files.readString(solved.resolve("Homework.java"), StandardCharsets.UTF_8);
    }

    @Test
    void aGatherThatParksItsCallerForeverGivesAPagePerFailingTestEachParkedTaskAtALineOfTheTestsOrTheStudents()
            throws Exception {
        plant("""
                        List<T> results = new ArrayList<>(tids.length);
                """, """
                        // wrong: the caller waits for a collector task, which waits for the caller
                        int caller = MiniAsyncio.currentScheduler().currentTask().tid();
                        awaitTask(MiniAsyncio.createTask(() -> awaitTask(caller)));
                        List<T> results = new ArrayList<>(tids.length);
                """);

        StudentRun run = StudentRun.run(release, "bash", "test.sh", "--step-through");

        assertThat(run.output()).contains("DeadlockException: deadlock: tasks await each other in a cycle");
        int parked = pagesOfEveryFailingTest("homework", run.output());
        assertThat(parked).as("parked tasks on the pages").isGreaterThanOrEqualTo(10);
    }

    @Test
    void anAwaitTaskThatThrowsGivesAPagePerFailingTestWithTheMavenCommandToo() throws Exception {
        plant("""
                        return (T) Scheduler.syscall("awaitTask", new AwaitTask(tid));
                """, """
                        throw new IllegalStateException("awaitTask: how do I wait for task " + tid + "?");
                """);

        StudentRun quick = StudentRun.run(release, "bash", "test.sh", "--step-through");
        assertThat(quick.output()).contains("IllegalStateException: awaitTask: how do I wait for task 2?");
        pagesOfEveryFailingTest("homework", quick.output());

        StudentRun maven = StudentRun.run(release, "mvn", "-q", "test", "-Dstudent", "-DstepThrough", "-pl", "homework", "-am");
        assertThat(maven.exitCode()).as(maven.output()).isZero();
        pagesOfEveryFailingTest("homework", maven.output());
    }

    @Test
    void anExerciseStepWhoseAwaitPollsGivesAPagePerFailingTestEachTaskAtALineOfTheTestsOrTheStudents() throws Exception {
        Path futures = release.resolve("exercises/src/main/java/exercises/step3_futures");
        try (Stream<Path> solved = Files.list(Repo.root().resolve("exercises/src/main/java/exercises/step3_futures"))) {
            for (Path file : solved.filter(f -> f.toString().endsWith(".java")).toList()) {
                Files.copy(file, futures.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        String await = "        if (!future.isDone()) {\n"
                + "            Scheduler.syscall(\"await\", new AwaitFuture(future)); // parked until the future is done\n";
        String polls = "        while (!future.isDone()) {\n"
                + "            miniasyncio.MiniAsyncio.sleep(0); // wrong: polls instead of parking\n";
        String text = Files.readString(futures.resolve("Futures.java"), StandardCharsets.UTF_8);
        assertThat(text).contains(await);
        Files.writeString(futures.resolve("Futures.java"), text.replace(await, polls), StandardCharsets.UTF_8);

        StudentRun run = StudentRun.run(release, "bash", "exercises/check-step.sh", "3", "--step-through");

        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        assertThat(run.output()).contains("FutureSchedulerTest.aWaitingTaskIsParkedNotPolled: the tasks were resumed 100000 times");
        Path pages = release.resolve("exercises/target/step-through");
        // every failing test listed with its reason has its page on the next line, and only they have one
        Matcher failure = Pattern.compile("(?m)^  (\\w+)\\.(\\w+)[ :].*\\n    step-through: (.*)$").matcher(run.output());
        Set<String> named = new TreeSet<>();
        int failures = 0;
        while (failure.find()) {
            Path page = Path.of(failure.group(3));
            assertThat(page.getParent()).isEqualTo(pages);
            assertThat(page.getFileName().toString()).startsWith(failure.group(1) + "." + failure.group(2)).endsWith(".html");
            named.add(page.getFileName().toString());
            failures++;
        }
        assertThat(run.output()).containsPattern("(?m)^step 3: " + failures + " of \\d+ tests failed$");
        assertThat(named).contains("FutureSchedulerTest.aWaitingTaskIsParkedNotPolled.html");
        assertThat(files(pages)).isEqualTo(named);
        for (String page : named) {
            parkedAtTheirOwnLines(pages.resolve(page), release.resolve("exercises/src"));
        }
    }

    /** Homework.java as the reference has it, but for {@code wrong} in place of {@code right}. */
    private static void plant(String right, String wrong) throws IOException {
        assertThat(reference).contains(right);
        Files.writeString(homework.resolve("Homework.java"), reference.replace(right, wrong), StandardCharsets.UTF_8);
    }

    /**
     * That the run left one page for each test that failed (as its log lists them), each named in the
     * summary under its failure, and that on each every parked task waits, first, at a line of the
     * tests or of the student's files; how many parked entries the pages have.
     */
    private static int pagesOfEveryFailingTest(String module, String summary) throws IOException {
        String log = Files.readString(release.resolve(module + "/target/student-tests.log"), StandardCharsets.UTF_8);
        Set<String> failed = Pattern.compile("(?m)^---- (\\S+)$").matcher(log.substring(log.indexOf("==== every failed test")))
                .results().map(m -> m.group(1) + ".html").collect(Collectors.toCollection(TreeSet::new));
        assertThat(failed).as("the failing tests").hasSizeGreaterThan(3);
        Path pages = release.resolve(module + "/target/step-through");
        assertThat(files(pages)).as("the pages").isEqualTo(failed);
        int parked = 0;
        // each named under its failure: "   step-through:     PAGE", or the page alone on the lines after it
        Set<String> named = summary.lines().map(l -> l.strip().replaceFirst("^step-through: +", ""))
                .filter(l -> l.startsWith(module + "/target/step-through/"))
                .map(l -> l.substring(l.lastIndexOf('/') + 1)).collect(Collectors.toCollection(TreeSet::new));
        assertThat(named).as("the pages the summary names").isEqualTo(failed);
        for (String page : failed) {
            parked += parkedAtTheirOwnLines(pages.resolve(page), release.resolve(module + "/src"));
        }
        return parked;
    }

    private static Set<String> files(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /**
     * That every task parked at any step of {@code page} waits, first, at a line of a file under
     * {@code sources} (the module's own: the tests and the student's code); how many such entries.
     * A page from before issue 47 names one line per entry ({@code data.lines}); one after it, a
     * chain of the program's frames, innermost first ({@code data.places}).
     */
    @SuppressWarnings("unchecked")
    private static int parkedAtTheirOwnLines(Path page, Path sources) throws IOException {
        Set<String> own;
        try (Stream<Path> walk = Files.walk(sources)) {
            own = walk.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java")).collect(Collectors.toSet());
        }
        Matcher json = Pattern.compile("<script type=\"application/json\" id=\"steps\">(.*?)</script>", Pattern.DOTALL)
                .matcher(Files.readString(page, StandardCharsets.UTF_8));
        assertThat(json.find()).as("%s embeds its steps", page).isTrue();
        Map<String, Object> data = Json.object(json.group(1));
        List<Object> lines = (List<Object>) data.get("lines");
        List<Object> places = (List<Object>) data.get("places");
        int count = 0;
        for (Object snap : (List<Object>) data.get("snaps")) {
            for (Object entry : (List<Object>) ((Map<String, Object>) snap).get("parked")) {
                List<Object> e = (List<Object>) entry;
                int at = ((Double) e.get(4)).intValue();
                String where = null;
                if (at >= 0 && places != null) {
                    List<Object> frames = (List<Object>) ((Map<String, Object>) places.get(at)).get("f");
                    where = frames.isEmpty() ? null : (String) ((List<Object>) lines.get(((Double) frames.get(0)).intValue())).get(0);
                } else if (at >= 0) {
                    where = (String) ((List<Object>) lines.get(at)).get(0);
                }
                assertThat(where).as("%s: where %s waits first", page.getFileName(), e.subList(0, 3)).isNotNull();
                assertThat(own).as("%s: %s waits first at %s", page.getFileName(), e.subList(0, 3), where)
                        .contains(where.substring(0, where.lastIndexOf(':')));
                count++;
            }
        }
        return count;
    }
}
