package exercises.step7_taskgroup;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;
import exercises.step4_sync.Event;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import miniasyncio.Clock;
import miniasyncio.Context;
import miniasyncio.ContextVar;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * CPython 3.13's {@code Lib/test/test_asyncio/test_taskgroups.py}, translated on the virtual
 * clock: each test keeps the Python test's name; the times are CPython's on an idle machine.
 * {@code ExceptionGroup} is {@link TaskGroupException}; {@code 1 / 0} is an
 * {@link ArithmeticException}.
 */
class CPythonTaskGroupsTest {

    static CancellableScheduler loop;
    /** Whether the loop's task factory is eager ({@link CPythonEagerTaskGroupsTest}). */
    static boolean eager;

    static <T> T run(Callable<T> main) {
        loop = new CancellableScheduler(Clock.virtual());
        loop.setEagerTaskFactory(eager);
        return loop.run("main", main);
    }

    static int me() {
        return loop.currentTask().tid();
    }

    static Set<Class<?>> errorTypes(Throwable group) {
        return ((TaskGroupException) group).exceptions().stream().map(Object::getClass).collect(Collectors.toSet());
    }

    static Callable<Object> raiseAfter(double seconds, RuntimeException error) {
        return () -> {
            sleep(seconds);
            throw error;
        };
    }

    static Object divideByZero() {
        int zero = 0;
        return 1 / zero;
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_01")
    void taskgroup01() {
        run(() -> {
            List<TaskFuture<?>> t = new ArrayList<>();
            TaskGroup.run(g -> {
                t.add(g.createTask("foo1", () -> {
                    sleep(0.1);
                    return 42;
                }));
                t.add(g.createTask("foo2", () -> {
                    sleep(0.2);
                    return 11;
                }));
                return null;
            });
            assertThat(t.get(0).result()).isEqualTo(42);
            assertThat(t.get(1).result()).isEqualTo(11);
            assertThat(now()).isEqualTo(0.2);
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_03")
    void taskgroup03() {
        run(() -> {
            List<TaskFuture<?>> t = new ArrayList<>();
            TaskGroup.run(g -> {
                t.add(g.createTask("foo1", () -> {
                    sleep(1);
                    return 42;
                }));
                sleep(0.15);
                t.get(0).cancel(); // everything should continue working as expected
                t.add(g.createTask("foo2", () -> {
                    sleep(0.2);
                    return 11;
                }));
                return null;
            });
            assertThat(t.get(0).isCancelled()).isTrue();
            assertThat(t.get(1).result()).isEqualTo(11);
            assertThat(now()).isEqualTo(0.35);
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_cancel_children_on_child_error")
    void cancelChildrenOnChildError() {
        int[] num = {0};
        boolean[] t2Cancel = {false};
        boolean[] runnerCancel = {false};
        run(() -> {
            TaskFuture<Object> runner = spawn("runner", () -> {
                TaskGroup.run(g -> {
                    for (int i = 0; i < 3; i++) {
                        g.createTask("foo1", () -> {
                            sleep(0.1);
                            return divideByZero();
                        });
                    }
                    g.createTask("foo2", () -> {
                        try {
                            sleep(5);
                        } catch (CancelledException e) {
                            t2Cancel[0] = true;
                            throw e;
                        }
                        return num[0]++;
                    });
                    try {
                        sleep(10);
                    } catch (CancelledException e) {
                        runnerCancel[0] = true;
                        throw e;
                    }
                    return null;
                });
                num[0] += 10;
                return null;
            });
            assertThatThrownBy(() -> await(runner)).isInstanceOf(TaskGroupException.class)
                    .satisfies(eg -> assertThat(errorTypes(eg)).containsExactly(ArithmeticException.class));
            assertThat(now()).isEqualTo(0.1);
            return null;
        });
        assertThat(num[0]).isZero();
        assertThat(t2Cancel[0]).isTrue();
        assertThat(runnerCancel[0]).isTrue();
    }

    @Test
    @DisplayName("test_taskgroups.test_cancellation: the parent waits for its children, cancelled with a message")
    void cancellation() {
        int[] num = {0};
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g -> {
                for (int i = 0; i < 5; i++) {
                    g.createTask("foo", () -> {
                        try {
                            sleep(5);
                        } catch (CancelledException e) {
                            num[0] += 1;
                            throw e;
                        }
                        return null;
                    });
                }
                return null;
            }));
            sleep(0.1);
            assertThat(r.isDone()).isFalse();
            r.cancel("test");
            Throwable thrown = catchThrowable(() -> await(r));
            assertThat(thrown).isExactlyInstanceOf(CancelledException.class);
            assertThat(thrown.getMessage()).isEqualTo("test");
            return null;
        });
        assertThat(num[0]).isEqualTo(5);
    }

    @Test
    @DisplayName("test_taskgroups.test_cancellation_in_body: cancelled with a message in the body")
    void cancellationInBody() {
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g -> {
                for (int i = 0; i < 5; i++) {
                    g.createTask("foo", () -> {
                        // CPython's foo starts its 0.1 s a loop turn after main started its own, so
                        // main wakes first, alone; on the virtual clock both would be due at 0.1
                        sleep(0.1 + 1e-6);
                        return divideByZero();
                    });
                }
                sleep(10);
                return null;
            }));
            sleep(0.1);
            assertThat(r.isDone()).isFalse();
            r.cancel("test");
            Throwable thrown = catchThrowable(() -> await(r));
            assertThat(thrown).isExactlyInstanceOf(CancelledException.class);
            assertThat(thrown.getMessage()).isEqualTo("test");
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_07")
    void taskgroup07() {
        int[] num = {0};
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g -> {
                for (int i = 0; i < 5; i++) {
                    g.createTask("foo", () -> {
                        try {
                            sleep(5);
                        } catch (CancelledException e) {
                            num[0] += 1;
                            throw e;
                        }
                        return null;
                    });
                }
                try {
                    sleep(10);
                } catch (CancelledException e) {
                    num[0] += 10;
                    throw e;
                }
                return null;
            }));
            sleep(0.1);
            assertThat(r.isDone()).isFalse();
            r.cancel();
            assertThatThrownBy(() -> await(r)).isExactlyInstanceOf(CancelledException.class);
            return null;
        });
        assertThat(num[0]).isEqualTo(15);
    }

    static Callable<Object> fooFailingInFinally() {
        return () -> {
            try {
                sleep(10);
            } finally {
                divideByZero();
            }
            return null;
        };
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_08")
    void taskgroup08() {
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g -> {
                for (int i = 0; i < 5; i++) {
                    g.createTask("foo", fooFailingInFinally());
                }
                sleep(10);
                return null;
            }));
            sleep(0.1);
            assertThat(r.isDone()).isFalse();
            r.cancel();
            assertThatThrownBy(() -> await(r)).isInstanceOf(TaskGroupException.class)
                    .satisfies(eg -> assertThat(errorTypes(eg)).containsExactly(ArithmeticException.class));
            assertThat(now()).isEqualTo(0.1);
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_12")
    void taskgroup12() {
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g1 -> {
                g1.createTask("sleep(10)", () -> {
                    sleep(10);
                    return null;
                });
                return TaskGroup.run(g2 -> {
                    for (int i = 0; i < 5; i++) {
                        g2.createTask("foo", fooFailingInFinally());
                    }
                    sleep(10);
                    return null;
                });
            }));
            sleep(0.1);
            assertThat(r.isDone()).isFalse();
            r.cancel();
            assertThatThrownBy(() -> await(r)).isInstanceOf(TaskGroupException.class).satisfies(eg -> {
                assertThat(errorTypes(eg)).containsExactly(TaskGroupException.class);
                assertThat(errorTypes(((TaskGroupException) eg).exceptions().get(0))).containsExactly(ArithmeticException.class);
            });
            assertThat(now()).isEqualTo(0.1);
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_14")
    void taskgroup14() {
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g1 -> {
                g1.createTask("crash_after(10)", raiseAfter(10, new IllegalArgumentException("10")));
                return TaskGroup.run(g2 -> g2.createTask("crash_after(0.1)", raiseAfter(0.1, new IllegalArgumentException("0.1"))));
            }));
            assertThatThrownBy(() -> await(r)).isInstanceOf(TaskGroupException.class).satisfies(eg -> {
                assertThat(errorTypes(eg)).containsExactly(TaskGroupException.class);
                assertThat(errorTypes(((TaskGroupException) eg).exceptions().get(0))).containsExactly(IllegalArgumentException.class);
            });
            assertThat(now()).isEqualTo(0.1);
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_15")
    void taskgroup15() {
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g1 -> {
                g1.createTask("crash_soon", raiseAfter(0.3, new ArithmeticException("/ by zero")));
                try {
                    sleep(10);
                } catch (CancelledException e) {
                    sleep(0.5);
                    throw e;
                }
                return null;
            }));
            sleep(0.1);
            assertThat(r.isDone()).isFalse();
            r.cancel(); // the cleanup's sleep(0.5) is cut at 0.3 by the child's failure
            assertThatThrownBy(() -> await(r)).isInstanceOf(TaskGroupException.class)
                    .satisfies(eg -> assertThat(errorTypes(eg)).containsExactly(ArithmeticException.class));
            assertThat(now()).isEqualTo(0.3);
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_18")
    void taskgroup18() {
        int[] num = {0};
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g -> {
                try {
                    sleep(10);
                } catch (CancelledException e) {
                    num[0] += 10;
                    throw new IllegalStateException("MyExc"); // not a good idea, but supported
                }
                return null;
            }));
            sleep(0.1);
            assertThat(r.isDone()).isFalse();
            r.cancel();
            assertThatThrownBy(() -> await(r)).isInstanceOf(TaskGroupException.class)
                    .satisfies(eg -> assertThat(errorTypes(eg)).containsExactly(IllegalStateException.class));
            return null;
        });
        assertThat(num[0]).isEqualTo(10);
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_19")
    void taskgroup19() {
        run(() -> {
            TaskFuture<Object> r = spawn("runner", () -> TaskGroup.run(g -> {
                g.createTask("crash_soon", raiseAfter(0.1, new ArithmeticException("/ by zero")));
                try {
                    sleep(10);
                } finally {
                    throw new IllegalStateException("MyExc");
                }
            }));
            assertThatThrownBy(() -> await(r)).isInstanceOf(TaskGroupException.class).satisfies(eg ->
                    assertThat(errorTypes(eg)).containsExactlyInAnyOrder(IllegalStateException.class, ArithmeticException.class));
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_taskgroup_no_create_task_after_failure")
    void noCreateTaskAfterFailure() {
        boolean[] refused = {false};
        run(() -> {
            assertThatThrownBy(() -> TaskGroup.run(g -> {
                g.createTask("coro1", raiseAfter(0.001, new ArithmeticException("/ by zero")));
                g.createTask("coro2", () -> {
                    try {
                        sleep(1);
                    } catch (CancelledException e) {
                        assertThatThrownBy(() -> g.createTask("coro1", () -> null)).isInstanceOf(IllegalStateException.class);
                        refused[0] = true;
                    }
                    return null;
                });
                return null;
            })).isInstanceOf(TaskGroupException.class)
                    .satisfies(eg -> assertThat(errorTypes(eg)).containsExactly(ArithmeticException.class));
            return null;
        });
        assertThat(refused[0]).isTrue();
    }

    @Test
    @DisplayName("test_taskgroups.test_cancelling_level_preserved")
    void cancellingLevelPreserved() {
        run(() -> {
            try {
                TaskGroup.run(tg -> tg.createTask("raise_after", raiseAfter(0.0, new IllegalStateException())));
            } catch (TaskGroupException e) {
                // except* RuntimeError
            }
            assertThat(loop.cancelling(me())).isZero();
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_nested_groups_both_cancelled")
    void nestedGroupsBothCancelled() {
        run(() -> {
            try {
                TaskGroup.run(outerTg -> {
                    try {
                        TaskGroup.run(innerTg -> {
                            innerTg.createTask("raise_after", raiseAfter(0, new IllegalStateException("RuntimeError")));
                            outerTg.createTask("raise_after", raiseAfter(0, new IllegalArgumentException("ValueError")));
                            return null;
                        });
                        throw new AssertionError("RuntimeError not raised");
                    } catch (TaskGroupException e) {
                        assertThat(errorTypes(e)).containsExactly(IllegalStateException.class);
                    }
                    assertThat(loop.cancelling(me())).as("the outer group's request is still there").isEqualTo(1);
                    return null;
                });
                throw new AssertionError("ValueError not raised");
            } catch (TaskGroupException e) {
                assertThat(errorTypes(e)).containsExactly(IllegalArgumentException.class);
            }
            assertThat(loop.cancelling(me())).isZero();
            return null;
        });
    }

    @Test
    @DisplayName("test_taskgroups.test_nested_groups_both_cancelled (a sleep after the inner group is interrupted)")
    void nestedGroupsBothCancelledTheOuterCancellationIsKept() {
        List<String> log = new ArrayList<>();
        run(() -> {
            try {
                TaskGroup.run(outerTg -> {
                    try {
                        TaskGroup.run(innerTg -> {
                            innerTg.createTask("raise_after", raiseAfter(0, new IllegalStateException("RuntimeError")));
                            outerTg.createTask("raise_after", raiseAfter(0, new IllegalArgumentException("ValueError")));
                            return null;
                        });
                    } catch (TaskGroupException e) {
                        log.add("inner group raised at " + now());
                    }
                    try {
                        sleep(1);
                        log.add("sleep after inner group: not interrupted at " + now());
                    } catch (CancelledException e) {
                        log.add("sleep after inner group: interrupted at " + now());
                        throw e;
                    }
                    return null;
                });
            } catch (TaskGroupException e) {
                log.add("outer group raised " + errorTypes(e).iterator().next().getSimpleName() + " at " + now());
            }
            return null;
        });
        assertThat(log).containsExactly("inner group raised at 0.0", "sleep after inner group: interrupted at 0.0",
                "outer group raised IllegalArgumentException at 0.0");
    }

    @Test
    @DisplayName("test_taskgroups.test_error_and_cancel")
    void errorAndCancel() {
        run(() -> {
            Event event = new Event();
            TaskFuture<Object> t = spawn("inner", () -> {
                try {
                    TaskGroup.run(tg -> {
                        tg.createTask("raise_error", () -> {
                            event.set();
                            sleep(0);
                            throw new IllegalStateException("RuntimeError");
                        });
                        sleep(1);
                        throw new AssertionError("Sleep in group should have been cancelled");
                    });
                } catch (TaskGroupException e) {
                    assertThat(loop.cancelling(me())).isEqualTo(1);
                }
                assertThat(loop.cancelling(me())).isEqualTo(1);
                sleep(1);
                throw new AssertionError("Sleep after group should have been cancelled");
            });
            event.await();
            assertThat(loop.cancelling(t.tid())).isZero();
            t.cancel();
            assertThat(loop.cancelling(t.tid())).isEqualTo(1);
            assertThatThrownBy(() -> await(t)).isExactlyInstanceOf(CancelledException.class);
            assertThat(t.isCancelled()).isTrue();
            assertThat(now()).isEqualTo(0.0);
            return null;
        });
    }
    @Test
    @DisplayName("test_taskgroups.test_taskgroup_task_context: tg.create_task(coro, context=ctx)")
    void taskgroupTaskContext() {
        ContextVar<Integer> cvar = new ContextVar<>("cvar");
        run(() -> TaskGroup.run(g -> {
            Context ctx = Context.copyContext();
            assertThat(ctx.get(cvar)).isNull();
            TaskFuture<Object> t1 = g.createTask("coro(1)", () -> {
                sleep(0);
                cvar.set(1);
                return null;
            }, ctx);
            await(t1);
            assertThat(ctx.get(cvar)).isEqualTo(1);
            TaskFuture<Object> t2 = g.createTask("coro(2)", () -> {
                sleep(0);
                cvar.set(2);
                return null;
            }, ctx);
            await(t2);
            assertThat(ctx.get(cvar)).isEqualTo(2);
            return null;
        }));
    }
}
