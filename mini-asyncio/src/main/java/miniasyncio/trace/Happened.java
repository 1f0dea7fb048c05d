package miniasyncio.trace;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the loop did between two steps, in the lecture's words, for the step-through page's
 * "what happened" list: the tasks created ({@code ready.append}), where the last step's syscall
 * put its task, a result stored, the idle waits, the timers that came due, and the
 * {@code popleft} of the task that runs now. Tasks created one after another make one line
 * ("created task 2 (worker A), task 3 (worker B) -> ready"). At most {@link StepRecorder#HAPPENED}
 * lines are kept; the rest are counted.
 */
final class Happened {

    private static final int NAMED = 10; // tasks named in one "created" line
    private final List<String> lines = new ArrayList<>();
    private final Set<Integer> moved = new LinkedHashSet<>();
    private int dropped;
    private StringBuilder created; // the "created" line being written, while tasks are created in a row
    private int createdCount;

    void created(int tid, String name) {
        if (created == null) {
            created = new StringBuilder("created ");
            createdCount = 0;
        }
        if (createdCount < NAMED) {
            created.append(createdCount == 0 ? "" : ", ").append(StepText.label(tid, name));
        }
        createdCount++;
        moved.add(tid);
    }

    void line(String text) {
        flushCreated();
        add(text);
    }

    void moved(int tid) {
        moved.add(tid);
    }

    private void flushCreated() {
        if (created == null) {
            return;
        }
        if (createdCount > NAMED) {
            created.append(" and ").append(String.format(java.util.Locale.ROOT, "%,d", createdCount - NAMED)).append(" more");
        }
        add(created.append(" -> ready").toString());
        created = null;
    }

    private void add(String text) {
        if (lines.size() < StepRecorder.HAPPENED) {
            lines.add(text);
        } else {
            dropped++;
        }
    }

    /** The lines so far (and how many more there were). */
    List<String> lines() {
        flushCreated();
        List<String> all = new ArrayList<>(lines);
        if (dropped > 0) {
            all.add("... and " + String.format(java.util.Locale.ROOT, "%,d", dropped) + " more");
        }
        return all;
    }

    List<Integer> moved() {
        return List.copyOf(moved);
    }

    void clear() {
        lines.clear();
        moved.clear();
        dropped = 0;
        created = null;
    }
}
