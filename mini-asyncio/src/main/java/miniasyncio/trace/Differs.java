package miniasyncio.trace;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where the kit's loop does what the lecture's {@code Scheduler} would not, said once a run on the
 * step-through page, at the step where it first shows: a student checking the page against the
 * lecture's code must not think either one wrong. There are four:
 * <ul>
 *   <li>{@code heap}: {@code sleeping} is a heap, so timers due at once wake by wake time; the
 *       lecture's {@code _wake_sleeping} walks its list in the order tasks went to sleep;</li>
 *   <li>{@code late}: a timer fired late because a step held the loop (in both loops alike);</li>
 *   <li>{@code goes-on}: a task failed and the run goes on; the lecture's {@code run} would stop;</li>
 *   <li>{@code sleep0}: {@code sleep(0)} goes straight to the back of {@code ready}; the lecture's
 *       goes through {@code sleeping}.</li>
 * </ul>
 */
final class Differs {

    /** One difference: its kind (above) and the page's sentence for it. */
    public record Note(String kind, String text) {}

    private final Set<String> said = new HashSet<>();
    private final List<Note> pending = new ArrayList<>(); // said since the last kept step

    /** Whether {@code kind} has been said in this run. */
    boolean said(String kind) {
        return said.contains(kind);
    }

    void heap(String first, String second) {
        note("heap", "Here sleeping is a heap: timers due at once wake by wake time (a tie: the first to sleep first), so "
                + first + " went to ready before " + second + ". The lecture's _wake_sleeping walks its list in the order"
                + " tasks went to sleep: it would have appended " + second + " first.");
    }

    void late(String held) {
        note("late", "A timer fires only between steps, when the running task has yielded: " + held + " so every timer"
                + " due meanwhile fired late. The lecture's loop does the same; its list would then wake them in the order"
                + " they went to sleep, this heap by wake time.");
    }

    void goesOn(String task, int tid) {
        note("goes-on", task + " failed and the loop goes on: the exception is stored in results[" + tid + "] for whoever"
                + " awaits it (and reported at the end if nobody does). The lecture's run() would stop here: the exception"
                + " would propagate out of send() and out of run().");
    }

    void sleepZero(String task) {
        note("sleep0", task + " yielded Sleep(0) and went straight to the back of ready. The lecture's loop puts it in"
                + " sleeping, due at once; its next _wake_sleeping appends it to ready with the timers due by then, in list"
                + " order.");
    }

    private void note(String kind, String text) {
        if (said.add(kind)) {
            pending.add(new Note(kind, text));
        }
    }

    /** The notes said since the last call, for the step about to be kept. */
    List<Note> take() {
        if (pending.isEmpty()) {
            return List.of();
        }
        List<Note> notes = List.copyOf(pending);
        pending.clear();
        return notes;
    }
}
