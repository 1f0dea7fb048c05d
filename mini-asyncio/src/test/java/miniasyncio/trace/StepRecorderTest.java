package miniasyncio.trace;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.trace.StepRecorder.Entry;
import miniasyncio.trace.StepRecorder.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

class StepRecorderTest {

    /** What the scheduler says through its public methods at a step, read beside the recorder. */
    record Seen(long step, int tid, int readySize, Set<Integer> pending, Set<Integer> finished) {}

    /** Reads the scheduler's public view at every step, independently of LoopState. */
    static final class Witness implements Instrument {
        final Scheduler scheduler;
        final List<Seen> seen = new ArrayList<>();
        long steps;

        Witness(Scheduler scheduler) {
            this.scheduler = scheduler;
        }

        @Override
        public void beforeStep(Task task) {
            Set<Integer> pending = new TreeSet<>();
            scheduler.view().pendingTasks().forEach(t -> pending.add(t.tid()));
            Set<Integer> finished = new TreeSet<>();
            for (int tid = 1; tid <= 2000; tid++) {
                if (scheduler.resultOf(tid) != null) {
                    finished.add(tid);
                }
            }
            seen.add(new Seen(++steps, task.tid(), scheduler.view().ready().size(), pending, finished));
        }
    }

    private static Set<Integer> tids(List<Entry> entries) {
        Set<Integer> tids = new TreeSet<>();
        entries.forEach(e -> tids.add(e.tid()));
        return tids;
    }

    @Test
    void everyStepAgreesWithWhatTheSchedulerSaysOfItself() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        StepRecorder recorder = StepRecorder.attach(scheduler, 1000);
        Witness witness = new Witness(scheduler);
        scheduler.settings().addInstrument(witness);
        scheduler.run("main", () -> {
            for (int i = 0; i < 6; i++) {
                int n = i;
                createTask("w" + i, () -> {
                    for (int k = 0; k < 3; k++) {
                        sleep(n % 3 == 0 ? 0 : 0.01 * n);
                    }
                    return n;
                });
            }
            sleep(0.02);
            return "done";
        });

        List<Snapshot> steps = recorder.steps();
        assertThat(steps).hasSize(witness.seen.size()).hasSize((int) recorder.stepCount());
        for (int i = 0; i < steps.size(); i++) {
            Snapshot s = steps.get(i);
            Seen w = witness.seen.get(i);
            assertThat(s.n()).isEqualTo(w.step());
            assertThat(s.tid()).isEqualTo(w.tid());
            assertThat(s.readySize()).as("step %d ready", s.n()).isEqualTo(w.readySize()).isEqualTo(s.ready().size());
            Set<Integer> placed = new HashSet<>(tids(s.ready()));
            placed.addAll(tids(s.sleeping()));
            placed.addAll(tids(s.parked()));
            Set<Integer> pendingButRunning = new TreeSet<>(w.pending());
            pendingButRunning.remove(s.tid());
            assertThat(new TreeSet<>(placed)).as("step %d ready + sleeping + parked", s.n()).isEqualTo(pendingButRunning);
            assertThat(tids(s.results())).as("step %d results", s.n()).isEqualTo(w.finished());
            // sleeping in wake order, each wake time after the clock
            for (int k = 1; k < s.sleeping().size(); k++) {
                assertThat(s.sleeping().get(k).wakeNanos()).isGreaterThanOrEqualTo(s.sleeping().get(k - 1).wakeNanos());
            }
        }
        assertThat(recorder.finalState().results()).extracting(Entry::text).contains("returned \"done\"", "returned 5");
    }

    /**
     * In a JVM of its own ({@code run miniasyncio.trace.MillionSteps --step-through}): a million
     * steps through the recorder would leave this JVM's compiled scheduler shaped by them, and
     * {@code AllocationGuardTest}, which runs later in it, measures what the compiled code allocates.
     */
    @Test
    void aMillionStepsKeepEveryNthStepAndThePageStaysSmall(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("million.html");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), "miniasyncio.cli.Cli", "run", MillionSteps.class.getName(),
                "--virtual-time", "--step-through", html.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();

        assertThat(Files.size(html)).as("page bytes").isLessThan(3_000_000);
        JsonObject json = StepPageDom.json(html);
        assertThat(json.get("steps").getAsLong()).isEqualTo(1 + 1000 * 1001);
        assertThat(json.get("stride").getAsLong()).isEqualTo(1024);
        JsonArray snaps = json.getAsJsonArray("snaps");
        assertThat(snaps.size()).isLessThanOrEqualTo(StepRecorder.DEFAULT_LIMIT + 1); // and the end
        for (int i = 0; i < snaps.size() - 1; i++) {
            JsonObject snap = snaps.get(i).getAsJsonObject();
            assertThat((snap.get("n").getAsLong() - 1) % 1024).isZero();
            assertThat(snap.getAsJsonArray("ready").size()).isLessThanOrEqualTo(StepRecorder.LISTED);
        }
        assertThat(snaps.get(400).getAsJsonObject().get("readyN").getAsInt()).isEqualTo(999);
        assertThat(Files.readString(html)).contains("The timeline with time to the right is drawn for runs of up to"
                + " 5000 steps; this one had 1001001.").doesNotContain("<svg id=\"timeline\"");

        // in the browser (skipped without one, after the checks above): a link to a step not kept says so,
        // the overview says how many tasks it leaves out, and nothing is wider than the window
        Chromium chromium = Chromium.findOrSkip();
        Map<String, String> doms = chromium.dumpDoms(html, List.of("step=2", "step=410625"));
        StepPageDom two = new StepPageDom(doms.get("step=2"));
        assertThat(two.step()).isEqualTo("1");
        assertThat(two.text("thinned")).isEqualTo("step 2 was not kept (the page keeps every 1,024th step); nearest kept step: 1");
        assertThat(two.paragraph("summary")).contains("kept every 1,024th step, ");
        assertThat(two.paragraph("overviewNote")).startsWith("Drawn: 40 of the 1,001 tasks (the first by tid); 961 are left out."
                + " A pale brown cell: the task was there but beyond the 20 entries a structure lists at that step");
        StepPageDom mid = new StepPageDom(doms.get("step=410625")); // 1 + 401 * 1024: kept
        assertThat(mid.text("thinned")).isEmpty();
        assertThat(mid.count("ready")).isEqualTo("(999)");
        assertThat(mid.entries("ready")).hasSize(StepRecorder.LISTED);
        assertThat(mid.entries("did")).last().asString().startsWith("popleft -> task ");
        for (int[] size : StepThroughLayoutBrowserTest.SIZES) {
            StepThroughLayoutBrowserTest.assertNothingHidden(chromium.layout(html, List.of("step=410625", "step=end"),
                    size[0], size[1]), size[0]);
        }
    }

    @Test
    void aStepLimitBelowTwoIsRefused() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new StepRecorder(scheduler, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2");
    }

    /** Answers a String syscall at once: the task is ready again with the answer before any hook runs. */
    static final class Answering extends Scheduler {
        Answering() {
            super(Clock.virtual());
        }

        @Override
        protected void handleSyscall(Task task, Object syscall) {
            if (syscall instanceof String question) {
                schedule(task, question + "!");
            } else {
                super.handleSyscall(task, syscall);
            }
        }
    }

    @Test
    void theValueSentIsSeenEvenWhenItWasSetAndTakenBetweenTwoHooks() {
        Scheduler scheduler = new Answering();
        StepRecorder recorder = StepRecorder.attach(scheduler, 100);
        scheduler.run("main", () -> Scheduler.syscall("ask", "hello"));
        assertThat(recorder.steps()).extracting(Snapshot::sent).containsExactly("null", "\"hello!\"");
        assertThat(recorder.steps()).extracting(Snapshot::what).containsExactly("\"hello\"", "\"hello!\"");
    }

    @Test
    void jsonStringsCannotCloseTheScriptElement() {
        assertThat(Json.quote("</script><b>\"x\"\n")).isEqualTo("\"\\u003c/script\\u003e\\u003cb\\u003e\\\"x\\\"\\n\"");
    }
}
