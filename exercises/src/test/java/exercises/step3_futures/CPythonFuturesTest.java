package exercises.step3_futures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import miniasyncio.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * CPython 3.13's {@code Lib/test/test_asyncio/test_futures.py} ({@code BaseFutureTests}), the
 * tests of a future's states, translated: each keeps the Python test's name. asyncio's
 * {@code InvalidStateError} is an {@link IllegalStateException}; {@code set_exception(None)}, which
 * a done future refuses as its second completion, is a second completion with an exception here
 * ({@code setException(null)} is a {@link NullPointerException} first). {@code _cancel_message},
 * asyncio's attribute, is the message of the {@link CancelledException}; setting it by hand
 * ({@code test_future_cancel_message_setter}) has no counterpart.
 */
class CPythonFuturesTest {

    @Test
    @DisplayName("test_futures.test_initial_state")
    void initialState() {
        Future<Object> f = new Future<>();
        assertThat(f.isCancelled()).isFalse();
        assertThat(f.isDone()).isFalse();
        f.cancel();
        assertThat(f.isCancelled()).isTrue();
    }

    @Test
    @DisplayName("test_futures.test_cancel")
    void cancel() {
        Future<Object> f = new Future<>();
        assertThat(f.cancel()).isTrue();
        assertThat(f.isCancelled()).isTrue();
        assertThat(f.isDone()).isTrue();
        assertThatThrownBy(f::result).isInstanceOf(CancelledException.class);
        assertThatThrownBy(f::exception).isInstanceOf(CancelledException.class);
        assertRefusesASecondCompletion(f);
    }

    @Test
    @DisplayName("test_futures.test_future_cancel_message_getter: the CancelledException says the message of cancel(msg)")
    void futureCancelMessageGetter() {
        Future<Object> f = new Future<>();
        assertThat(f.cancel("my message")).isTrue();
        Throwable thrown = catchThrowable(() -> new FutureScheduler(Clock.virtual()).run(() -> Futures.await(f)));
        assertThat(thrown).isInstanceOf(CancelledException.class);
        assertThat(thrown.getMessage()).isEqualTo("my message"); // the message given to cancel, passed through
        assertThat(catchThrowable(f::exception).getMessage()).as("exception() raises it too").isEqualTo("my message");
        assertThat(f.cancel("another")).as("done: it refuses and keeps its message").isFalse();
        assertThat(catchThrowable(f::result).getMessage()).isEqualTo("my message");
    }

    @Test
    @DisplayName("test_futures.test_result")
    void result() {
        Future<Object> f = new Future<>();
        assertThatThrownBy(f::result).isInstanceOf(IllegalStateException.class);
        f.setResult(42);
        assertThat(f.isCancelled()).isFalse();
        assertThat(f.isDone()).isTrue();
        assertThat(f.result()).isEqualTo(42);
        assertThat(f.exception()).isNull();
        assertRefusesASecondCompletion(f);
    }

    @Test
    @DisplayName("test_tasks.test_one_cancellation (step 3's Futures.gather, asyncio's gather of futures)")
    void oneCancellation() {
        Future<Object> a = new Future<>();
        Future<Object> b = new Future<>();
        Future<Object> c = new Future<>();
        Future<Object> d = new Future<>();
        Future<Object> e = new Future<>();
        Future<java.util.List<Object>> fut = Futures.gather(a, b, c, d, e);
        int[] calls = {0};
        fut.addDoneCallback(done -> calls[0]++);
        a.setResult(1);
        b.cancel();
        assertThat(fut.isDone()).isTrue();
        assertThat(calls[0]).isEqualTo(1);
        assertThat(fut.isCancelled()).isFalse();
        assertThat(fut.exception()).isInstanceOf(CancelledException.class);
        // does nothing
        c.setResult(3);
        d.cancel();
        e.setException(new IllegalStateException("RuntimeError"));
        e.exception();
    }

    @Test
    @DisplayName("test_futures.test_exception")
    void exception() {
        RuntimeException exc = new RuntimeException();
        Future<Object> f = new Future<>();
        assertThatThrownBy(f::exception).isInstanceOf(IllegalStateException.class);
        f.setException(exc);
        assertThat(f.isCancelled()).isFalse();
        assertThat(f.isDone()).isTrue();
        assertThatThrownBy(f::result).isSameAs(exc);
        assertThat(f.exception()).isSameAs(exc);
        assertRefusesASecondCompletion(f);
    }

    /** What a done future refuses: {@code set_result}, {@code set_exception} (InvalidStateError), and a cancel. */
    private static void assertRefusesASecondCompletion(Future<Object> f) {
        assertThatThrownBy(() -> f.setResult(null)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> f.setException(new RuntimeException())).isInstanceOf(IllegalStateException.class);
        assertThat(f.cancel()).isFalse();
    }
}
