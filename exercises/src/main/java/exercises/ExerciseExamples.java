package exercises;

import exercises.step1_generators.Ex1Generators;
import exercises.step2_roundrobin.Ex2RoundRobin;
import exercises.step3_futures.Ex3Futures;
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
                new ExampleInfo("Ex3Futures", "step 3: create_task then await it; gather is a Future", Ex3Futures::main));
    }
}
