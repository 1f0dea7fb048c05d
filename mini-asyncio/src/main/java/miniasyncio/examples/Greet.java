package miniasyncio.examples;

import static miniasyncio.MiniAsyncio.currentScheduler;
import static miniasyncio.MiniAsyncio.sleep;

import java.util.concurrent.Callable;
import miniasyncio.Coroutine;
import miniasyncio.MiniAsyncio;

/**
 * The lecture's {@code greet} (section 2): what creating, running and awaiting a coroutine do.
 *
 * <pre>
 * async def greet(name):                   static String greet(String name) {
 *     print("greet: step 1")                   System.out.println("greet: step 1");
 *     await asyncio.sleep(0.05)                sleep(0.05);
 *     ...                                      ...
 *     return f"hello {name}"                   return "hello " + name;
 *
 * coro = greet("world")                    Coroutine coro = new Coroutine("greet", () -&gt; greet("world"));
 * asyncio.run(greet("world"))              MiniAsyncio.run(() -&gt; greet("world"))
 * await greet("world")                     greet("world")   // a plain call, inside a task
 * </pre>
 *
 * <p>Python's {@code greet("world")} makes a coroutine object and runs nothing. In Java the
 * same thing is a {@link Callable} (or, one level down, a {@link Coroutine} around it): made, not
 * run. Python has no such thing as a plain call of an {@code async def}: {@code await} is how it
 * runs one inside the current task, with no new task. In Java that is simply calling
 * {@code greet("world")} from a task: it suspends the caller's task at each {@code sleep}.
 */
public final class Greet {

    private Greet() {
    }

    static String greet(String name) {
        System.out.println("greet: step 1");
        sleep(0.05);
        System.out.println("greet: step 2");
        sleep(0.05);
        System.out.println("greet: step 3");
        return "hello " + name;
    }

    public static void main(String[] args) {
        // coro = greet("world"): creating it runs nothing
        Coroutine coro = new Coroutine("greet", () -> greet("world"));
        System.out.println(coro.getClass());            // Python: <class 'coroutine'>
        System.out.println("state: " + state(coro));    // Python: state: CORO_CREATED
        coro.close();                                   // closed before it ran: greet printed nothing

        // result = asyncio.run(greet("world"))
        String result = MiniAsyncio.run(() -> greet("world"));
        System.out.println(result);

        // result = await greet("world"): runs in the current task, no new task
        MiniAsyncio.run(() -> {
            String inTask = greet("world");
            System.out.println(inTask);
            System.out.println("ran in " + currentScheduler().currentTask() + ", no new task: "
                    + currentScheduler().view().pendingTasks().isEmpty());
        });
    }

    /** Python's inspect.getcoroutinestate, for the states a made-but-not-run coroutine can be in. */
    static String state(Coroutine coro) {
        if (coro.isDone()) {
            return "CORO_CLOSED";
        }
        return coro.isRunning() ? "CORO_RUNNING" : "CORO_CREATED";
    }
}
