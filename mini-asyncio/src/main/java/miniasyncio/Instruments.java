package miniasyncio;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Several instruments behind one: the scheduler holds at most one, so its hot path has one check. */
final class Instruments implements Instrument {

    final List<Instrument> all = new CopyOnWriteArrayList<>();

    @Override
    public void taskSpawned(Task task, Task creator) {
        for (Instrument i : all) i.taskSpawned(task, creator);
    }

    @Override
    public void beforeStep(Task task) {
        for (Instrument i : all) i.beforeStep(task);
    }

    @Override
    public void afterStep(Task task, Step step) {
        for (Instrument i : all) i.afterStep(task, step);
    }

    @Override
    public void taskExited(Task task, Step.Outcome outcome) {
        for (Instrument i : all) i.taskExited(task, outcome);
    }

    @Override
    public void idleWait(long from, long to) {
        for (Instrument i : all) i.idleWait(from, to);
    }
}
