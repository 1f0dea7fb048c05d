package exercises.step7_taskgroup;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;

/**
 * CPython's {@code TestEagerTaskTaskGroup}: every test of {@link CPythonTaskGroupsTest} again, on a
 * loop whose task factory is {@code eager_task_factory} (step 3's given
 * {@code setEagerTaskFactory(true)}): each child runs at once in {@code createTask}, until it first
 * waits, and the group behaves the same.
 */
@DisplayName("test_taskgroups.TestEagerTaskTaskGroup")
class CPythonEagerTaskGroupsTest extends CPythonTaskGroupsTest {

    @BeforeEach
    void eagerTaskFactory() {
        eager = true;
    }

    @AfterEach
    void defaultTaskFactory() {
        eager = false;
    }
}
