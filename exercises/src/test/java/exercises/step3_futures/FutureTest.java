package exercises.step3_futures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import miniasyncio.Step;
import org.junit.jupiter.api.Test;

class FutureTest {

    @Test
    void aNewFutureIsPendingAndHasNoResultYet() {
        Future<String> f = new Future<>();
        assertThat(f.isDone()).isFalse();
        assertThat(f.isCancelled()).isFalse();
        assertThatThrownBy(f::result).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(f::exception).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void setResultCompletesItAndCallsTheCallbacksInOrder() {
        Future<String> f = new Future<>();
        List<String> calls = new ArrayList<>();
        f.addDoneCallback(done -> calls.add("first " + done.result()));
        f.addDoneCallback(done -> calls.add("second " + done.result()));
        assertThat(calls).isEmpty();
        f.setResult("x");
        assertThat(f.isDone()).isTrue();
        assertThat(f.result()).isEqualTo("x");
        assertThat(f.exception()).isNull();
        assertThat(calls).containsExactly("first x", "second x");
    }

    @Test
    void aCallbackAddedToADoneFutureIsCalledAtOnceAndEachOnlyOnce() {
        Future<Integer> f = new Future<>();
        List<Integer> calls = new ArrayList<>();
        f.addDoneCallback(done -> calls.add(1));
        f.setResult(7);
        f.addDoneCallback(done -> calls.add(2));
        assertThat(calls).containsExactly(1, 2);
    }

    @Test
    void setExceptionMakesResultThrowIt() {
        Future<String> f = new Future<>();
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        f.setException(boom);
        assertThat(f.isDone()).isTrue();
        assertThat(f.isCancelled()).as("isCancelled() is true only for a future that cancel() cancelled,"
                + " not for one that failed").isFalse(); // asked first: exception() throws for a cancelled one
        assertThat(f.exception()).isSameAs(boom);
        assertThatThrownBy(f::result).isSameAs(boom);
    }

    @Test
    void aCancelledExceptionSetByHandIsAFailureNotACancellation() {
        Future<String> f = new Future<>();
        CancelledException byHand = new CancelledException("set by hand");
        f.setException(byHand); // asyncio: fut.set_exception(CancelledError()) finishes it, cancelled() is False
        assertThat(f.isDone()).isTrue();
        assertThat(f.isCancelled()).as("isCancelled() is true only for a future that cancel() cancelled,"
                + " not for one given a CancelledException by setException").isFalse();
        assertThat(f.exception()).isSameAs(byHand);
        assertThatThrownBy(f::result).isSameAs(byHand);
        assertThat(f.cancel()).as("it is done: cancel() changes nothing").isFalse();
        assertThat(f.isCancelled()).isFalse();
    }

    @Test
    void aCheckedExceptionComesOutWrapped() {
        Future<String> f = new Future<>();
        IOException io = new IOException("disk");
        f.setException(io);
        assertThatThrownBy(f::result).isInstanceOf(Step.TaskFailedException.class).hasCause(io);
    }

    @Test
    void aFutureCompletesOnlyOnce() {
        Future<String> f = new Future<>();
        f.setResult("a");
        assertThatThrownBy(() -> f.setResult("b")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> f.setException(new RuntimeException())).isInstanceOf(IllegalStateException.class);
        assertThat(f.result()).isEqualTo("a");
        assertThatThrownBy(() -> new Future<String>().setException(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void cancelCompletesAPendingFutureWithCancelledException() {
        Future<String> f = new Future<>();
        List<Boolean> seen = new ArrayList<>();
        f.addDoneCallback(done -> seen.add(done.isCancelled()));
        assertThat(f.cancel()).isTrue();
        assertThat(f.isDone()).isTrue();
        assertThat(f.isCancelled()).isTrue();
        assertThat(seen).containsExactly(true);
        assertThatThrownBy(f::result).isInstanceOf(CancelledException.class);
        assertThat(f.cancel()).isFalse();

        Future<String> done = new Future<>();
        done.setResult("kept");
        assertThat(done.cancel()).isFalse();
        assertThat(done.isCancelled()).isFalse();
        assertThat(done.result()).isEqualTo("kept");
    }
}
