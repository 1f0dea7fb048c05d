package miniasyncio.trace;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.VirtualClock;
import miniasyncio.trace.StepRecorder.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * What the step-through recording says of a program's own code (issue: a student's own failing
 * run): where each task waits as the chain of the program's frames, innermost first, with the
 * kit's folded; a failure's throw site, frames, cause and whole message; values whole; every timer
 * the program makes followed from "-> sleeping" to "timer due", late ones with what held the loop;
 * the differences from the lecture's loop, each said once; and for the overview, who was created
 * and ended when, and who was left unfinished.
 */
class StepPlacesTest {

    /** A syscall of this test's scheduler: park until some task ends (a tiny awaitTask). */
    record AwaitEnd(int tid) {
    }

    /** The homework in miniature: {@link AwaitEnd} parks the caller until task {@code tid} has ended. */
    static final class AwaitScheduler extends Scheduler {
        final Map<Task, Integer> parked = new LinkedHashMap<>();

        AwaitScheduler(Clock clock) {
            super(clock);
        }

        @Override
        protected void handleSyscall(Task task, Object syscall) {
            if (syscall instanceof AwaitEnd(int tid)) {
                if (results.containsKey(tid)) {
                    schedule(task, null);
                } else {
                    parked.put(task, tid);
                }
            } else if (syscall instanceof Timer(double seconds)) {
                sleepTask(task, (long) (seconds * 1e9)); // a timer syscall of its own, not a Sleep
            } else {
                super.handleSyscall(task, syscall);
            }
        }

        @Override
        protected void finishTask(Task task, miniasyncio.Step.Outcome outcome) {
            super.finishTask(task, outcome);
            parked.entrySet().removeIf(e -> {
                if (e.getValue() == task.tid()) {
                    schedule(e.getKey(), null);
                    return true;
                }
                return false;
            });
        }

        @Override
        protected boolean hasWork() {
            return super.hasWork() || !parked.isEmpty(); // parked and nothing else: the core reports a deadlock
        }

        @Override
        protected List<Task> pendingTasks() {
            List<Task> pending = super.pendingTasks();
            pending.addAll(parked.keySet());
            return pending;
        }

        /** asyncio's call_at: a task made now that goes straight to sleeping, as the exercises' callAt. */
        void callAt(String name, double seconds, Runnable action) {
            createTask(name, () -> {
                action.run();
                return null;
            });
            sleepTask(ready.pollLast(), (long) (seconds * 1e9));
        }
    }

    record Timer(double seconds) {
    }

    /** The program's own helper: the homework's awaitTask, one frame above the kit's syscall. */
    static Object awaitEnd(int tid) {
        return Scheduler.syscall("awaitEnd", new AwaitEnd(tid));
    }

    private static StepRecorder record(Scheduler scheduler, Callable<Object> main) {
        StepRecorder recorder = StepRecorder.attach(scheduler, 1000);
        try {
            scheduler.run(main);
        } catch (RuntimeException e) {
            // a deadlock or a failed main: the recording is what the test reads
        }
        return recorder;
    }

    private static JsonObject json(StepRecorder recorder) {
        return JsonParser.parseString(StepPage.json(recorder, "test", null)).getAsJsonObject();
    }

    /** The text of a field that may name a long value in {@code texts}. */
    private static String text(JsonObject data, JsonElement field) {
        return field.getAsJsonPrimitive().isNumber() ? data.getAsJsonArray("texts").get(field.getAsInt()).getAsString()
                : field.getAsString();
    }

    /** "File.java:N" of each program frame of place {@code index}, innermost first. */
    private static List<String> frames(JsonObject data, int index) {
        List<String> frames = new ArrayList<>();
        for (JsonElement line : data.getAsJsonArray("places").get(index).getAsJsonObject().getAsJsonArray("f")) {
            frames.add(data.getAsJsonArray("lines").get(line.getAsInt()).getAsJsonArray().get(0).getAsString());
        }
        return frames;
    }

    private static String methodOf(JsonObject data, int line) {
        return data.getAsJsonArray("lines").get(line).getAsJsonArray().get(2).getAsString();
    }

    private static int lineOf(String marker) {
        try {
            List<String> lines = java.nio.file.Files.readAllLines(java.nio.file.Path.of(
                    "src/test/java/miniasyncio/trace/StepPlacesTest.java"));
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(marker) && !lines.get(i).contains("lineOf(")) {
                    return i + 1;
                }
            }
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("no line with " + marker);
    }

    @Test
    void aParkedTaskWaitsAtItsOwnLinesInnermostFirstWithTheKitFolded() {
        AwaitScheduler scheduler = new AwaitScheduler(Clock.virtual());
        StepRecorder recorder = record(scheduler, () -> {
            int b = createTask("b", () -> awaitEnd(3)); // a cycle: b (2) awaits c (3), c awaits b
            createTask("c", () -> awaitEnd(b));
            return awaitEnd(3); // main awaits c
        });
        JsonObject data = json(recorder);
        JsonObject end = data.getAsJsonArray("snaps").get(data.getAsJsonArray("snaps").size() - 1).getAsJsonObject();
        JsonArray parked = end.getAsJsonArray("parked");
        assertThat(parked).hasSize(3);
        for (JsonElement entry : parked) {
            int place = entry.getAsJsonArray().get(4).getAsInt();
            assertThat(place).as("every parked task has a place at the end").isGreaterThanOrEqualTo(0);
            List<String> frames = frames(data, place);
            // innermost first: the program's helper (as Homework.awaitTask), then the line that called it
            assertThat(frames.get(0)).isEqualTo("StepPlacesTest.java:" + lineOf("Scheduler.syscall(\"awaitEnd\""));
            assertThat(frames.get(1)).isIn("StepPlacesTest.java:" + lineOf("() -> awaitEnd(3)"),
                    "StepPlacesTest.java:" + lineOf("() -> awaitEnd(b)"), "StepPlacesTest.java:" + lineOf("return awaitEnd(3)"));
            JsonObject p = data.getAsJsonArray("places").get(place).getAsJsonObject();
            assertThat(p.get("in").getAsString()).as("what the program called into").isEqualTo("Scheduler.syscall");
            assertThat(p.get("kit").getAsInt()).as("the kit's and the JDK's frames, folded").isPositive();
            int first = p.getAsJsonArray("f").get(0).getAsInt();
            assertThat(methodOf(data, first)).isEqualTo("StepPlacesTest.awaitEnd");
            assertThat(data.getAsJsonArray("lines").get(first).getAsJsonArray().get(1).getAsString())
                    .as("the source line's text").contains("Scheduler.syscall(\"awaitEnd\"");
        }
        assertThat(methodOf(data, data.getAsJsonArray("places").get(parked.get(2).getAsJsonArray().get(4).getAsInt())
                .getAsJsonObject().getAsJsonArray("f").get(1).getAsInt()))
                .as("a lambda is named by the method it is written in").isEqualTo("StepPlacesTest.aParkedTaskWaitsAtItsOwnLinesInnermostFirstWithTheKitFolded (a lambda)");
        assertThat(data.getAsJsonArray("stuck")).extracting(JsonElement::getAsInt).containsExactly(1, 2, 3);
        assertThat(data.get("stuckN").getAsInt()).isEqualTo(3);
    }

    @Test
    void aFrameIsTheProgramsUnlessItIsTheKitsTheJdksOrATestLibrarys() {
        assertThat(Place.kit(new StackTraceElement("miniasyncio.Scheduler", "syscall", "Scheduler.java", 1))).isTrue();
        assertThat(Place.kit(new StackTraceElement("miniasyncio.trace.StepRecorder", "beforeStep", "S.java", 1))).isTrue();
        assertThat(Place.kit(new StackTraceElement("java.util.ArrayList", "get", "ArrayList.java", 1))).isTrue();
        assertThat(Place.kit(new StackTraceElement("org.junit.jupiter.api.Assertions", "x", "A.java", 1))).isTrue();
        assertThat(Place.kit(new StackTraceElement(getClass().getName(), "x", "StepPlacesTest.java", 1)))
                .as("a test in a package of the kit's name is the program").isFalse();
        assertThat(Place.kit(new StackTraceElement("miniasyncio.examples.Example", "main", "Example.java", 1)))
                .as("the kit's examples are programs").isFalse();
        assertThat(Place.kit(new StackTraceElement("homework.Homework", "awaitTask", "Homework.java", 42))).isFalse();
        assertThat(Place.method(new StackTraceElement("a.B$C", "lambda$run$3", "B.java", 1))).isEqualTo("B.C.run (a lambda)");
    }

    /** Fails {@code depth} calls deep, its cause beneath it. */
    static Object deep(int depth) {
        if (depth == 0) {
            IllegalArgumentException e = new IllegalArgumentException("bad input " + "m".repeat(300), // the throw
                    new IllegalStateException("the cause"));
            e.addSuppressed(new RuntimeException("suppressed"));
            throw e;
        }
        return deep(depth - 1);
    }

    @Test
    void aFailureSaysWhereItWasThrownItsFramesItsCauseAndItsWholeMessage() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        StepRecorder recorder = record(scheduler, () -> {
            sleep(0.01);
            return deep(40);
        });
        JsonObject data = json(recorder);
        JsonArray failed = data.getAsJsonArray("failed");
        assertThat(failed).hasSize(1);
        JsonObject err = data.getAsJsonArray("errors").get(failed.get(0).getAsJsonArray().get(4).getAsInt()).getAsJsonObject();
        assertThat(err.get("cls").getAsString()).isEqualTo("java.lang.IllegalArgumentException");
        assertThat(err.get("msg").getAsString()).as("the whole message").isEqualTo("bad input " + "m".repeat(300));
        String site = data.getAsJsonArray("lines").get(err.get("at").getAsInt()).getAsJsonArray().get(0).getAsString();
        assertThat(site).as("the throw site, not the line it resumed at").isEqualTo("StepPlacesTest.java:" + lineOf("// the throw"));
        assertThat(err.getAsJsonArray("f")).as("the program's frames, at most 20").hasSize(Thrown.FRAMES);
        // 41 calls of deep and the task's lambda are the task's own: the test that started the loop is not
        assertThat(err.get("more").getAsInt()).as("the rest counted, up to the task's own first frame").isEqualTo(42 - Thrown.FRAMES);
        assertThat(err.get("suppressed").getAsInt()).isEqualTo(1);
        JsonObject cause = data.getAsJsonArray("errors").get(err.get("cause").getAsInt()).getAsJsonObject();
        assertThat(cause.get("cls").getAsString()).isEqualTo("java.lang.IllegalStateException");
        assertThat(cause.get("msg").getAsString()).isEqualTo("the cause");
        // the step that failed names the same error, and its whole text
        JsonObject step = null;
        for (JsonElement s : data.getAsJsonArray("snaps")) {
            if (s.getAsJsonObject().get("end").getAsString().equals("failed")) {
                step = s.getAsJsonObject();
            }
        }
        assertThat(step).isNotNull();
        assertThat(step.get("err").getAsInt()).isEqualTo(failed.get(0).getAsJsonArray().get(4).getAsInt());
        assertThat(text(data, step.get("what"))).endsWith("m".repeat(300));
    }

    @Test
    void anExceptionThatLiesIsWrittenDownAsWhatItDoes() {
        RuntimeException liar = new RuntimeException() {
            @Override
            public String getMessage() {
                throw new IllegalStateException("no message for you");
            }

            @Override
            public synchronized Throwable getCause() {
                return this; // a cause that loops
            }
        };
        Thrown thrown = Thrown.of(liar);
        assertThat(thrown.message()).isEqualTo("(its getMessage() threw java.lang.IllegalStateException)");
        assertThat(thrown.cause()).as("a cause seen before ends the chain").isNull();
        Thrown huge = Thrown.of(new RuntimeException("x".repeat(Thrown.MESSAGE + 5)));
        assertThat(huge.message()).hasSize(Thrown.MESSAGE);
        assertThat(huge.cut()).isEqualTo(5);
    }

    @Test
    void aLongValueIsWrittenWholeOnceAndNamedWhereItShows() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        String value = "v".repeat(200);
        StepRecorder recorder = record(scheduler, () -> {
            createTask("long", () -> value);
            sleep(0.01);
            sleep(0.01);
            return null;
        });
        JsonObject data = json(recorder);
        JsonObject end = data.getAsJsonArray("snaps").get(data.getAsJsonArray("snaps").size() - 1).getAsJsonObject();
        JsonElement result = end.getAsJsonArray("results").get(0).getAsJsonArray().get(2);
        assertThat(result.getAsJsonPrimitive().isNumber()).as("a long value is named, not repeated").isTrue();
        assertThat(text(data, result)).isEqualTo("returned \"" + value + "\"");
        long copies = data.getAsJsonArray("texts").asList().stream()
                .filter(t -> t.getAsString().equals("returned \"" + value + "\"")).count();
        assertThat(copies).as("written once, however many steps list it").isEqualTo(1);
    }

    @Test
    void aTimerTheProgramMakesGoesToSleepingAndComesBackThroughItsDueLine() {
        AwaitScheduler scheduler = new AwaitScheduler(Clock.virtual());
        StepRecorder recorder = record(scheduler, () -> {
            scheduler.callAt("timeout timer", 1.0, () -> { });
            Scheduler.syscall("timer", new Timer(0.5)); // a syscall of the scheduler's own that sleeps
            return null;
        });
        List<String> did = new ArrayList<>();
        for (Snapshot s : recorder.steps()) {
            did.addAll(s.happened());
        }
        did.addAll(recorder.finalState().happened());
        assertThat(did).contains("created task 2 (timeout timer) -> sleeping until 1.000 s",
                "task 1 (main) yielded Timer[seconds=0.5] -> sleeping until 0.500 s",
                "timer due at 0.500 s: task 1 (main) -> ready",
                "timer due at 1.000 s: task 2 (timeout timer) -> ready");
        assertThat(did).noneMatch(line -> line.contains("timeout timer) -> ready") && line.startsWith("created"));
    }

    @Test
    void aLateTimerSaysHowLateAndWhichStepHeldTheLoopAndTheDifferencesAreSaidOnce() {
        VirtualClock clock = (VirtualClock) Clock.virtual();
        Scheduler scheduler = new Scheduler(clock);
        StepRecorder recorder;
        try (miniasyncio.Capture printed = new miniasyncio.Capture()) { // the two failures no task awaits are reported
            recorder = record(scheduler, () -> {
                createTask("a", () -> {
                    sleep(0.2); // a goes to sleep first, and wakes last
                    return null;
                });
                createTask("b", () -> {
                    sleep(0.1);
                    return null;
                });
                createTask("hog", () -> {
                    clock.advance(300_000_000); // holds the loop 0.3 s: both timers come due meanwhile
                    sleep(0); // sleep(0): the back of ready
                    sleep(0);
                    throw new IllegalStateException("it fails, and the run goes on");
                });
                sleep(1);
                createTask("fails too", () -> {
                    throw new IllegalStateException("again");
                });
                sleep(1);
                return null;
            });
            assertThat(printed.err()).contains("Task exception was never retrieved: task 4 (hog)",
                    "Task exception was never retrieved: task 5 (fails too)");
        }
        List<String> did = new ArrayList<>();
        Map<String, Integer> said = new LinkedHashMap<>();
        for (Snapshot s : recorder.steps()) {
            did.addAll(s.happened());
            s.differs().forEach(note -> said.merge(note.kind(), 1, Integer::sum));
        }
        recorder.finalState().differs().forEach(note -> said.merge(note.kind(), 1, Integer::sum));
        assertThat(did).anyMatch(line -> line.startsWith("timer due at 0.100 s, fired 0.200 s late (step 4, task 4 (hog),"
                + " held the loop 0.300 s): task 3 (b) -> ready"));
        assertThat(said).as("each difference from the lecture's loop, once")
                .containsExactlyInAnyOrderEntriesOf(Map.of("heap", 1, "late", 1, "sleep0", 1, "goes-on", 1));
    }

    @Test
    void theOverviewKnowsWhenEachTaskWasCreatedAndEnded() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        StepRecorder recorder = record(scheduler, () -> {
            createTask("short", () -> null);
            sleep(0.01);
            return null;
        });
        JsonObject life = json(recorder).getAsJsonObject("life");
        assertThat(life.getAsJsonArray("1")).extracting(JsonElement::getAsInt).containsExactly(0, 3);
        assertThat(life.getAsJsonArray("2")).extracting(JsonElement::getAsInt).containsExactly(1, 2);
    }

    @Test
    void aRunCutByALimitStillSaysWhereEachTaskWaits() {
        AwaitScheduler scheduler = new AwaitScheduler(Clock.virtual());
        scheduler.settings().addInstrument(new Instrument() {
            int steps;

            @Override
            public void beforeStep(Task task) {
                if (++steps > 3) {
                    throw new IllegalStateException("the step budget is spent");
                }
            }
        });
        StepRecorder recorder = StepRecorder.attach(scheduler, 1000);
        assertThatThrownBy(() -> scheduler.run(() -> {
            createTask("waiter", () -> awaitEnd(3));
            createTask("poller", () -> {
                while (true) {
                    sleep(0);
                }
            });
            return awaitEnd(2);
        })).isInstanceOf(RuntimeException.class);
        Snapshot end = recorder.finalState();
        assertThat(end.parked()).isNotEmpty();
        assertThat(end.parked()).allSatisfy(e -> assertThat(e.place()).as("%s has its place", e.label()).isNotNull());
    }

    @Test
    void aRunCutInTheMiddleOfAStepSaysWhichTaskWasRunningNotThatItNeverStarted() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        StepRecorder recorder = StepRecorder.attach(scheduler, 1000);
        Snapshot[] cut = new Snapshot[1];
        scheduler.run(() -> {
            createTask("spinner", () -> {
                cut[0] = recorder.finalState(); // as a time limit reads it, while this step never yields
                return null;
            });
            sleep(0.01);
            return null;
        });
        assertThat(cut[0].ending()).isEqualTo("cut");
        assertThat(cut[0].tid()).isEqualTo(2);
        assertThat(cut[0].taskStep()).isEqualTo(1);
        assertThat(cut[0].parked()).filteredOn(e -> e.tid() == 2).singleElement()
                .satisfies(e -> assertThat(e.text()).isEqualTo("in its step 1, still running: it has not yielded"));
        assertThat(cut[0].parked()).filteredOn(e -> e.tid() == 1).singleElement()
                .satisfies(e -> assertThat(e.place()).as("main waits at its sleep").isNotNull());
    }
}
