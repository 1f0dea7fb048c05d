package miniasyncio.trace;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * Several instruments behind one: the scheduler holds at most one, so its hot path has one check
 * per hook ({@code if (instrument != null)}), whatever is added. Public because the settings that hold it live
 * in {@code miniasyncio.around}.
 */
public final class Instruments implements Instrument {

    final List<Instrument> all = new CopyOnWriteArrayList<>();

    /** The one instrument to hold once {@code added} joins {@code held} (null: none yet). */
    public static Instrument plus(Instrument held, Instrument added) {
        if (held == null) {
            return added;
        }
        Instruments many;
        if (held instanceof Instruments existing) {
            many = existing;
        } else {
            many = new Instruments();
            many.all.add(held);
        }
        many.all.add(added);
        return many;
    }

    /** The one instrument to hold once {@code removed} has left {@code held}. */
    public static Instrument minus(Instrument held, Instrument removed) {
        if (held == removed) {
            return null;
        }
        if (held instanceof Instruments many) {
            many.all.remove(removed);
        }
        return held;
    }

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

    @Override
    public void closingTask(Task task) {
        for (Instrument i : all) i.closingTask(task);
    }
}
