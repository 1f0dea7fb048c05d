package exercises.step5_cancellation;

import static exercises.step3_futures.Futures.await;
import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;

import exercises.Py;
import exercises.step3_futures.CancelledException;
import exercises.step3_futures.TaskFuture;

/**
 * Cancellation (lecture section 3, "task.cancel()"): a sleeping task gets
 * {@link CancelledException} where it sleeps, its {@code finally} runs, and the task that awaits
 * it gets the cancellation. A task busy computing gets it only at its next yield.
 */
public final class Ex5Cancel {

    private Ex5Cancel() {
    }

    static String slowOp() {
        try {
            sleep(1.0);
            return "done";
        } finally {
            System.out.println("slow_op: cleaning up");
        }
    }

    static void busy() {
        for (int i = 1; i <= 3; i++) {
            System.out.println("busy: computing part " + i); // no yield in here: nothing can interrupt it
        }
        try {
            sleep(0); // the first yield: the cancellation arrives here
            System.out.println("busy: never printed");
        } catch (CancelledException e) {
            System.out.println("busy: cancelled at its next yield, cleaning up");
            throw e; // caught to clean up: rethrow it, so the task ends cancelled
        }
    }

    static void cancelDemo() {
        TaskFuture<String> slow = spawn("slow_op", Ex5Cancel::slowOp);
        sleep(0.2);
        System.out.println("main: cancelling slow_op");
        slow.cancel();
        try {
            await(slow);
        } catch (CancelledException e) {
            System.out.println("main: slow_op cancelled: " + Py.str(slow.isCancelled()));
        }

        TaskFuture<Object> worker = spawn("busy", () -> {
            CancellableScheduler.cancelTask(CancellableScheduler.current("busy").currentTask().tid());
            busy();
            return null;
        });
        try {
            await(worker);
        } catch (CancelledException e) {
            System.out.println("main: busy cancelled: " + Py.str(worker.isCancelled()));
        }
    }

    public static void main(String[] args) {
        new CancellableScheduler().run("cancel_demo", () -> {
            cancelDemo();
            return null;
        });
    }
}
