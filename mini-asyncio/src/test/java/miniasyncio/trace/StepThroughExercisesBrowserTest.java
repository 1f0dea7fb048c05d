package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step-through page of the exercises' programs: their syscalls hold futures with no text of
 * their own, which the page must not show as identity hashes, and a task's future names the
 * task awaited (so a cycle of them is drawn). Ex8Pipeline (a queue between a producer and
 * consumers) and Ex6Deadlock (two locks, a timeout) fit the window at both widths. The exercises
 * module builds after this one, so the test compiles its sources itself.
 */
class StepThroughExercisesBrowserTest {

    @TempDir
    static Path classes;

    @TempDir
    Path dir;

    /**
     * Three workers and three locks, and no timeout: each takes its own lock, then the next one's. The
     * last to run closes the ring in the run's last step, and the run ends in a deadlock.
     */
    static final String LOCK_RING = """
            package steptest;

            import static exercises.step3_futures.Futures.spawn;
            import static miniasyncio.MiniAsyncio.sleep;

            import exercises.step3_futures.FutureScheduler;
            import exercises.step4_sync.Lock;

            public class LockRing {
                public static void main(String[] args) {
                    new FutureScheduler().run("main", () -> {
                        Lock[] locks = {new Lock(), new Lock(), new Lock()};
                        for (int i = 0; i < 3; i++) {
                            Lock mine = locks[i];
                            Lock next = locks[(i + 1) % 3];
                            spawn("worker " + i, () -> {
                                mine.withLock(() -> {
                                    sleep(0.01);
                                    next.withLock(() -> System.out.println("never printed"));
                                });
                                return null;
                            });
                        }
                        return null;
                    });
                }
            }
            """;

    @BeforeAll
    static void compileTheExercises() throws Exception {
        Path sources = Path.of("..", "exercises", "src", "main", "java");
        Assumptions.assumeTrue(Files.isDirectory(sources), "the exercises' sources are not beside this module");
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(sources)) {
            walk.filter(p -> p.toString().endsWith(".java")).forEach(p -> files.add(p.toString()));
        }
        Path ring = classes.resolve("steptest/LockRing.java"); // beside its class: the page shows its lines
        Files.createDirectories(ring.getParent());
        Files.writeString(ring, LOCK_RING, StandardCharsets.UTF_8);
        files.add(ring.toString());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "-proc:none", "-nowarn", "-Xlint:none"));
        args.addAll(files);
        var err = new java.io.ByteArrayOutputStream();
        assertThat(javac.run(null, null, err, args.toArray(String[]::new))).as(err.toString(StandardCharsets.UTF_8)).isZero();
    }

    private Path page(String main, String file) {
        Path html = dir.resolve(file);
        CliRun run = CliRun.of("run", main, "--virtual-time", "--class-path", classes.toString(), "--step-through",
                html.toString());
        Assumptions.assumeFalse(run.exit() == 3, "the exercises are not written here: " + run.err());
        assertThat(run.exit()).as(run.err()).isZero();
        return html;
    }

    @Test
    void futuresAreNamedNotHashedAndTheTaskAwaitedIsNamed() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path pipeline = page("exercises.step8_queue.Ex8Pipeline", "pipeline.html");
        Path futures = page("exercises.step3_futures.Ex3Futures", "futures.html");

        for (Path html : List.of(pipeline, futures)) {
            assertThat(Files.readString(html)).as(html + ": no identity hash").doesNotContainPattern("Future@[0-9a-f]+");
        }
        StepPageDom two = new StepPageDom(chromium.dumpDom(pipeline, "step=2"));
        assertThat(two.entries("parked")).singleElement().asString().endsWith("AwaitFuture[future=Future #1]");
        // Ex3Futures' main awaits the future of task 2: the page says whom it awaits
        StepPageDom five = new StepPageDom(chromium.dumpDom(futures, "step=5"));
        assertThat(five.entries("parked")).singleElement().asString().endsWith(", awaits task 2 (background)");
    }

    @Test
    void aTaskParkedOnALockAQueueOrAnEventSaysWhatItAwaitsAndWhere() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path deadlock = page("exercises.step6_timeouts.Ex6Deadlock", "deadlock.html");
        Path pipeline = page("exercises.step8_queue.Ex8Pipeline", "pipeline.html");

        // Ex6Deadlock, step 6: worker_ab holds lock_a and waits for lock_b, worker_ba the reverse (the
        // timeout's timer sleeps from the start, step 5's callAt, and takes no turn before its time);
        // the locks are numbered as the page first shows them: lock_b is Lock #1
        StepPageDom six = new StepPageDom(chromium.dumpDom(deadlock, "step=6"));
        assertThat(six.entries("parked")).containsExactly(
                "task 1 (deadlock_demo): AwaitFuture[future=Future #1]",
                "task 2 (worker_ab): AwaitFuture[future=Future #2], awaits Lock #1 (held by task 3 (worker_ba))",
                "task 3 (worker_ba): AwaitFuture[future=Future #3], awaits Lock #2 (held by task 2 (worker_ab))");
        // each waits in the exercise's own await, called from the lock, called from the program's line that
        // names the lock as the program does; main from the timeout around its gather
        String await = "waits in Futures.await at Futures.java:27 Scheduler.syscall(\"await\", new AwaitFuture(future));"
                + " // parked until the future is done";
        assertThat(six.waits("parked")).containsOnly(await).hasSize(3);
        List<List<String>> places = six.places("parked");
        assertThat(places.get(0)).contains("called from Ex6Deadlock.deadlockDemo (a lambda) at Ex6Deadlock.java:44"
                + " Timeouts.timeout(1.0, () -> await(gather(workerAb, workerBa)));");
        assertThat(places.get(1)).startsWith(await, "called from Lock.acquire at Lock.java:75 Futures.await(waiter);",
                "called from Lock.withLock at Lock.java:109 acquire();",
                "called from Ex6Deadlock.deadlockDemo (a lambda) at Ex6Deadlock.java:30"
                        + " lockB.withLock(() -> System.out.println(\"worker_ab: holding both locks\"));");
        assertThat(places.get(2)).contains("called from Ex6Deadlock.deadlockDemo (a lambda) at Ex6Deadlock.java:38"
                + " lockA.withLock(() -> System.out.println(\"worker_ba: holding both locks\"));");
        assertThat(places).allSatisfy(p -> assertThat(p.getLast()).startsWith("in the kit: Scheduler.syscall"));
        assertThat(six.cycle()).isEqualTo("a cycle: task 2 (worker_ab) awaits Lock #1 held by task 3 (worker_ba)"
                + " awaits Lock #2 held by task 2 (worker_ab)");
        assertThat(six.marked("parked", "incycle")).containsExactly(2, 3);
        assertThat(six.entries("did")).contains("task 3 (worker_ba) yielded AwaitFuture[future=Future #3] -> parked,"
                + " awaits Lock #2 (held by task 2 (worker_ab))");

        // Ex8Pipeline: the consumer waits for an item, later the producer for a free slot
        Map<String, String> doms = chromium.dumpDoms(pipeline, List.of("step=4", "step=9"));
        StepPageDom four = new StepPageDom(doms.get("step=4"));
        assertThat(four.entries("parked")).contains(
                "task 4 (consumer): AwaitFuture[future=Future #2], awaits Queue #1 (empty: get waits for an item)");
        assertThat(four.places("parked").get(1)).contains("called from Queue.get at Queue.java:186 park(getters);",
                "called from Pipeline.consumer at Pipeline.java:67 block = queue.get();");
        StepPageDom nine = new StepPageDom(doms.get("step=9"));
        assertThat(nine.entries("parked")).contains(
                "task 3 (producer): AwaitFuture[future=Future #3], awaits Queue #1 (full, 2 of 2: put waits for a free slot)");
        assertThat(nine.places("parked").get(1)).contains("called from Pipeline.producer at Pipeline.java:49 queue.put(block);");
        assertThat(nine.text("cycle")).as("nobody holds a queue: no cycle").isEmpty();

        // Ex4GatherError, step 3: "other" waits for the event that nobody sets before "broken" fails
        Path gatherError = page("exercises.step4_sync.Ex4GatherError", "gather-error.html");
        StepPageDom three = new StepPageDom(chromium.dumpDom(gatherError, "step=3"));
        assertThat(three.entries("parked")).contains(
                "task 2 (other): AwaitFuture[future=Future #2], awaits Event #1 (not set: await() waits for set())");
        assertThat(three.places("parked").get(1)).contains("called from Event.await at Event.java:76 return Futures.await(waiter);",
                "called from Ex4GatherError.gatherErrorDemo (a lambda) at Ex4GatherError.java:25 release.await();");
    }

    @Test
    void aRingOfLocksEndsInADeadlockNamedOnThePageWithTheLineOfEveryTask() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("lockring.html");
        CliRun run = CliRun.of("run", "steptest.LockRing", "--virtual-time", "--class-path", classes.toString(),
                "--step-through", html.toString());
        Assumptions.assumeFalse(run.exit() == 3, "the exercises are not written here: " + run.err());
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains("DeadlockException");

        StepPageDom end = new StepPageDom(chromium.dumpDom(html, "step=end"));
        assertThat(end.cycle()).isEqualTo("deadlock: task 2 (worker 0) awaits Lock #1 held by task 3 (worker 1)"
                + " awaits Lock #2 held by task 4 (worker 2) awaits Lock #3 held by task 2 (worker 0);"
                + " nothing else can wake them");
        assertThat(end.entries("parked")).containsExactly(
                "task 2 (worker 0): AwaitFuture[future=Future #1], awaits Lock #1 (held by task 3 (worker 1))",
                "task 3 (worker 1): AwaitFuture[future=Future #2], awaits Lock #2 (held by task 4 (worker 2))",
                "task 4 (worker 2): AwaitFuture[future=Future #3], awaits Lock #3 (held by task 2 (worker 0))");
        assertThat(end.marked("parked", "incycle")).containsExactly(2, 3, 4);
        // worker 2 parked in the last step, which no later step followed: its lines were read as the loop closed it
        String await = "waits in Futures.await at Futures.java:27 Scheduler.syscall(\"await\", new AwaitFuture(future));"
                + " // parked until the future is done";
        String ring = "LockRing.main (a lambda) at LockRing.java:19 next.withLock(() -> System.out.println(\"never printed\"));";
        assertThat(end.places("parked")).hasSize(3).allSatisfy(p -> assertThat(p).startsWith(await,
                "called from Lock.acquire at Lock.java:75 Futures.await(waiter);",
                "called from Lock.withLock at Lock.java:109 acquire();", "called from " + ring));
        // the banner names each task's own line: the program's, through the lock's two
        assertThat(end.places("cycle")).hasSize(3).allSatisfy(p -> assertThat(p).containsExactly(await,
                "called (2 calls between) from " + ring));
        assertThat(end.entries("did")).containsExactly(
                "task 4 (worker 2) yielded AwaitFuture[future=Future #3] -> parked, awaits Lock #3 (held by task 2 (worker 0))");

        for (int[] size : StepThroughLayoutBrowserTest.SIZES) {
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(html, List.of("step=7", "step=end"),
                    size[0], size[1]), size[0]);
        }
        Path png = Path.of("target", "step-through", "lock-ring-end-phone.png");
        Files.createDirectories(png.getParent());
        chromium.screenshot(html, "step=end", png, 390, 844);
        assertThat(StepThroughBrowserTest.count(javax.imageio.ImageIO.read(png.toFile()), 0xb00020))
                .as("the red deadlock banner").isGreaterThan(1000);
    }

    @Test
    void thePipelineAndTheLockDeadlockFitTheWindow() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path pipeline = page("exercises.step8_queue.Ex8Pipeline", "pipeline.html");
        Path deadlock = page("exercises.step6_timeouts.Ex6Deadlock", "deadlock.html");
        for (int[] size : StepThroughLayoutBrowserTest.SIZES) {
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(pipeline, List.of("step=12", "step=16",
                    "step=end"), size[0], size[1]), size[0]);
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(deadlock, List.of("step=4", "step=end"),
                    size[0], size[1]), size[0]);
        }
    }
}
