package exercises.step4_sync;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.gather;
import static exercises.step3_futures.Futures.spawn;

import exercises.Py;
import exercises.ValueError;
import exercises.step3_futures.FutureScheduler;
import exercises.step3_futures.TaskFuture;

/**
 * The lecture's gather error demo (section 3): the first error of {@code gather} reaches the
 * caller, but the other task is not cancelled. It waits on an {@link Event}; once the event is
 * set, it finishes and its result can still be awaited.
 */
public final class Ex4GatherError {

    private Ex4GatherError() {
    }

    static void gatherErrorDemo() {
        Event release = new Event();
        TaskFuture<Integer> otherTask = spawn("other", () -> {
            release.await();
            System.out.println("other: finished");
            return 42;
        });
        try {
            await(gather(spawn("broken", () -> {
                throw new ValueError("operation failed");
            }), otherTask));
        } catch (ValueError error) {
            System.out.println("caught: " + error.getMessage());
            System.out.println("other done: " + Py.str(otherTask.isDone()));
            System.out.println("other cancelled: " + Py.str(otherTask.isCancelled()));
        }
        release.set();
        System.out.println("other result: " + await(otherTask));
    }

    public static void main(String[] args) {
        new FutureScheduler().run("gather_error_demo", () -> {
            gatherErrorDemo();
            return null;
        });
    }
}
