package grading.hidden;

import static homework.Homework.awaitTask;
import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.List;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;

/** Clear errors: unknown tids, awaiting yourself, cycles of tasks awaiting each other. */
public class ErrorTests {

    public static final List<String> ORDER = List.of("unknownTid", "awaitSelf", "deadlockCycle");

    @Graded(name = "awaiting a tid that no task has is a clear error in the caller", points = 4)
    public void unknownTid() {
        Fixture f = Fixture.create();
        f.run(() -> {
            createTask("some task", () -> 1);
            Throwable e = Check.thrown(() -> awaitTask(123_456_789), "awaitTask(123456789) with no such task");
            Check.isTrue(e instanceof RuntimeException && !(e instanceof DeadlockException),
                    "awaitTask(123456789) should fail at once in the caller, got " + Check.describe(e));
            Check.isTrue(e.getMessage() != null && e.getMessage().contains("123456789"),
                    "the error should name the tid 123456789, got " + Check.describe(e));
            return null;
        });
    }

    @Graded(name = "a task awaiting itself is a clear error instead of waiting forever", points = 4)
    public void awaitSelf() {
        Fixture f = Fixture.create();
        f.run(() -> {
            int self = Scheduler.current().currentTask().tid();
            Throwable e = Check.thrown(() -> awaitTask(self), "a task awaiting its own tid");
            Check.isTrue(e instanceof RuntimeException && !(e instanceof DeadlockException),
                    "awaiting yourself should fail at once in the caller, got " + Check.describe(e));
            Check.isTrue(e.getMessage() != null && !e.getMessage().isBlank(),
                    "the error should say what is wrong, got " + Check.describe(e));
            sleep(0.1); // the task still works afterwards
            return null;
        });
    }

    @Graded(name = "tasks awaiting each other in a cycle end in a deadlock error that names the cycle", points = 8)
    public void deadlockCycle() {
        Fixture f = Fixture.create();
        int[] tids = new int[2];
        Throwable e = Check.thrown(() -> f.run(() -> {
            tids[0] = createTask("alpha", () -> awaitTask(tids[1]));
            tids[1] = createTask("beta", () -> awaitTask(tids[0]));
            sleep(0.1);
            return null;
        }), "a run where two tasks await each other");
        Check.isTrue(e instanceof DeadlockException,
                "expected a miniasyncio.DeadlockException from run(), got " + Check.describe(e));
        String message = String.valueOf(e.getMessage());
        for (String who : List.of("task " + tids[0] + " (alpha)", "task " + tids[1] + " (beta)")) {
            Check.isTrue(message.contains(who), "the deadlock message should name " + who + ", got: " + message);
        }
    }
}
