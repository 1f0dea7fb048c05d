package exercises.step1_generators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import miniasyncio.Generator;
import miniasyncio.StopIteration;
import org.junit.jupiter.api.Test;

class GeneratorsTest {

    static <Y> List<Y> all(Generator<Y, ?, ?> g) {
        List<Y> out = new ArrayList<>();
        for (Y y : g) {
            out.add(y);
        }
        return out;
    }

    @Test
    void counterYieldsFromStartUpToStopThenFinishes() {
        Generator<Integer, Void, Void> c = Generators.counter(0, 3);
        assertThat(c.next()).isEqualTo(0);
        assertThat(c.next()).isEqualTo(1);
        assertThat(c.next()).isEqualTo(2);
        assertThatThrownBy(c::next).isInstanceOf(StopIteration.class);
        assertThat(c.isDone()).isTrue();
    }

    @Test
    void counterWorksForAnyRange() {
        assertThat(all(Generators.counter(2, 6))).containsExactly(2, 3, 4, 5);
        assertThat(all(Generators.counter(3, 3))).isEmpty();
    }

    @Test
    void echoYieldsStartThenWhatIsSent() {
        Generator<String, String, Void> g = Generators.echo();
        assertThat(g.next()).isEqualTo("start");
        assertThat(g.send("hello")).isEqualTo("got: hello");
        assertThat(g.send("world")).isEqualTo("got: world");
        assertThat(g.send("again")).isEqualTo("got: again");
        g.close();
        assertThat(g.isDone()).isTrue();
        assertThatThrownBy(() -> g.send("late")).isInstanceOf(StopIteration.class);
    }

    @Test
    void innerYieldsOneTwoAndReturnsDone() {
        Generator<Object, Object, String> g = Generators.inner();
        assertThat(g.next()).isEqualTo(1);
        assertThat(g.next()).isEqualTo(2);
        assertThatThrownBy(g::next).isInstanceOfSatisfying(StopIteration.class,
                stop -> assertThat(stop.value()).isEqualTo("done"));
    }

    @Test
    void outerDelegatesAndGetsInnersReturnValue() {
        assertThat(all(Generators.outer())).containsExactly(1, 2, "inner returned: done");
    }

    @Test
    void outerForwardsAThrowToInner() {
        Generator<Object, Object, Void> g = Generators.outer();
        assertThat(g.next()).isEqualTo(1);
        IllegalStateException boom = new IllegalStateException("boom");
        // inner does not catch it: it comes out of inner, through outer, to us
        assertThatThrownBy(() -> g.throwInto(boom)).isSameAs(boom);
        assertThat(g.isDone()).isTrue();
    }
}
