package miniasyncio.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One scheduler for all the {@link AsyncTest} methods of a class, like pytest-asyncio's
 * {@code loop_scope="class"}. It is made before the {@code @BeforeAll} methods, which run as
 * its main task, as do every test and every {@code @BeforeEach}/{@code @AfterEach} around an
 * {@code @AsyncTest}, and finally the {@code @AfterAll} methods. Tasks a test starts may keep
 * running in the next test (a server started in {@code @BeforeAll}, say).
 *
 * <p>Between two tests the loop is paused, as an asyncio loop is between two
 * {@code run_until_complete} calls: on the virtual clock no time passes. A task's exception that
 * nobody retrieved fails the test during which it happened; tasks still pending after the
 * {@code @AfterAll} methods fail the class.
 *
 * <p>The clock and the scheduler class are this annotation's; {@link AsyncTest#timeout()} still
 * limits each test.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(AsyncTestExtension.class)
public @interface SharedScheduler {

    TestClock clock() default TestClock.VIRTUAL;

    /** The wall-clock limit, in seconds, for each {@code @BeforeAll}/{@code @AfterAll} method and for the end of the class. */
    double timeout() default 10;

    Class<? extends Scheduler> scheduler() default Scheduler.class;
}
