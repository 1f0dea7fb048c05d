package exercises.step7_taskgroup;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

class TaskGroupTest {

    static CancellableScheduler scheduler;

    static <T> T run(Callable<T> main) {
        scheduler = new CancellableScheduler(Clock.virtual());
        return scheduler.run("main", main);
    }

    static Callable<String> worker(String name, double delay, List<String> log) {
        return () -> {
            try {
                sleep(delay);
                return name + " done";
            } finally {
                log.add(name + " finally at " + now());
            }
        };
    }

    static Callable<Object> failing(String message, double delay) {
        return () -> {
            sleep(delay);
            throw new IllegalArgumentException(message);
        };
    }

    @Test
    void tasksListsTheChildrenSoFarInTheOrderTheyWereCreatedFinishedOnesToo() {
        List<String> log = new ArrayList<>();
        run(() -> TaskGroup.run(tg -> {
            TaskFuture<String> a = tg.createTask("A", worker("A", 0.1, log));
            TaskFuture<String> b = tg.createTask("B", worker("B", 0.3, log));
            assertThat(tg.tasks()).containsExactly(a, b);
            sleep(0.2); // A has finished
            TaskFuture<String> c = tg.createTask("C", worker("C", 0.1, log));
            assertThat(tg.tasks()).as("the children so far, in the order they were created, finished ones too")
                    .containsExactly(a, b, c);
            return null;
        }));
        assertThat(log).containsExactly("A finally at 0.1", "B finally at 0.3", "C finally at 0.3");
    }

    @Test
    void theGroupWaitsForAllItsChildren() {
        List<String> log = new ArrayList<>();
        String results = run(() -> {
            List<TaskFuture<String>> tasks = TaskGroup.run(tg -> List.of(
                    tg.createTask("A", worker("A", 0.1, log)),
                    tg.createTask("B", worker("B", 0.2, log))));
            log.add("after the group at " + now());
            return tasks.get(0).result() + ", " + tasks.get(1).result();
        });
        assertThat(results).isEqualTo("A done, B done");
        assertThat(log).containsExactly("A finally at 0.1", "B finally at 0.2", "after the group at 0.2");
    }

    @Test
    void aFailureCancelsTheOtherChildrenAndRaisesOneExceptionWithIt() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                TaskGroup.run(tg -> {
                    tg.createTask("long", worker("long", 1.0, log));
                    tg.createTask("fail", failing("operation failed", 0.01));
                    return null;
                });
                log.add("no exception?");
            } catch (TaskGroupException group) {
                log.add("group: " + group.exceptions().stream().map(Throwable::getMessage).toList() + " at " + now());
                log.add("cause: " + group.getCause().getMessage());
            }
            return null;
        });
        assertThat(log).containsExactly("long finally at 0.01", "group: [operation failed] at 0.01",
                "cause: operation failed");
    }

    @SuppressWarnings("finally")
    static Callable<Object> failsWhenCancelled(String message) {
        return () -> {
            try {
                sleep(1.0);
                return null;
            } finally {
                throw new IllegalStateException(message); // replaces the cancellation
            }
        };
    }

    @Test
    void everyFailureIsCarriedTheRestAsSuppressed() {
        TaskGroupException group = run(() -> {
            try {
                TaskGroup.run(tg -> {
                    tg.createTask("f1", failing("one", 0.1));
                    tg.createTask("f2", failsWhenCancelled("two, while cancelled"));
                    tg.createTask("f3", failsWhenCancelled("three, while cancelled"));
                    return null;
                });
                return null;
            } catch (TaskGroupException e) {
                return e;
            }
        });
        assertThat(group.exceptions()).extracting(Throwable::getMessage)
                .containsExactly("one", "two, while cancelled", "three, while cancelled");
        assertThat(group.getSuppressed()).extracting(Throwable::getMessage)
                .containsExactly("two, while cancelled", "three, while cancelled");
        assertThat(group).hasMessageContaining("3 sub-exceptions");
    }

    @Test
    void aFailureInterruptsTheBodyWhereItWaits() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                TaskGroup.run(tg -> {
                    tg.createTask("fail", failing("child failed", 0.1));
                    sleep(5.0);
                    log.add("body went on?");
                    return null;
                });
            } catch (TaskGroupException e) {
                log.add("group failed at " + now() + ": " + e.exceptions().get(0).getMessage());
            }
            return null;
        });
        assertThat(log).containsExactly("group failed at 0.1: child failed");
    }

    @Test
    void aFailingBodyCancelsTheChildrenAndIsAmongTheFailures() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                TaskGroup.run(tg -> {
                    tg.createTask("long", worker("long", 1.0, log));
                    sleep(0.1);
                    throw new IllegalStateException("body failed");
                });
            } catch (TaskGroupException e) {
                log.add("group: " + e.exceptions().get(0).getMessage() + " at " + now());
            }
            return null;
        });
        assertThat(log).containsExactly("long finally at 0.1", "group: body failed at 0.1");
    }

    @Test
    void cancellingTheParentCancelsTheChildrenAndPassesTheCancellationOn() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> parent = spawn("parent", () -> TaskGroup.run(tg -> {
                tg.createTask("a", worker("a", 1.0, log));
                tg.createTask("b", worker("b", 2.0, log));
                return null;
            }));
            sleep(0.3);
            parent.cancel();
            assertThatThrownBy(() -> await(parent)).isInstanceOf(CancelledException.class);
            log.add("parent cancelled at " + now());
            return null;
        });
        assertThat(log).containsExactly("a finally at 0.3", "b finally at 0.3", "parent cancelled at 0.3");
    }

    @Test
    void aChildCancelledFromOutsideIsNotAFailureOfTheGroup() {
        List<String> log = new ArrayList<>();
        String result = run(() -> TaskGroup.run(tg -> {
            TaskFuture<String> a = tg.createTask("a", worker("a", 1.0, log));
            tg.createTask("b", worker("b", 0.5, log));
            sleep(0.1);
            a.cancel();
            return "group ended normally at " + 0.5;
        }));
        assertThat(result).isEqualTo("group ended normally at 0.5");
        assertThat(log).containsExactly("a finally at 0.1", "b finally at 0.5");
    }

    @Test
    void childrenMayAddChildrenButNobodyAfterTheGroupHasFinished() {
        List<String> log = new ArrayList<>();
        TaskGroup[] kept = new TaskGroup[1];
        run(() -> {
            TaskGroup.run(tg -> {
                kept[0] = tg;
                tg.createTask("parent child", () -> {
                    sleep(0.1);
                    return tg.createTask("grandchild", worker("grandchild", 0.2, log));
                });
                return null;
            });
            log.add("group done at " + now());
            assertThatThrownBy(() -> kept[0].createTask("late", () -> null))
                    .as("createTask after the group has finished is an IllegalStateException")
                    .isInstanceOf(IllegalStateException.class);
            return null;
        });
        assertThat(log).containsExactly("grandchild finally at 0.3",
                "group done at 0.3");
    }

    @Test
    void theBodyRunsInTheCurrentTask() {
        List<Integer> tids = new ArrayList<>();
        run(() -> {
            tids.add(scheduler.currentTask().tid());
            TaskGroup.run(tg -> tids.add(scheduler.currentTask().tid()));
            return null;
        });
        assertThat(tids).as("the body of TaskGroup.run runs in the current task, not in a task of its own")
                .containsExactly(1, 1);
    }

    /** A child whose cleanup takes time: its cancellation ends only after {@code cleanup} seconds. */
    static Callable<Object> slowCleanup(String name, double cleanup, List<String> log) {
        return () -> {
            try {
                sleep(10.0);
                return null;
            } finally {
                sleep(cleanup); // a cleanup that waits: the group must wait for it
                log.add(name + " cleaned up at " + now());
            }
        };
    }

    @Test
    void aFailureWaitsForTheOtherChildrenToUnwindEvenWhenTheirCleanupWaits() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                TaskGroup.run(tg -> {
                    tg.createTask("fail", failing("operation failed", 0.1));
                    tg.createTask("slow", slowCleanup("slow", 0.2, log));
                    return null;
                });
            } catch (TaskGroupException e) {
                log.add("group failed at " + now());
            }
            return null;
        });
        assertThat(log).as("after a failure the group waits for every cancelled child to finish (its cleanup"
                + " too) before it throws").containsExactly("slow cleaned up at 0.3", "group failed at 0.3");
    }

    @Test
    void aCancelledParentWaitsForTheChildrenToUnwindEvenWhenTheirCleanupWaits() {
        List<String> log = new ArrayList<>();
        run(() -> {
            TaskFuture<Object> parent = spawn("parent", () -> TaskGroup.run(tg -> {
                tg.createTask("slow", slowCleanup("slow", 0.2, log));
                return null;
            }));
            sleep(0.1);
            parent.cancel();
            assertThatThrownBy(() -> await(parent)).isInstanceOf(CancelledException.class);
            log.add("parent cancelled at " + now());
            return null;
        });
        assertThat(log).as("a parent cancelled from outside waits for its cancelled children to finish (their"
                + " cleanup too) before its cancellation comes out").containsExactly("slow cleaned up at 0.3",
                "parent cancelled at 0.3");
    }

    @Test
    void createTaskWhileTheGroupShutsDownAfterAFailureIsRefused() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                TaskGroup.run(tg -> {
                    tg.createTask("fail", failing("operation failed", 0.1));
                    tg.createTask("spawner", () -> {
                        try {
                            sleep(1.0);
                            return null;
                        } catch (CancelledException cancelled) {
                            try {
                                tg.createTask("late", worker("late", 0.5, log));
                                log.add("started a task while the group shuts down");
                            } catch (IllegalStateException refused) {
                                log.add("refused");
                            }
                            throw cancelled;
                        }
                    });
                    return null;
                });
            } catch (TaskGroupException e) {
                log.add("group failed at " + now());
            }
            return null;
        });
        assertThat(log).as("createTask while the group shuts down after a failure is an IllegalStateException")
                .containsExactly("refused", "group failed at 0.1");
    }

    @Test
    void theGroupCancelsTheParentOnceHoweverManyChildrenFailWhileItIsInTheBody() {
        List<String> log = new ArrayList<>();
        run(() -> {
            int me = scheduler.currentTask().tid();
            assertThatThrownBy(() -> TaskGroup.run(tg -> {
                tg.createTask("A", failing("A failed", 0.1));
                tg.createTask("B", () -> {
                    try {
                        sleep(10);
                        return null;
                    } catch (CancelledException e) {
                        throw new IllegalStateException("B's cleanup failed"); // a second failure, at once
                    }
                });
                sleep(10); // the parent is still here when both failures come
                return null;
            })).isInstanceOf(TaskGroupException.class)
                    .satisfies(e -> assertThat(((TaskGroupException) e).exceptions()).hasSize(2));
            log.add("after the group at " + now() + ", cancelling " + scheduler.cancelling(me));
            try {
                sleep(0.5); // nothing left to interrupt it
                log.add("slept until " + now());
            } catch (CancelledException e) {
                log.add("cancelled again at " + now());
            }
            return null;
        });
        assertThat(log).as("the group cancels the parent at most once itself, and takes that request back")
                .containsExactly("after the group at 0.1, cancelling 0", "slept until 0.6");
    }

    @Test
    void aFailureWhileTheParentWaitsForTheChildrenCancelsTheParentThereToo() {
        List<String> log = new ArrayList<>();
        run(() -> {
            int me = scheduler.currentTask().tid();
            assertThatThrownBy(() -> TaskGroup.run(tg -> {
                tg.createTask("A", failing("A failed", 0.1));
                tg.createTask("B", () -> {
                    try {
                        sleep(10);
                        return null;
                    } catch (CancelledException e) {
                        log.add("B cancelled, the parent's requests: " + scheduler.cancelling(me));
                        throw e;
                    }
                });
                return null; // the body ends at once: the parent waits in run() for the children
            })).isInstanceOf(TaskGroupException.class);
            log.add("after the group, cancelling " + scheduler.cancelling(me));
            return null;
        });
        assertThat(log).as("as asyncio 3.13: the group cancels the parent wherever it waits, in the body or in"
                + " run()'s wait for the children, and takes the request back at the end")
                .containsExactly("B cancelled, the parent's requests: 1", "after the group, cancelling 0");
    }
}
