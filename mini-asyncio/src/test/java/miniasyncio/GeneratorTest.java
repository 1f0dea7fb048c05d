package miniasyncio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeneratorTest {

    static Generator<Integer, Void, Void> counter(int start, int stop) {
        return new Generator<>(g -> {
            for (int i = start; i < stop; i++) {
                g.yield(i);
            }
            return null;
        });
    }

    @Test
    void nextRunsToEachYieldThenRaisesStopIteration() {
        Generator<Integer, Void, Void> c = counter(0, 3);
        assertThat(List.of(c.next(), c.next(), c.next())).containsExactly(0, 1, 2);
        assertThatThrownBy(c::next).isInstanceOf(StopIteration.class);
        assertThatThrownBy(c::next).as("stays exhausted").isInstanceOf(StopIteration.class);
    }

    @Test
    void stopIterationCarriesTheReturnValue() {
        Generator<String, Void, String> g = new Generator<>(gen -> {
            gen.yield("a");
            return "the end";
        });
        g.next();
        assertThatThrownBy(g::next).isInstanceOfSatisfying(StopIteration.class,
                e -> assertThat(e.value()).isEqualTo("the end"));
    }

    @Test
    void sendMakesYieldAnExpression() {
        Generator<String, String, Void> echo = new Generator<>(g -> {
            String msg = "start";
            while (true) {
                msg = "got: " + g.yield(msg);
            }
        });
        assertThat(echo.next()).isEqualTo("start");
        assertThat(echo.send("hello")).isEqualTo("got: hello");
        assertThat(echo.send("world")).isEqualTo("got: world");
        echo.close();
        assertThat(echo.isDone()).isTrue();
    }

    @Test
    void isIterable() {
        List<Integer> seen = new ArrayList<>();
        for (int x : counter(3, 6)) {
            seen.add(x);
        }
        assertThat(seen).containsExactly(3, 4, 5);
    }

    @Test
    void yieldFromReturnsTheInnerValueAndPassesValuesOut() {
        Generator<Object, Void, String> inner = new Generator<>(g -> {
            g.yield(1);
            g.yield(2);
            return "done";
        });
        Generator<Object, Void, Void> outer = new Generator<>(g -> {
            String result = g.yieldFrom(inner);
            g.yield("inner returned: " + result);
            return null;
        });
        List<Object> seen = new ArrayList<>();
        outer.forEach(seen::add);
        assertThat(seen).containsExactly(1, 2, "inner returned: done");
    }

    @Test
    void yieldFromForwardsSendToTheInnerGenerator() {
        Generator<String, String, String> inner = new Generator<>(g -> {
            String a = g.yield("first?");
            String b = g.yield("second?");
            return a + b;
        });
        Generator<String, String, Void> outer = new Generator<>(g -> {
            g.yield("outer got " + g.yieldFrom(inner));
            return null;
        });
        assertThat(outer.next()).isEqualTo("first?");
        assertThat(outer.send("x")).isEqualTo("second?");
        assertThat(outer.send("y")).isEqualTo("outer got xy");
    }

    @Test
    void yieldFromForwardsThrowToTheInnerGenerator() {
        Generator<String, Void, String> inner = new Generator<>(g -> {
            try {
                g.yield("waiting");
                return "no error";
            } catch (IllegalStateException e) {
                return "inner caught " + e.getMessage();
            }
        });
        Generator<String, Void, Void> outer = new Generator<>(g -> {
            g.yield(g.yieldFrom(inner));
            return null;
        });
        outer.next();
        assertThat(outer.throwInto(new IllegalStateException("oops"))).isEqualTo("inner caught oops");
    }

    @Test
    void yieldFromForwardsCloseSoInnerFinallyRunsFirst() {
        List<String> log = new ArrayList<>();
        Generator<String, Void, Void> inner = new Generator<>(g -> {
            try {
                g.yield("in");
                return null;
            } finally {
                log.add("inner finally");
            }
        });
        Generator<String, Void, Void> outer = new Generator<>(g -> {
            try {
                g.yieldFrom(inner);
                return null;
            } finally {
                log.add("outer finally");
            }
        });
        outer.next();
        outer.close();
        assertThat(log).containsExactly("inner finally", "outer finally");
        assertThat(inner.isDone()).isTrue();
    }

    @Test
    void closeRaisesWhatAFinallyRaisedEvenThroughYieldFrom() {
        // Python: g.close() raises the exception the generator raised while closing.
        Generator<String, Void, Void> inner = new Generator<>(g -> {
            try {
                g.yield("in");
                return null;
            } finally {
                throw new IllegalStateException("inner cleanup failed");
            }
        });
        Generator<String, Void, Void> outer = new Generator<>(g -> g.yieldFrom(inner));
        outer.next();
        assertThatThrownBy(outer::close).isInstanceOf(IllegalStateException.class).hasMessage("inner cleanup failed");
        assertThat(outer.isDone()).isTrue();
        assertThatThrownBy(outer::next).isInstanceOf(StopIteration.class);
    }

    @Test
    void yieldOutsideTheBodyNamesTheMistake() {
        Generator<Integer, Void, Void> c = counter(0, 1);
        assertThatThrownBy(() -> c.yield(5))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("g.yield() called outside this generator's body");
    }

    @Test
    void aFailureInTheBodyPropagatesFromNext() {
        Generator<Integer, Void, Void> g = new Generator<>(gen -> {
            throw new IllegalArgumentException("bad body");
        });
        assertThatThrownBy(g::next).isInstanceOf(IllegalArgumentException.class).hasMessage("bad body");
    }
}
