package miniasyncio.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JUnit 5 test whose body runs as the main task of a fresh {@link Scheduler}: the Java
 * counterpart of pytest-asyncio's {@code @pytest.mark.asyncio} and kotlinx's {@code runTest}.
 *
 * <pre>{@code
 * @AsyncTest
 * void fetch() {
 *     assertThat(fetchDelayed(21, 0.01)).isEqualTo(42);   // sleep() inside suspends the test's task
 * }
 * }</pre>
 *
 * <p>The scheduler's lifetime is one test: it is made before the {@code @BeforeEach} methods,
 * which run as the same main task, then the test body, then the {@code @AfterEach} methods; then
 * the loop ends. The clock is virtual unless {@link #clock()} says otherwise, so sleeps take no
 * real time. The test fails, with a message that says which, when
 * <ul>
 *   <li>a task's exception was never retrieved (nobody awaited the task that failed);</li>
 *   <li>tasks are still pending when the test ends (they are closed, so their {@code finally}
 *       blocks run, and listed);</li>
 *   <li>the test takes longer than {@link #timeout()} seconds of wall-clock time (a loop with no
 *       yield, a blocking call, or tasks that never stop).</li>
 * </ul>
 * To share one scheduler by all tests of a class, annotate the class with
 * {@link SharedScheduler}.
 */
@Documented
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Test
@ExtendWith(AsyncTestExtension.class)
public @interface AsyncTest {

    /** The clock of the test's scheduler; virtual by default. */
    TestClock clock() default TestClock.VIRTUAL;

    /**
     * The wall-clock limit for the whole test (hooks included), in seconds. The scheduler runs
     * on a thread of its own, so even a step that never yields can be caught: that thread is
     * interrupted and abandoned, and the test fails with the stack where it was stuck.
     */
    double timeout() default 10;

    /**
     * The scheduler class to make, e.g. the homework's scheduler that knows {@code AwaitTask}.
     * It needs a public constructor taking a {@link miniasyncio.Clock}.
     */
    Class<? extends Scheduler> scheduler() default Scheduler.class;
}
