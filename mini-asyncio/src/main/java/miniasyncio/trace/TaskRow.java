package miniasyncio.trace;

import java.util.List;

/**
 * One task's row on the timeline.
 *
 * @param creatorTid the task that created it, 0 for the main task
 * @param endedAt    when it finished (clock nanoseconds), or -1 if it had not when the timeline was taken
 * @param ending     "returned", "failed: ...", or "still pending"
 * @param failed     whether it ended with an exception
 */
public record TaskRow(int tid, String name, int creatorTid, long spawnedAt, long endedAt, String ending,
                      boolean failed, int steps, List<Span> spans) {

    public boolean finished() {
        return endedAt >= 0;
    }

    /** "task 3 (worker B)", as the scheduler's messages write it. */
    public String label() {
        return StepText.label(tid, name); // an unnamed task is "task 2", not "task 2 (task 2)"
    }
}
