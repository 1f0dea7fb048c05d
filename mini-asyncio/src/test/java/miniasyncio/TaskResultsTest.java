package miniasyncio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scheduler's results behave as the HashMap they replace, for tids and for any other key. */
class TaskResultsTest {

    private static final Step.Outcome ONE = new Step.Returned(1);
    private static final Step.Outcome TWO = new Step.Returned(2);
    private static final Step.Outcome FAILED = new Step.Failed(new RuntimeException("boom"));

    @Test
    void tidsArePutGotAndRemovedAsInAHashMap() {
        Map<Integer, Step.Outcome> results = new TaskResults();
        assertThat(results.put(1, ONE)).isNull();
        assertThat(results.put(5000, FAILED)).isNull(); // beyond the first array: it grows
        assertThat(results.put(1, TWO)).isSameAs(ONE);
        assertThat(results.get(1)).isSameAs(TWO);
        assertThat(results.get(5000)).isSameAs(FAILED);
        assertThat(results.containsKey(2)).isFalse();
        assertThat(results.get(2)).isNull();
        assertThat(results.containsKey("1")).isFalse();
        assertThat(results).hasSize(2);
        assertThat(results.remove(1)).isSameAs(TWO);
        assertThat(results.remove(1)).isNull();
        assertThat(results).hasSize(1).containsOnlyKeys(5000);
    }

    @Test
    void keysThatAreNoTidTheArrayCanHoldGoToTheSide() {
        Map<Integer, Step.Outcome> results = new TaskResults();
        results.put(-3, ONE);
        results.put(Integer.MAX_VALUE, TWO);
        results.put(7, FAILED);
        assertThat(results.get(-3)).isSameAs(ONE);
        assertThat(results.get(Integer.MAX_VALUE)).isSameAs(TWO);
        assertThat(results).hasSize(3);
        Map<Integer, Step.Outcome> expected = new HashMap<>(Map.of(-3, ONE, Integer.MAX_VALUE, TWO, 7, FAILED));
        assertThat(results).isEqualTo(expected);
        assertThat(results.hashCode()).isEqualTo(expected.hashCode());
        assertThat(results.remove(-3)).isSameAs(ONE);
        results.clear();
        assertThat(results).isEmpty();
        assertThat(results.get(7)).isNull();
    }

    @Test
    void iterationGoesByTidAndItsRemoveRemoves() {
        Map<Integer, Step.Outcome> results = new TaskResults();
        results.put(9, TWO);
        results.put(3, ONE);
        results.put(-1, FAILED);
        assertThat(results.keySet()).containsExactly(3, 9, -1);
        Iterator<Integer> tids = results.keySet().iterator();
        assertThat(tids.next()).isEqualTo(3);
        tids.remove();
        assertThat(tids.next()).isEqualTo(9);
        assertThat(tids.next()).isEqualTo(-1);
        tids.remove();
        assertThat(results).containsOnlyKeys(9);
        assertThatThrownBy(tids::remove).isInstanceOf(IllegalStateException.class);
        results.entrySet().iterator().next().setValue(ONE);
        assertThat(results.get(9)).isSameAs(ONE);
    }

    @Test
    void anOutcomeIsNeverNull() {
        assertThatThrownBy(() -> new TaskResults().put(1, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("results.put(1, null)");
    }
}
