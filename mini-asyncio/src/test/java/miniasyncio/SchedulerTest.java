package miniasyncio;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.testing.AsyncTest;
import miniasyncio.trace.Instrument;
import org.junit.jupiter.api.Test;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SchedulerTest {

    private final Scheduler scheduler = new Scheduler(Clock.virtual());

    @Test
    void runWaitsForAllTasksAndReturnsMainsResult() {
        List<String> log = new ArrayList<>();
        String result = scheduler.run(() -> {
            createTask("late", () -> {
                sleep(5);
                log.add("late finished at " + now());
            });
            log.add("main finished at " + now());
            return "main's result";
        });
        assertThat(result).isEqualTo("main's result");
        assertThat(log).containsExactly("main finished at 0.0", "late finished at 5.0");
        assertThat(scheduler.now()).isEqualTo(5.0);
    }

    @Test
    void tidsStartAtOneAndResultsAreKeptByTid() {
        scheduler.run(() -> {
            assertThat(createTask(() -> "two")).isEqualTo(2);
            assertThat(createTask(() -> "three")).isEqualTo(3);
            return "one";
        });
        assertThat(scheduler.results).containsEntry(1, new Step.Returned("one"))
                .containsEntry(2, new Step.Returned("two"))
                .containsEntry(3, new Step.Returned("three"));
        assertThat(scheduler.nextId).isEqualTo(3);
    }

    @Test
    void aFailingTaskKeepsItsExceptionAndTheOthersRunOn() {
        IllegalStateException boom = new IllegalStateException("worker exploded");
        List<String> log = new ArrayList<>();
        try (Capture captured = new Capture()) {
            scheduler.run(() -> {
                createTask("bad worker", () -> {
                    sleep(1);
                    throw boom;
                });
                createTask("good worker", () -> {
                    sleep(2);
                    log.add("good worker done");
                });
                return null;
            });
            assertThat(captured.err())
                    .contains("Task exception was never retrieved: task 2 (bad worker)")
                    .contains("java.lang.IllegalStateException: worker exploded")
                    .contains("at miniasyncio.SchedulerTest"); // the stack trace, not just the message
        }
        assertThat(log).containsExactly("good worker done");
        assertThat(scheduler.results.get(2)).isEqualTo(new Step.Failed(boom));
    }

    @Test
    void whenMainFailsRunRethrowsItsException() {
        assertThatThrownBy(() -> scheduler.run(() -> {
            sleep(1);
            throw new ArithmeticException("main broke");
        })).isInstanceOf(ArithmeticException.class).hasMessage("main broke");
    }

    @Test
    void aCheckedExceptionFromMainArrivesWrapped() {
        assertThatThrownBy(() -> scheduler.run(() -> {
            throw new java.io.IOException("disk");
        })).isInstanceOf(Step.TaskFailedException.class).hasCauseInstanceOf(java.io.IOException.class);
    }

    @Test
    void aRetrievedFailureIsNotReported() {
        try (Capture captured = new Capture()) {
            new Scheduler(Clock.virtual()) {
                {
                    run(() -> {
                        createTask("bad", () -> {
                            throw new IllegalStateException("seen");
                        });
                        sleep(1);
                        assertThat(takeResult(2)).isInstanceOf(Step.Failed.class);
                        return null;
                    });
                }
            };
            assertThat(captured.err()).doesNotContain("never retrieved");
        }
    }

    @AsyncTest // the body runs as the main task of a fresh scheduler on the virtual clock
    void anUnknownSyscallIsThrownIntoTheTaskThatYieldedIt() {
        assertThatThrownBy(() -> Scheduler.syscall("custom", "please fork()"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown syscall: please fork() (java.lang.String)")
                // the trace points at the line that yielded it, inside this test
                .satisfies(e -> assertThat(e.getStackTrace()).anySatisfy(frame ->
                        assertThat(frame.getClassName()).startsWith(SchedulerTest.class.getName())));
    }

    @Test
    void anUnhandledUnknownSyscallFailsTheTaskNotTheLoop() {
        assertThatThrownBy(() -> scheduler.run(() -> Scheduler.syscall("custom", 42)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown syscall: 42");
    }

    @AsyncTest
    void sleepRejectsNegativeNanAndInfiniteDurationsAtTheCall() {
        assertThatThrownBy(() -> sleep(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 0").hasMessageContaining("got -1.0");
        assertThatThrownBy(() -> sleep(Double.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 0").hasMessageContaining("got NaN");
        assertThatThrownBy(() -> sleep(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 0");
        assertThatThrownBy(() -> sleep(Duration.ofMillis(-5))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 0");
    }

    @Test
    void sleepZeroIsABareYieldToTheBackOfReady() {
        List<String> log = new ArrayList<>();
        Scheduler s = new Scheduler(Clock.virtual()) {
            @Override
            protected void handleSyscall(Task task, Object syscall) {
                super.handleSyscall(task, syscall);
                if (syscall instanceof Sleep sleep && sleep.duration() == 0) {
                    log.add("sleeping heap size " + sleeping.size() + ", last ready " + ready.peekLast().name());
                }
            }
        };
        s.run(() -> {
            createTask("other", () -> log.add("other ran"));
            sleep(0);
            log.add("main resumed at " + now());
            return null;
        });
        assertThat(log).containsExactly("sleeping heap size 0, last ready main", "other ran", "main resumed at 0.0");
    }

    @Test
    void equalWakeTimesStayFirstInFirstOut() {
        List<String> order = new ArrayList<>();
        scheduler.run(() -> {
            for (String name : List.of("e", "d", "c", "b", "a")) {
                createTask(name, () -> {
                    sleep(1);
                    order.add(name);
                });
            }
            return null;
        });
        assertThat(order).containsExactly("e", "d", "c", "b", "a");
    }

    @Test
    void timersFireInWakeTimeOrderNotCreationOrder() {
        List<String> order = new ArrayList<>();
        scheduler.run(() -> {
            for (int d : new int[] {3, 1, 2}) {
                createTask(() -> {
                    sleep(d);
                    order.add(d + "s at " + now());
                });
            }
            return null;
        });
        assertThat(order).containsExactly("1s at 1.0", "2s at 2.0", "3s at 3.0");
    }

    @Test
    void theVirtualClockMakesTheLecturesTimesExact() {
        scheduler.run(() -> {
            sleep(0.05);
            sleep(0.05);
            return null;
        });
        assertThat(scheduler.clock().nanoTime()).isEqualTo(100_000_000L);
    }

    @Test
    void createTaskOutsideRunUsesTheLecturesWording() {
        assertThatThrownBy(() -> createTask(() -> 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no running event loop; call createTask() inside run()");
    }

    @Test
    void sleepOutsideATaskSaysHowToStartOne() {
        assertThatThrownBy(() -> sleep(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("sleep() called outside a running task: start tasks with run()");
    }

    @Test
    void sleepInsideAGeneratorBodyIsRefusedWithAReason() {
        assertThatThrownBy(() -> scheduler.run(() -> {
            Generator<Object, Void, Void> g = new Generator<>(gen -> {
                sleep(1);
                return null;
            });
            return g.next();
        })).isInstanceOf(IllegalStateException.class).hasMessageContaining("inside a Generator's body");
    }

    @Test
    void theCurrentSchedulerIsSetOnlyDuringRun() {
        Scheduler[] seen = new Scheduler[1];
        scheduler.run(() -> seen[0] = Scheduler.current());
        assertThat(seen[0]).isSameAs(scheduler);
        assertThat(Scheduler.current()).isNull();
    }

    @Test
    void runIsNotReentrantAndNotRepeatable() {
        assertThatThrownBy(() -> scheduler.run(() -> new Scheduler(Clock.virtual()).run(() -> 1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already running on this thread");
        assertThatThrownBy(() -> scheduler.run(() -> 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already run");
    }

    @Test
    void aYieldingLoopCannotStarveADueTimer() {
        // A clock that moves 1 ms each time it is read: deterministic "real" time, so a task that
        // yields forever with sleep(0) keeps the loop busy while time passes.
        Clock ticking = new Clock() {
            long t;

            @Override
            public long nanoTime() {
                return t += 1_000_000;
            }

            @Override
            public void sleepUntil(long deadline) {
                t = Math.max(t, deadline);
            }
        };
        boolean[] timerFired = new boolean[1];
        int[] spins = new int[1];
        new Scheduler(ticking).run(() -> {
            createTask("spinner", () -> {
                while (!timerFired[0]) {
                    spins[0]++;
                    sleep(0);
                }
            });
            createTask("timer", () -> {
                sleep(0.05);
                timerFired[0] = true;
            });
            return null;
        });
        assertThat(timerFired[0]).isTrue();
        assertThat(spins[0]).isBetween(1, 100);
    }

    @Test
    void aYieldingLoopCannotStarveADueTimerOnTheRealClock() {
        // Generous bound only; the deterministic check is the test above.
        boolean[] timerFired = new boolean[1];
        long start = System.nanoTime();
        new Scheduler(Clock.monotonic()).run(() -> {
            createTask(() -> {
                while (!timerFired[0]) {
                    sleep(0);
                }
            });
            createTask(() -> {
                sleep(0.02);
                timerFired[0] = true;
            });
            return null;
        });
        assertThat(timerFired[0]).isTrue();
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(5);
    }

    @Test
    void idleWaitBlocksUntilTheNextTimerInsteadOfPolling() {
        int[] loopTurns = new int[1];
        Scheduler counting = new Scheduler(Clock.monotonic()) {
            @Override
            protected boolean hasWork() { // asked once per loop turn
                loopTurns[0]++;
                return super.hasWork();
            }
        };
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuBefore = threads.getCurrentThreadCpuTime();
        long wallBefore = System.nanoTime();
        counting.run(() -> {
            sleep(0.3);
            return null;
        });
        long cpu = threads.getCurrentThreadCpuTime() - cpuBefore;
        long wall = System.nanoTime() - wallBefore;
        // Exact: a turn to start main, one that waits, one that resumes it, and the check that ends
        // the loop; a polling loop would turn thousands of times.
        assertThat(loopTurns[0]).isLessThanOrEqualTo(4);
        assertThat(wall).isGreaterThanOrEqualTo(300_000_000L);
        assertThat(cpu).as("CPU while every task sleeps").isLessThan(wall / 2);
    }

    @Test
    void anAbortedRunClosesTheTasksLeftSoTheirFinallyRuns() {
        List<String> log = new ArrayList<>();
        Scheduler broken = new Scheduler(Clock.virtual()) {
            @Override
            protected void handleSyscall(Task task, Object syscall) {
                if (syscall instanceof Sleep sleep && sleep.duration() == 1) {
                    throw new IllegalStateException("scheduler bug");
                }
                super.handleSyscall(task, syscall);
            }
        };
        assertThatThrownBy(() -> broken.run(() -> {
            createTask("sleeper", () -> {
                try {
                    sleep(10);
                } finally {
                    log.add("sleeper cleaned up");
                }
            });
            sleep(0);
            sleep(1);
            return null;
        })).hasMessage("scheduler bug");
        assertThat(log).containsExactly("sleeper cleaned up");
    }

    @Test
    void anErrorWhileClosingDoesNotHideTheErrorThatStoppedTheLoop() {
        Scheduler stub = new Scheduler(Clock.virtual()) {
            @Override
            protected boolean hasWork() {
                throw new NotImplementedYet("Stub.hasWork", "Stub.java");
            }

            @Override
            protected List<Task> pendingTasks() {
                throw new NotImplementedYet("Stub.pendingTasks", "Stub.java");
            }
        };
        assertThatThrownBy(() -> stub.run(() -> 1))
                .hasMessageContaining("Stub.hasWork")
                .satisfies(e -> assertThat(e.getSuppressed()).singleElement()
                        .satisfies(s -> assertThat(s).hasMessageContaining("Stub.pendingTasks")));
    }

    @Test
    void debugModeRecordsWhereATaskWasCreated() {
        scheduler.settings().setDebug(true);
        try (Capture captured = new Capture()) {
            scheduler.run(() -> {
                createTask("doomed", () -> {
                    throw new IllegalStateException("x");
                });
                return null;
            });
            assertThat(captured.err()).contains("task 2 (doomed) was created at:")
                    .contains("SchedulerTest.lambda$debugModeRecordsWhereATaskWasCreated");
        }
    }

    @Test
    void instrumentsSeeSpawnsStepsExitsAndIdleWaits() {
        List<String> events = new ArrayList<>();
        scheduler.settings().addInstrument(new Instrument() {
            @Override
            public void taskSpawned(Task task, Task creator) {
                events.add("spawn " + task.tid() + " by " + (creator == null ? "-" : creator.tid()));
            }

            @Override
            public void afterStep(Task task, Step step) {
                events.add("step " + task.tid() + " " + (step instanceof Step.Yielded y ? y.value() : "end"));
            }

            @Override
            public void idleWait(long from, long to) {
                events.add("idle " + from + ".." + to);
            }

            @Override
            public void taskExited(Task task, Step.Outcome outcome) {
                events.add("exit " + task.tid() + " " + outcome.get());
            }
        });
        scheduler.run(() -> {
            createTask(() -> 7);
            sleep(1e-9);
            return 1;
        });
        assertThat(events).containsExactly("spawn 1 by -", "spawn 2 by 1", "step 1 Sleep[duration=1.0E-9]",
                "step 2 end", "exit 2 7", "idle 0..1", "step 1 end", "exit 1 1");
    }
}
