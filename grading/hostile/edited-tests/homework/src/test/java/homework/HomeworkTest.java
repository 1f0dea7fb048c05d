package homework;

import org.junit.jupiter.api.Test;

/** hostile: the visible tests, edited so that they always pass. */
class HomeworkTest {
    @Test
    void awaitTaskReturnsTheAwaitedTasksResult() {
    }

    @Test
    void gatherReturnsResultsInArgumentOrder() {
    }
}
