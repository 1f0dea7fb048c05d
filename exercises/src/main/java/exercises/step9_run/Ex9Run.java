package exercises.step9_run;

import static exercises.step3_futures.Futures.spawn;
import static miniasyncio.MiniAsyncio.sleep;

import exercises.Py;
import exercises.step3_futures.CancelledException;
import java.util.Locale;

/**
 * The lecture's closing remark (section 3c), side by side: the lecture's {@code run(main)} waits
 * for every task, so the child finishes; {@code asyncio.run(main)} returns when main does and
 * cancels the child, whose cleanup still runs.
 */
public final class Ex9Run {

    private Ex9Run() {
    }

    static void child() {
        try {
            for (int i = 1; i <= 3; i++) {
                sleep(0.1);
                System.out.println("child: tick " + i);
            }
            System.out.println("child: finished");
        } catch (CancelledException e) {
            System.out.println("child: cancelled, cleaning up");
            throw e;
        }
    }

    static String main() {
        spawn("child", () -> {
            child();
            return null;
        });
        sleep(0.15);
        System.out.println("main: done");
        return "main result";
    }

    public static void main(String[] args) {
        System.out.println("-- run(main), the lecture's: waits for every task");
        AsyncioScheduler lecture = new AsyncioScheduler();
        String result = lecture.run("main", Ex9Run::main);
        System.out.printf(Locale.ROOT, "run returned %s at t=%.2f%n", Py.repr(result), lecture.now());

        System.out.println("-- runUntilComplete(main), asyncio.run's: cancels what is left when main returns");
        AsyncioScheduler asyncio = new AsyncioScheduler();
        result = asyncio.runUntilComplete("main", Ex9Run::main);
        System.out.printf(Locale.ROOT, "runUntilComplete returned %s at t=%.2f%n", Py.repr(result), asyncio.now());
    }
}
