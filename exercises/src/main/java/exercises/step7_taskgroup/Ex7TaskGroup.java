package exercises.step7_taskgroup;

import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;

import exercises.Py;
import exercises.ValueError;
import exercises.step3_futures.TaskFuture;
import exercises.step5_cancellation.CancellableScheduler;
import java.util.List;

/**
 * The lecture's structured-concurrency demos (section 5): a task nobody awaits keeps its
 * exception (the caller goes on); the group waits for both workers; then a failing
 * child cancels its sibling (whose {@code finally} runs) and the group raises one exception
 * carrying the failure.
 */
public final class Ex7TaskGroup {

    private Ex7TaskGroup() {
    }

    static Object buggy() {
        sleep(0.05);
        throw new ValueError("oops");
    }

    /** The anti-pattern: a task started and never awaited keeps its exception to itself. */
    static void mainOrphan() {
        TaskFuture<Object> task = spawn("buggy", Ex7TaskGroup::buggy);
        sleep(0.2);
        System.out.println("main_orphan: continued after the child task failed");
        System.out.println("child done: " + Py.str(task.isDone()));
        System.out.println("child exception: " + Py.repr(task.exception()));
    }

    static String worker(String name, double delay) {
        sleep(delay);
        return name + " done";
    }

    static void taskgroupDemo() {
        List<TaskFuture<String>> tasks = TaskGroup.run(tg -> List.of(
                tg.createTask("A", () -> worker("A", 0.1)),
                tg.createTask("B", () -> worker("B", 0.2))));
        // the group has waited for both on the way out
        System.out.println("results: " + tasks.get(0).result() + ", " + tasks.get(1).result());
    }

    static Object fail() {
        sleep(0.01);
        throw new ValueError("operation failed");
    }

    static Object longRunning() {
        try {
            sleep(1);
            return null;
        } finally {
            System.out.println("long_running: cleaning up");
        }
    }

    static void taskgroupErrorDemo() {
        try {
            TaskGroup.run(tg -> {
                tg.createTask("long_running", Ex7TaskGroup::longRunning);
                tg.createTask("fail", Ex7TaskGroup::fail);
                return null;
            });
        } catch (TaskGroupException errors) {
            System.out.println("caught exception group: " + Py.tuple(errors.exceptions()));
        }
    }

    public static void main(String[] args) {
        new CancellableScheduler().run("main_orphan", () -> {
            mainOrphan();
            return null;
        });
        new CancellableScheduler().run("taskgroup_demo", () -> {
            taskgroupDemo();
            return null;
        });
        new CancellableScheduler().run("taskgroup_error_demo", () -> {
            taskgroupErrorDemo();
            return null;
        });
    }
}
