package exercises;

import exercises.step10_network.EchoClients;
import exercises.step10_network.EchoServer;
import exercises.step10_network.Ex10Echo;
import exercises.step1_generators.Ex1Generators;
import exercises.step2_roundrobin.Ex2RoundRobin;
import exercises.step3_futures.Ex3Futures;
import exercises.step3_futures.Ex3Ticker;
import exercises.step4_sync.Ex4GatherError;
import exercises.step4_sync.Ex4Race;
import exercises.step5_cancellation.Ex5Cancel;
import exercises.step6_timeouts.Ex6Deadlock;
import exercises.step6_timeouts.Ex6Timeout;
import exercises.step7_taskgroup.Ex7TaskGroup;
import exercises.step8_queue.Ex8Pipeline;
import exercises.step9_run.Ex9Run;
import java.util.List;
import miniasyncio.cli.ExampleCatalog;
import miniasyncio.cli.ExampleInfo;

/** The exercises' examples, in track order: one or two per step (see exercises/README.md). */
public final class ExerciseExamples implements ExampleCatalog {

    @Override
    public String title() {
        return "Exercises: from generators to a small asyncio (exercises/README.md)";
    }

    @Override
    public List<ExampleInfo> examples() {
        return List.of(
                new ExampleInfo("Ex1Generators", "step 1: counter, echo with send, yield from", Ex1Generators::main),
                new ExampleInfo("Ex2RoundRobin", "step 2: round-robin over generators, A B C take turns", Ex2RoundRobin::main),
                new ExampleInfo("Ex3Futures", "step 3: create_task then await it; gather is a Future", Ex3Futures::main),
                new ExampleInfo("Ex3Ticker", "step 3: async for over a Ticker: an iterator whose next() sleeps", Ex3Ticker::main),
                new ExampleInfo("Ex4Race", "step 4: lost update without a Lock (got 1), with it 2", Ex4Race::main),
                new ExampleInfo("Ex4GatherError", "step 4: gather's first error; the other task waits on an Event, result 42", Ex4GatherError::main),
                new ExampleInfo("Ex5Cancel", "step 5: cancel() raises CancelledException where the task waits; finally runs", Ex5Cancel::main),
                new ExampleInfo("Ex6Timeout", "step 6: waitFor(slow_op, 0.2): slow_op cleans up, the caller times out", Ex6Timeout::main),
                new ExampleInfo("Ex6Deadlock", "step 6: two locks in opposite order; timeout(1.0) ends the hang", Ex6Deadlock::main),
                new ExampleInfo("Ex7TaskGroup", "step 7: an orphan keeps its error; TaskGroup waits for all, a failure cancels the rest", Ex7TaskGroup::main),
                new ExampleInfo("Ex8Pipeline", "step 8: producer/consumer over Queue(2) under a TaskGroup and a timeout", Ex8Pipeline::main),
                new ExampleInfo("Ex9Run", "step 9: run() waits for all; runUntilComplete() cancels the rest", Ex9Run::main),
                new ExampleInfo("Ex10Echo", "step 10: an echo server and client on one loop; it waits in select", Ex10Echo::main),
                new ExampleInfo("EchoServer", "step 10: an echo server on one loop thread, until stopped; a line per connection",
                        EchoServer::main, EchoServer.USAGE),
                new ExampleInfo("EchoClients", "step 10: N clients x M messages against EchoServer; prints the totals",
                        EchoClients::main, EchoClients.USAGE));
    }
}
