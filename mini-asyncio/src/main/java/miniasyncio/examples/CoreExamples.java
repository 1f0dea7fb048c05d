package miniasyncio.examples;

import java.util.List;
import miniasyncio.cli.ExampleCatalog;
import miniasyncio.cli.ExampleInfo;

/** The lecture's own examples, in the order the lecture shows them. */
public final class CoreExamples implements ExampleCatalog {

    @Override
    public String title() {
        return "Lecture 7: generators and mini_asyncio";
    }

    @Override
    public List<ExampleInfo> examples() {
        return List.of(
                new ExampleInfo("Counter", "§1 a generator pauses at yield: 0 1 2, then StopIteration", Counter::main),
                new ExampleInfo("Echo", "§1 send() gives yield a value: start, got: hello, got: world", Echo::main),
                new ExampleInfo("YieldFrom", "§1 yield from delegates to an inner generator and gets its return", YieldFrom::main),
                new ExampleInfo("Greet", "§2 creating a coroutine runs nothing; run(greet); calling it in a task runs it there", Greet::main),
                new ExampleInfo("AsyncTextFile", "§2 async with: a file whose every call goes through toThread", AsyncTextFile::main),
                new ExampleInfo("ThreadLockRace", "§2 the race in one thread: expected 2, got: 1, and ReentrantLock does not fix it", ThreadLockRace::main),
                new ExampleInfo("RoundRobin", "§3a round-robin over generators: A, B, C take turns", RoundRobin::main),
                new ExampleInfo("Example", "§3c the Scheduler with Sleep: three workers overlap, 0.3 s not 0.8 s", Example::main),
                new ExampleInfo("BlockingTrap", "§4 Thread.sleep in a task freezes every other task; sleep() is the fix", BlockingTrap::main));
    }
}
