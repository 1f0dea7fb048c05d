package homework;

import java.util.List;
import miniasyncio.cli.ExampleCatalog;
import miniasyncio.cli.ExampleInfo;

/** The homework's examples; they need {@code awaitTask} and {@code gather} to be written. */
public final class HomeworkExamples implements ExampleCatalog {

    @Override
    public String title() {
        return "Homework: awaitTask and gather";
    }

    @Override
    public List<ExampleInfo> examples() {
        return List.of(new ExampleInfo("Gather",
                "§3d gather reads a, b, c concurrently: results in argument order, about 0.3 s",
                GatherExample::main));
    }
}
