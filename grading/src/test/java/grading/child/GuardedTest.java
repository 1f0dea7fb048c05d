package grading.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class GuardedTest {

    /** A list of its own, as a submission would write one. */
    static final class Own extends AbstractList<Integer> {
        @Override
        public Integer get(int i) {
            return i;
        }

        @Override
        public int size() {
            return 3;
        }
    }

    @Test
    void theJdkListsThatHoldTheirElementsAreRead() {
        List<Integer> array = new ArrayList<>(List.of(1, 2, 3));
        assertThat(Stream.<List<?>>of(array, new LinkedList<>(array), Arrays.asList(1, 2), List.of(), List.of(1),
                List.of(1, 2, 3), Stream.of(1).toList(), Stream.of(1, 2, 3).toList(), Stream.of().toList(),
                Collections.emptyList(), Collections.singletonList(null), Collections.nCopies(3, 0)))
                .allSatisfy(list -> assertThat(Guarded.jdkList(list)).as(list.getClass().getName()).isTrue());
    }

    @Test
    void aListOfItsOwnOrAJdkViewOverOneIsNotRead() {
        List<Integer> own = new Own();
        List<Integer> array = new ArrayList<>(List.of(1, 2, 3));
        assertThat(Stream.<Object>of(own, Collections.unmodifiableList(own), Collections.synchronizedList(own),
                Collections.checkedList(own, Integer.class), array.subList(0, 2), array.reversed(),
                Collections.unmodifiableList(array), null, "not a list"))
                .allSatisfy(o -> assertThat(Guarded.jdkList(o)).as(o == null ? "null" : o.getClass().getName()).isFalse());
    }

    /** An exception of its own that says one thing when asked and was given another. */
    static final class Overriding extends IllegalArgumentException {
        int asked;

        Overriding() {
            super("given");
        }

        @Override
        public String getMessage() {
            asked++;
            return "no task with tid 5";
        }
    }

    /** An exception class of its own that keeps Throwable's getMessage. */
    static final class Plain extends IllegalArgumentException {
        Plain(String message) {
            super(message);
        }
    }

    @Test
    void theGivenMessageIsReadWithoutRunningTheSubmissionsCode() {
        assertThat(Guarded.givenMessage(new IllegalArgumentException("no task with tid 5"))).isEqualTo("no task with tid 5");
        assertThat(Guarded.givenMessage(new Plain("no task with tid 5"))).isEqualTo("no task with tid 5");
        assertThat(Guarded.givenMessage(new miniasyncio.DeadlockException("task 3 (a)"))).isEqualTo("task 3 (a)");
        Overriding liar = new Overriding();
        assertThat(Guarded.givenMessage(liar)).as("what its constructor was given, as the statement says").isEqualTo("given");
        assertThat(liar.asked).as("calls of the override").isZero();
        assertThat(Guarded.givenMessage(null)).isNull();
    }

    /** The statement sets no length: a message that names the cycle after 1,092 characters is read whole. */
    @Test
    void aLongGivenMessageIsReadWhole() {
        String message = "x".repeat(1_092) + " task 22 (alpha) awaits task 23 (bravo)";
        assertThat(Guarded.givenMessage(new miniasyncio.DeadlockException(message))).isEqualTo(message);
    }
}
