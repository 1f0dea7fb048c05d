package miniasyncio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import jdk.internal.vm.Continuation;
import org.junit.jupiter.api.Test;

class CoroutineTest {

    @Test
    void sendDeliversValuesAndYieldHandsThemOut() {
        Coroutine co = new Coroutine("adder", () -> {
            int total = 0;
            while (total < 10) {
                total += (Integer) Coroutine.yield(total);
            }
            return "total " + total;
        });
        assertThat(co.send(null)).isEqualTo(new Step.Yielded(0));
        assertThat(co.send(4)).isEqualTo(new Step.Yielded(4));
        assertThat(co.send(7)).isEqualTo(new Step.Returned("total 11"));
        assertThat(co.isDone()).isTrue();
    }

    @Test
    void yieldWorksFromAnyCallDepth() {
        Coroutine co = new Coroutine("deep", () -> depth(5));
        assertThat(co.send(null)).isEqualTo(new Step.Yielded("bottom"));
        assertThat(co.send("up")).isEqualTo(new Step.Returned("up"));
    }

    private static Object depth(int n) {
        return n == 0 ? Coroutine.yield("bottom") : depth(n - 1);
    }

    @Test
    void throwIntoRaisesAtTheSuspensionPoint() {
        Coroutine co = new Coroutine("catcher", () -> {
            try {
                Coroutine.yield("waiting");
                return "not thrown";
            } catch (IllegalArgumentException e) {
                return "caught " + e.getMessage();
            }
        });
        co.send(null);
        assertThat(co.throwInto(new IllegalArgumentException("boom"))).isEqualTo(new Step.Returned("caught boom"));
    }

    @Test
    void anUncaughtExceptionBecomesAFailedOutcome() {
        RuntimeException boom = new RuntimeException("boom");
        Coroutine co = new Coroutine("thrower", () -> {
            Coroutine.yield(1);
            throw boom;
        });
        co.send(null);
        Step step = co.send(null);
        assertThat(step).isEqualTo(new Step.Failed(boom));
        assertThat(co.outcome()).isSameAs(step);
    }

    @Test
    void closeUnwindsSoFinallyBlocksRun() {
        List<String> log = new ArrayList<>();
        Coroutine co = new Coroutine("cleaner", () -> {
            try {
                Coroutine.yield(1);
                log.add("resumed normally");
                return null;
            } finally {
                log.add("finally ran");
            }
        });
        co.send(null);
        co.close();
        assertThat(log).containsExactly("finally ran");
        assertThat(co.isDone()).isTrue();
    }

    @Test
    void closingANeverStartedCoroutineRunsNothing() {
        List<String> log = new ArrayList<>();
        Coroutine co = new Coroutine("idle", () -> log.add("ran"));
        co.close();
        assertThat(co.isDone()).isTrue();
        assertThat(log).isEmpty();
    }

    @Test
    void aCoroutineThatIgnoresCloseIsReported() {
        Coroutine co = new Coroutine("stubborn", () -> {
            while (true) {
                try {
                    Coroutine.yield("again");
                } catch (Coroutine.Exit ignored) {
                    // wrong: swallows the request to stop
                }
            }
        });
        co.send(null);
        assertThatThrownBy(co::close)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'stubborn' ignored close()")
                .hasMessageContaining("Let Coroutine.Exit propagate");
    }

    @Test
    void catchExceptionDoesNotSwallowClose() {
        // Exit is an Error, like Python's GeneratorExit a BaseException: except Exception misses it.
        List<String> log = new ArrayList<>();
        Coroutine co = new Coroutine("careless", () -> {
            while (true) {
                try {
                    Coroutine.yield("working");
                } catch (Exception e) {
                    log.add("caught " + e); // must not see the request to stop
                }
            }
        });
        co.send(null);
        co.close();
        assertThat(Throwable.class.isAssignableFrom(Coroutine.Exit.class)).isTrue();
        assertThat(Error.class.isAssignableFrom(Coroutine.Exit.class)).isTrue();
        assertThat(log).isEmpty();
        assertThat(co.isDone()).isTrue();
        assertThat(((Step.Failed) co.outcome()).exception()).isInstanceOf(Coroutine.Exit.class);
    }

    @Test
    void aBodyThatCatchesThrowableAndYieldsAgainIsReportedAsIgnoringClose() {
        Coroutine co = new Coroutine("greedy", () -> {
            while (true) {
                try {
                    Coroutine.yield("again");
                } catch (Throwable t) {
                    // wrong: Throwable includes Coroutine.Exit
                }
            }
        });
        co.send(null);
        assertThatThrownBy(co::close)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'greedy' ignored close()")
                .hasMessageContaining("catch (Throwable t) must rethrow it");
        assertThat(co.isDone()).isTrue();
    }

    @Test
    void closeRaisesWhatTheBodyRaisedWhileClosingAsPythonDoes() {
        Coroutine co = new Coroutine("leaky", () -> {
            try {
                return Coroutine.yield("waiting");
            } finally {
                throw new IllegalStateException("cleanup failed");
            }
        });
        co.send(null);
        assertThatThrownBy(co::close).isInstanceOf(IllegalStateException.class).hasMessage("cleanup failed");
        assertThat(co.isDone()).isTrue();
        assertThat(((Step.Failed) co.outcome()).exception()).hasMessage("cleanup failed");
    }

    @Test
    void aCheckedExceptionRaisedWhileClosingArrivesWrapped() {
        Coroutine co = new Coroutine("io", () -> {
            try {
                return Coroutine.yield(null);
            } finally {
                if (co0 != null) {
                    throw new java.io.IOException("flush failed");
                }
            }
        });
        co0 = co;
        co.send(null);
        assertThatThrownBy(co::close).isInstanceOf(Step.TaskFailedException.class)
                .hasCauseInstanceOf(java.io.IOException.class);
    }

    private static Coroutine co0;

    @Test
    void aBodyThatReturnsWhenClosedHasClosedNormally() {
        Coroutine co = new Coroutine("polite", () -> {
            try {
                return Coroutine.yield(null);
            } catch (Coroutine.Exit exit) {
                return "cleaned up";
            }
        });
        co.send(null);
        co.close(); // Python: a generator may catch GeneratorExit and return
        assertThat(co.outcome()).isEqualTo(new Step.Returned("cleaned up"));
    }

    @Test
    void resumingAFinishedCoroutineIsAnError() {
        Coroutine co = new Coroutine("once", () -> 1);
        co.send(null);
        assertThatThrownBy(() -> co.send(null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'once' has finished");
    }

    @Test
    void aCoroutineCannotResumeItself() {
        Coroutine[] self = new Coroutine[1];
        self[0] = new Coroutine("selfish", () -> self[0].send(null));
        Step step = self[0].send(null);
        assertThat(((Step.Failed) step).exception())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already running");
    }

    @Test
    void yieldOutsideAnyCoroutineNamesTheMistake() {
        assertThatThrownBy(() -> Coroutine.yield("x"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Coroutine.yield() called outside a coroutine");
    }

    @Test
    void aPinnedYieldExplainsCauseAndFix() {
        // On JDK 21 a yield inside synchronized pins with reason MONITOR; JDK 24+ no longer pins
        // monitors, so we pin explicitly: the JDK calls the same onPinned hook either way.
        Coroutine co = new Coroutine("pinned", () -> {
            Continuation.pin();
            try {
                return Coroutine.yield("never");
            } finally {
                Continuation.unpin();
            }
        });
        Step step = co.send(null);
        assertThat(step).isInstanceOf(Step.Failed.class);
        Throwable e = ((Step.Failed) step).exception();
        assertThat(e).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("task 'pinned' cannot suspend here")
                .hasMessageContaining("exercises.step4_sync.Lock");
    }

    @Test
    void theMonitorPinMessageSaysSynchronized() {
        assertThat(SuspendErrors.pinned("worker", "MONITOR"))
                .contains("synchronized")
                .contains("do not call sleep()")
                .contains("use a task-aware lock")
                .contains("exercises.step4_sync.Lock")
                .doesNotContain("use java.util.concurrent.locks.ReentrantLock");
    }

    @Test
    void aCheckedExceptionThrownInSurfacesUnchanged() {
        Coroutine co = new Coroutine("io", () -> {
            try {
                Coroutine.yield(null);
            } catch (Exception e) {
                return e.getClass().getSimpleName();
            }
            return "none";
        });
        co.send(null);
        assertThat(co.throwInto(new java.io.IOException("disk"))).isEqualTo(new Step.Returned("IOException"));
    }
}
