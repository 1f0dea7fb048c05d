package miniasyncio.testing;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import miniasyncio.Capture;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The extension's own tests: each runs a small test class (nested here, so that the build does
 * not run it on its own) with JUnit's EngineTestKit and checks how it passed or failed.
 */
class AsyncTestExtensionTest {

    static final List<String> log = new CopyOnWriteArrayList<>();

    private static Events run(Class<?> testClass) {
        return execute(testClass).allEvents();
    }

    private static EngineExecutionResults execute(Class<?> testClass) {
        log.clear();
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute();
    }

    // ---------------------------------------------------------------- the body runs as a task

    static class Passing {
        @AsyncTest
        void runsAsTheMainTaskOnTheVirtualClock() {
            long wall = System.nanoTime();
            Scheduler scheduler = Scheduler.current();
            log.add(scheduler.currentTask().toString());
            sleep(3600); // an hour, instantly
            log.add("t=" + now());
            log.add("wall<1s=" + (System.nanoTime() - wall < 1_000_000_000L));
        }

        @Test
        void aPlainTestIsLeftAlone() {
            log.add("plain test on a scheduler: " + (Scheduler.current() != null));
        }
    }

    @Test
    void theBodyRunsAsTheMainTaskOfAFreshSchedulerOnTheVirtualClock() {
        execute(Passing.class).testEvents().assertStatistics(s -> s.succeeded(2).failed(0));
        assertThat(log).contains("task 1 (test runsAsTheMainTaskOnTheVirtualClock())", "t=3600.0", "wall<1s=true",
                "plain test on a scheduler: false");
    }

    static class AssertionInside {
        @AsyncTest
        void wrongAnswer() {
            sleep(1);
            assertThat(41).as("the answer").isEqualTo(42);
        }
    }

    @Test
    void anAssertionInTheBodyFailsTheTestUnchanged() {
        run(AssertionInside.class).assertThatEvents().haveExactly(1, event(test("wrongAnswer"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m -> m.contains("[the answer]")))));
    }

    // ---------------------------------------------------------------- failure modes

    static class LosesAFailure {
        @AsyncTest
        void forgetsAFailingTask() {
            createTask("doomed", () -> {
                sleep(0.5);
                throw new IllegalStateException("boom");
            });
            sleep(1);
        }
    }

    @Test
    void aTaskExceptionNobodyRetrievedFailsTheTestAndSaysWhereTheTaskWasCreated() {
        Events events;
        try (Capture capture = new Capture()) {
            events = run(LosesAFailure.class);
            assertThat(capture.err()).contains("Task exception was never retrieved: task 2 (doomed)");
        }
        events.assertThatEvents().haveExactly(1, event(test("forgetsAFailingTask"),
                finishedWithFailure(instanceOf(AssertionError.class),
                        message(m -> m.startsWith("test forgetsAFailingTask(): a task failed and nobody retrieved"
                                + " the exception (await the task, or catch inside it):")
                                && m.contains("task 2 (doomed) failed with java.lang.IllegalStateException: boom,"
                                + " created at miniasyncio.testing.AsyncTestExtensionTest$LosesAFailure"
                                + ".forgetsAFailingTask(AsyncTestExtensionTest.java:")))));
    }

    static class LeavesTasksBehind {
        @AsyncTest
        void returnsTooEarly() {
            createTask("ticker", () -> {
                try {
                    while (true) {
                        sleep(1);
                    }
                } finally {
                    log.add("ticker closed");
                }
            });
            sleep(0.5);
            createTask("never started", () -> log.add("never"));
        }
    }

    @Test
    void tasksStillPendingAtTheEndFailTheTestWithTheirNames() {
        Events events = run(LeavesTasksBehind.class);

        events.assertThatEvents().haveExactly(1, event(test("returnsTooEarly"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m ->
                        m.startsWith("test returnsTooEarly() ended with 2 tasks still pending (now closed; await them,"
                                + " or let them finish, before the test returns):")
                                && m.contains("\n  task 2 (ticker), created at ")
                                && m.contains("\n  task 3 (never started), created at ")))));
        assertThat(log).contains("ticker closed").doesNotContain("never"); // closed, so its finally ran
    }

    static class LeavesALeakyTaskBehind {
        @AsyncTest
        void returnsTooEarly() {
            createTask("leaky", () -> {
                try {
                    sleep(10);
                } finally {
                    throw new IllegalStateException("finally failed while closing");
                }
            });
            sleep(1);
        }
    }

    @Test
    void aTaskWhoseFinallyThrowsWhenClosedFailsTheTestWithThatException() {
        Events events;
        try (Capture capture = new Capture()) {
            events = run(LeavesALeakyTaskBehind.class);
            assertThat(capture.err()).contains("Task exception was never retrieved: task 2 (leaky)");
        }
        events.assertThatEvents().haveExactly(1, event(test("returnsTooEarly"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m ->
                        m.contains("task 2 (leaky) failed with java.lang.IllegalStateException: finally failed while closing")))));
    }

    static class HoldsAMonitorAcrossASuspension {
        static final Object SHARED = new Object();

        static void enter() {
            synchronized (SHARED) {
                sleep(0.1);
            }
        }

        @AsyncTest(timeout = 30)
        void twoTasksOneMonitor() {
            createTask("first", HoldsAMonitorAcrossASuspension::enter);
            createTask("second", HoldsAMonitorAcrossASuspension::enter);
            sleep(1);
        }
    }

    @Test
    void aLoopStuckOnAMonitorFailsTheTestWithTheReportLongBeforeTheLimit() {
        long started = System.nanoTime();
        Events events = run(HoldsAMonitorAcrossASuspension.class);
        if (Runtime.version().feature() < 24) { // JDK 21: the suspension itself fails, the task's error is lost
            events.assertThatEvents().haveExactly(1, event(test("twoTasksOneMonitor"), finishedWithFailure(
                    message(m -> m.contains("cannot suspend here")))));
            return;
        }
        events.assertThatEvents().haveExactly(1, event(test("twoTasksOneMonitor"), finishedWithFailure(
                instanceOf(AssertionError.class), message(m -> m.contains("has been blocked for")
                        && m.contains("task 2 (first), suspended inside it at")
                        && m.contains("exercises.step4_sync.Lock")))));
        assertThat((System.nanoTime() - started) / 1e9).as("not the 30 s limit").isLessThan(10);
    }

    static volatile boolean stopSpinning;

    static class NeverYields {
        @AsyncTest(timeout = 0.5)
        void spins() {
            while (!stopSpinning) {
                Thread.onSpinWait(); // no sleep(): the loop can never take the thread back
            }
        }
    }

    @Test
    void aLoopWithNoYieldIsCaughtByTheWallClockLimit() {
        stopSpinning = false;
        long started = System.nanoTime();
        try {
            run(NeverYields.class).assertThatEvents().haveExactly(1, event(test("spins"),
                    finishedWithFailure(instanceOf(AssertionError.class), message(m ->
                            m.startsWith("test spins() did not finish within the 0.5 s limit (timeout = 0.5) of"
                                    + " wall-clock time. The loop is stuck in task 1 (test spins()) at loop time"
                                    + " 0.000 s: a step that never yields")))));
        } finally {
            stopSpinning = true; // let the abandoned thread go
        }
        assertThat(System.nanoTime() - started).isLessThan(8_000_000_000L); // generous; not the 10 s default
    }

    static class Blocks {
        @AsyncTest(timeout = 0.3)
        void callsThreadSleep() throws InterruptedException {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                log.add("interrupted");
                throw e;
            }
        }
    }

    @Test
    void aBlockingCallIsInterruptedWhenTheLimitPasses() throws InterruptedException {
        Events events = run(Blocks.class);

        events.assertThatEvents().haveExactly(1, event(test("callsThreadSleep"),
                finishedWithFailure(instanceOf(AssertionError.class),
                        message(m -> m.contains("did not finish within the 0.3 s limit")))));
        Throwable failure = events.failed().stream().findFirst().orElseThrow()
                .getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class).getThrowable().orElseThrow();
        assertThat(failure.getStackTrace()).extracting(StackTraceElement::getMethodName).contains("callsThreadSleep");
        for (int i = 0; i < 100 && !log.contains("interrupted"); i++) {
            Thread.sleep(20);
        }
        assertThat(log).contains("interrupted");
    }

    static class TimersForever {
        @AsyncTest(timeout = 0.5)
        void neverEnds() {
            while (true) {
                sleep(1); // yields, but on the virtual clock the loop races through time forever
            }
        }
    }

    @Test
    void aTaskThatNeverEndsOnTheVirtualClockIsCaughtToo() throws InterruptedException {
        run(TimersForever.class).assertThatEvents().haveExactly(1, event(test("neverEnds"),
                finishedWithFailure(instanceOf(AssertionError.class),
                        message(m -> m.contains("did not finish within the 0.5 s limit")))));
        // The abandoned loop still yields, so it stops at its next step instead of racing on.
        for (int i = 0; i < 250 && loopThreadAlive("neverEnds"); i++) {
            Thread.sleep(20);
        }
        assertThat(loopThreadAlive("neverEnds")).as("the abandoned loop's thread has ended").isFalse();
    }

    private static boolean loopThreadAlive(String testName) {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().startsWith("mini-asyncio loop of") && t.getName().contains(testName));
    }

    // ---------------------------------------------------------------- hooks and lifetime

    static class Hooks {
        int fromBefore;

        @BeforeEach
        void setUp() {
            log.add("before on " + Scheduler.current().currentTask());
            sleep(1);
            fromBefore = createTask("helper", () -> {
                sleep(1);
                return "helped";
            });
        }

        @AsyncTest
        void body() {
            log.add("body at t=" + now());
            sleep(2);
            log.add("helper " + Scheduler.current().resultOf(fromBefore).get());
        }

        @AfterEach
        void tearDown() {
            sleep(1);
            log.add("after at t=" + now());
        }
    }

    @Test
    void beforeAndAfterEachRunAsTheSameMainTaskOnTheTestsScheduler() {
        execute(Hooks.class).testEvents().assertStatistics(s -> s.succeeded(1).failed(0));

        assertThat(log).containsExactly("before on task 1 (test body())", "body at t=1.0", "helper helped",
                "after at t=4.0");
    }

    static class EachTestItsOwn {
        @AsyncTest
        void first() {
            sleep(5);
            log.add("first ends at " + now());
        }

        @AsyncTest
        void second() {
            log.add("second starts at " + now());
        }
    }

    @Test
    void eachTestHasAFreshScheduler() {
        execute(EachTestItsOwn.class).testEvents().assertStatistics(s -> s.succeeded(2));

        assertThat(log).contains("first ends at 5.0", "second starts at 0.0");
    }

    @SharedScheduler
    static class Shared {
        static final List<Integer> ticks = new ArrayList<>();
        static boolean stop;

        @BeforeAll
        static void startTicker() {
            stop = false;
            ticks.clear();
            createTask("ticker", () -> {
                for (int i = 1; !stop; i++) {
                    sleep(1);
                    ticks.add(i);
                }
            });
            log.add("before all on " + Scheduler.current().currentTask());
        }

        @AsyncTest
        void first() {
            sleep(2.5);
            log.add("first sees ticks " + ticks);
        }

        @AsyncTest
        void second() {
            sleep(1);
            log.add("second sees ticks " + ticks + " at t=" + now());
        }

        @AfterAll
        static void stopTicker() {
            stop = true;
            sleep(1);
        }
    }

    @Test
    void aSharedSchedulerRunsTheWholeClassAndKeepsTasksBetweenTests() {
        EngineExecutionResults results = execute(Shared.class);

        results.testEvents().assertStatistics(s -> s.succeeded(2).failed(0));
        results.containerEvents().assertStatistics(s -> s.failed(0)); // the class passed its end checks too
        assertThat(log).startsWith("before all on task 1 (class Shared)");
        // Whichever order JUnit picks, the ticker started in @BeforeAll kept ticking across tests
        // and time went on from one test to the next (on a timer tie the earlier timer wins).
        List<String> tests = List.copyOf(log.subList(1, 3));
        assertThat(tests).isIn(
                List.of("first sees ticks [1, 2]", "second sees ticks [1, 2, 3] at t=3.5"),
                List.of("second sees ticks [] at t=1.0", "first sees ticks [1, 2, 3]"));
    }

    @SharedScheduler
    static class SharedLeftovers {
        @BeforeAll
        static void startForever() {
            createTask("server", () -> {
                while (true) {
                    sleep(1);
                }
            });
        }

        @AsyncTest
        void uses() {
            sleep(1);
        }
    }

    @Test
    void aSharedSchedulerFailsTheClassWhenTasksArePendingAfterAfterAll() {
        Events events = run(SharedLeftovers.class);

        events.assertThatEvents().haveExactly(1, event(test("uses"), finishedSuccessfully()));
        events.assertThatEvents().haveExactly(1, event(container(SharedLeftovers.class),
                finishedWithFailure(instanceOf(AssertionError.class), message(m ->
                        m.startsWith("class SharedLeftovers ended with 1 task still pending")
                                && m.contains("task 2 (server)")))));
    }

    // ---------------------------------------------------------------- choosing the scheduler

    public static class CountingScheduler extends Scheduler {
        public CountingScheduler(Clock clock) {
            super(clock);
        }
    }

    static class CustomScheduler {
        @AsyncTest(scheduler = CountingScheduler.class)
        void usesIt() {
            log.add(Scheduler.current().getClass().getSimpleName());
        }
    }

    @Test
    void theSchedulerClassCanBeChosen() {
        execute(CustomScheduler.class).testEvents().assertStatistics(s -> s.succeeded(1));
        assertThat(log).containsExactly("CountingScheduler");
    }

    public static class NoClockConstructor extends Scheduler {
        public NoClockConstructor() {
            super(Clock.virtual());
        }
    }

    static class BadScheduler {
        @AsyncTest(scheduler = NoClockConstructor.class)
        void cannotRun() {
        }
    }

    @Test
    void aSchedulerWithoutAClockConstructorIsAClearConfigurationError() {
        run(BadScheduler.class).assertThatEvents().haveExactly(1, event(test("cannotRun"),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message(
                        AsyncTestExtensionTest.class.getName() + "$NoClockConstructor needs a public constructor"
                                + " taking a miniasyncio.Clock for @AsyncTest(scheduler = ...)"))));
    }

    @SharedScheduler
    static class ConflictingSetup {
        @AsyncTest(clock = TestClock.REAL)
        void wantsRealTime() {
        }
    }

    @Test
    void aTestCannotAskForAnotherClockThanTheSharedScheduler() {
        run(ConflictingSetup.class).assertThatEvents().haveExactly(1, event(test("wantsRealTime"),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("but the class shares one scheduler (@SharedScheduler: clock VIRTUAL")))));
    }
}
