package miniasyncio;

import static miniasyncio.MiniAsyncio.createTask;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A task made without a name is "task N", and that string is made only when asked for. */
class TaskNameTest {

    static Object nameField(Task task) throws ReflectiveOperationException {
        Field name = Coroutine.class.getDeclaredField("name"); // a task's name is its coroutine's
        name.setAccessible(true);
        return name.get(task);
    }

    @Test
    void anUnnamedTaskIsTaskNAndItsNameIsMadeOnlyWhenAskedFor() throws Exception {
        List<Object> seen = new ArrayList<>();
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.run(() -> {
            createTask(() -> null);
            Task task = scheduler.view().pendingTasks().stream().filter(t -> t.tid() == 2).findFirst().orElseThrow();
            seen.add(nameField(task));            // not made yet
            seen.add(task.coroutine().name());    // the task is its coroutine: one name
            seen.add(task.toString());
            seen.add(nameField(task));            // made once, kept
            return null;
        });
        assertThat(seen).containsExactly(null, "task 2", "task 2", "task 2"); // not "task 2 (task 2)"
    }

    @Test
    void aGivenNameIsKeptAsGiven() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        String name = scheduler.run(() -> {
            int tid = scheduler.createTask("worker A", () -> null);
            return scheduler.view().pendingTasks().stream().filter(t -> t.tid() == tid).findFirst().orElseThrow().toString();
        });
        assertThat(name).isEqualTo("task 2 (worker A)");
    }
}
