package miniasyncio;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import miniasyncio.around.UnretrievedFailures;

/**
 * A scheduler's structures, read-only, for the pictures of a run: {@code scheduler.view()}, which
 * {@code miniasyncio.trace.LoopState} draws. Not the lecture's: its {@code Scheduler} has nothing
 * to draw it with. Public only because tracing lives in a package of its own (Java has no friend
 * packages); nothing here changes what the loop does.
 */
public final class LoopView {

    private final Collection<Task> ready;
    private final TimerHeap sleeping;
    private final Map<Integer, Step.Outcome> results;
    private final UnretrievedFailures unretrieved;
    private final Supplier<List<Task>> pending;
    private final java.util.function.BooleanSupplier closed;

    LoopView(Collection<Task> ready, TimerHeap sleeping, Map<Integer, Step.Outcome> results,
             UnretrievedFailures unretrieved, Supplier<List<Task>> pending, java.util.function.BooleanSupplier closed) {
        this.ready = Collections.unmodifiableCollection(ready);
        this.sleeping = sleeping;
        this.results = Collections.unmodifiableMap(results);
        this.unretrieved = unretrieved;
        this.pending = pending;
        this.closed = closed;
    }

    /** Whether the loop has been closed: its run is over (a reader on another thread knows it is done). */
    public boolean closed() { return closed.getAsBoolean(); }

    /** {@code ready}, front first (the next to run). */
    public Collection<Task> ready() { return ready; }

    /** {@code sleeping} in the heap's own (array) order, not sorted. */
    public Collection<Task> sleeping() { return Collections.unmodifiableCollection(sleeping); }

    /** The sleeping task that wakes first, or null. */
    public Task nextToWake() { return sleeping.peek(); }

    /** When {@code task} wakes (clock nanoseconds) while it is in {@code sleeping}, else -1; a scan, O(n). */
    public long wakeAtOf(Task task) { return sleeping.wakeAtOf(task); }

    /** {@code results} (nothing is marked retrieved). */
    public Map<Integer, Step.Outcome> results() { return results; }

    /** Every unfinished task: ready, sleeping, and the ones a subclass parks (the scheduler's {@code pendingTasks}). */
    public List<Task> pendingTasks() { return pending.get(); }

    /** Tasks that failed and whose exception nobody has retrieved yet. */
    public List<Task> unretrievedFailures() { return unretrieved.list(); }

    /** The tasks whose exception the end of run reported as never retrieved (the step-through page lists them). */
    public List<Task> reportedUnretrieved() { return unretrieved.reported(); }
}
