package miniasyncio;

/**
 * The lecture's syscall: "wake me up in {@code duration} seconds". A task yields it (through
 * {@link MiniAsyncio#sleep(double)}) and the scheduler puts the task in its {@code sleeping} heap.
 * {@code Sleep(0)} sets no timer: the task just goes to the back of {@code ready}, as
 * {@code asyncio.sleep(0)} does.
 */
public record Sleep(double duration) {

    public Sleep {
        if (!(duration >= 0) || Double.isInfinite(duration)) { // !(x >= 0) also catches NaN
            throw new IllegalArgumentException("sleep() needs a finite duration of at least 0 seconds, got "
                    + duration);
        }
    }

    /** The Sleep for {@code seconds}, the same object for the same duration (see {@link #step}). */
    static Sleep of(double seconds) {
        return (Sleep) step(seconds).value();
    }

    /**
     * The step a task hands the scheduler to sleep {@code seconds}: a {@link Step.Yielded} of the
     * Sleep, made once per duration. {@code sleep(d)} asks here, so that a program's sleeps
     * allocate nothing once each of its durations has been slept once. That matters more than the
     * 40 bytes: with a million timer ops a second, 40 bytes each fill the young generation often,
     * and collections move the sleeping tasks' frozen stacks on to the old generation, where the
     * JDK can no longer freeze a stack into the chunk it already has (it makes a new one) and every
     * store into the heap's arrays pays G1's card-marking barrier (docs/performance.md: the timers
     * cost about 3x their floor at 10k sleepers before this table).
     *
     * <p>The steps are kept for good in a small table (an interning table, as
     * {@code String.intern} keeps strings): programs sleep a handful of durations, or at most a
     * few thousand (every whole millisecond up to a second is 1,000). Past {@link #KEPT}
     * durations, a new one gets a new Sleep and step every time. Both are immutable, so loops on
     * other threads may share the table without a lock: a race can only lose an entry, which
     * costs one allocation. {@code sleep(0)}, the commonest, skips the table.
     */
    static Step.Yielded step(double seconds) {
        long bits = Double.doubleToRawLongBits(seconds);
        if (bits == 0) {
            return ZERO; // 0.0 (-0.0 has bits of its own, and a Sleep of its own in the table)
        }
        for (int slot = home(bits); ; slot = (slot + 1) & (SLOTS - 1)) { // open addressing, linear probing
            Step.Yielded kept = TABLE[slot];
            if (kept == null) {
                Step.Yielded made = new Step.Yielded(new Sleep(seconds)); // checks the duration before it is kept
                if (count < KEPT) {
                    count++;
                    KEYS[slot] = bits; // the key first: a loop on another thread that sees the step sees a key
                    TABLE[slot] = made; // or a stale 0, which no duration but 0.0 (not kept here) has
                }
                return made;
            }
            if (KEYS[slot] == bits) {
                return kept;
            }
        }
    }

    /** A duration's first slot: its bits times the golden ratio, top bits (spreads 0.001, 0.002... evenly). */
    private static int home(long bits) {
        return (int) ((bits * 0x9E3779B97F4A7C15L) >>> (64 - SLOT_BITS));
    }

    /**
     * At most half the slots are used, so that a probe finds an empty slot within a few steps
     * (and always finds one: races on other threads can only keep a few more than {@link #KEPT}).
     */
    static final int SLOT_BITS = 12, SLOTS = 1 << SLOT_BITS, KEPT = SLOTS / 2;
    private static final Step.Yielded[] TABLE = new Step.Yielded[SLOTS];
    /**
     * Each kept step's duration, as its bits, in the same slot of this table's second array: a probe
     * compares numbers. Reading the duration through the step and its Sleep made the compiled
     * {@code sleep()}, which inlines this method, keep a larger frame: 16 bytes more on every
     * sleeping task's frozen stack ({@code AllocationGuardTest}).
     */
    private static final long[] KEYS = new long[SLOTS];
    private static int count; // how many are kept; read and written without a lock (a race keeps one more or less)
    private static final Step.Yielded ZERO = new Step.Yielded(new Sleep(0)); // one shared sleep(0) request

    /** The duration in whole nanoseconds, rounded, so that 0.05 + 0.05 is exactly 0.10 on the clock. */
    public long nanos() {
        return Math.round(duration * 1e9); // saturates at Long.MAX_VALUE for absurd durations
    }
}
