package miniasyncio.testing;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.currentScheduler;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/**
 * The lecture's pytest-asyncio example, ported:
 *
 * <pre>
 * async def fetch_delayed(x: int, delay: float) -> int:
 *     await asyncio.sleep(delay)
 *     return x * 2
 *
 * &#64;pytest.mark.asyncio
 * async def test_fetch() -> None:
 *     result = await fetch_delayed(21, 0.01)
 *     assert result == 42
 * </pre>
 *
 * {@code @AsyncTest} runs the body as the main task of a fresh scheduler on the virtual clock:
 * {@code sleep()} suspends the test's task, and time jumps instead of passing.
 */
class FetchDelayedTest {

    static int fetchDelayed(int x, double delay) {
        sleep(delay);
        return x * 2;
    }

    @AsyncTest
    void fetch() {
        int result = fetchDelayed(21, 0.01);

        assertThat(result).isEqualTo(42);
        assertThat(now()).isEqualTo(0.01); // exact: the virtual clock
    }

    /**
     * The lecture's {@code test_gather}. The core has no {@code gather} (writing it is the
     * homework), so the three fetches run as tasks and the test reads their results once they
     * are done; with the homework's scheduler it is
     * {@code assertThat(gather(() -> fetchDelayed(1, 0.01), ...)).containsExactly(2, 4, 6)}.
     */
    @AsyncTest
    void gather() {
        List<Integer> tids = List.of(
                createTask(() -> fetchDelayed(1, 0.01)),
                createTask(() -> fetchDelayed(2, 0.01)),
                createTask(() -> fetchDelayed(3, 0.01)));

        sleep(0.02);

        assertThat(tids).extracting(tid -> currentScheduler().resultOf(tid).get()).containsExactly(2, 4, 6);
        // main's own sleep(0.02) sets the time; the three 0.01 s fetches waited together and were
        // done by then (one after another they would end at 0.03 s, after main's sleep)
        assertThat(now()).isEqualTo(0.02);
    }

    @AsyncTest(clock = TestClock.REAL)
    void fetchOnTheRealClock() {
        long started = System.nanoTime();

        assertThat(fetchDelayed(21, 0.05)).isEqualTo(42);
        assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(40_000_000L); // generous: it really slept
    }
}
