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
     * store into the heap's arrays pays G1's card-marking barrier (the kit's performance notes: the timers
     * cost about 3x their floor at 10k sleepers before this table).
     *
     * <p>The steps are kept for good in a small table (an interning table, as
     * {@code String.intern} keeps strings): programs sleep a handful of durations, or at most a
     * few thousand (every whole millisecond up to a second is 1,000). Past {@link #KEPT}
     * durations, a new one gets a new Sleep and step every time. {@code sleep(0)}, the commonest,
     * skips the table.
     *
     * <p>Loops on other threads share the table without a lock (tests in parallel, the grader's
     * child, a program with two loops). Each slot holds one {@link Kept}, which carries its own
     * key, and a slot is filled once, by a compare-and-set: a loop sees a slot empty or holding a
     * whole entry, never one duration's key beside another's step. A loop that loses the race for
     * a slot reads the winner's entry: its own duration (kept by the other loop first) or another
     * one, and then it probes on.
     */
    static Step.Yielded step(double seconds) {
        long bits = Double.doubleToRawLongBits(seconds);
        if (bits == 0) {
            return ZERO; // 0.0 (-0.0 has bits of its own, and a Sleep of its own in the table)
        }
        for (int slot = home(bits); ; slot = (slot + 1) & (SLOTS - 1)) { // open addressing, linear probing
            Kept kept = TABLE[slot];
            if (kept == null) {
                return keep(slot, bits, seconds);
            }
            if (kept.bits == bits) {
                return kept.step;
            }
        }
    }

    /**
     * The first sleep of a duration: its step is made and kept in the first empty slot from
     * {@code slot} on. Apart from {@link #step}, so that the hot path that finds a kept step stays small.
     */
    private static Step.Yielded keep(int slot, long bits, double seconds) {
        Step.Yielded made = new Step.Yielded(new Sleep(seconds)); // checks the duration before it is kept
        if (count >= KEPT) {
            return made;
        }
        Runnable seam = beforeKeep;
        if (seam != null) {
            seam.run();
        }
        Kept entry = new Kept(bits, made);
        for (; ; slot = (slot + 1) & (SLOTS - 1)) {
            if (SLOT.compareAndSet(TABLE, slot, (Kept) null, entry)) {
                count++; // without a lock: a race keeps one more or less, and at most half the slots fill
                return made;
            }
            Kept other = (Kept) SLOT.getVolatile(TABLE, slot); // the slot was filled meanwhile: whose is it?
            if (other.bits == bits) {
                return other.step; // the same duration, kept by a loop on another thread first
            }
        }
    }

    /** A kept step and its duration's bits: one object in one slot, so that a slot's key and step never mix. */
    private record Kept(long bits, Step.Yielded step) {
    }

    /**
     * Runs between a first sleep's finding of an empty slot and its keeping the step there: a test
     * pauses a loop here to put another loop's store in between. Null (nothing runs) but in tests.
     */
    static volatile Runnable beforeKeep;

    /** A duration's first slot: its bits times the golden ratio, top bits (spreads 0.001, 0.002... evenly). */
    static int home(long bits) {
        return (int) ((bits * 0x9E3779B97F4A7C15L) >>> (64 - SLOT_BITS));
    }

    /**
     * At most half the slots are used, so that a probe finds an empty slot within a few steps
     * (and always finds one: races on other threads can only keep a few more than {@link #KEPT}).
     */
    static final int SLOT_BITS = 12, SLOTS = 1 << SLOT_BITS, KEPT = SLOTS / 2;
    private static final Kept[] TABLE = new Kept[SLOTS];
    private static final java.lang.invoke.VarHandle SLOT = java.lang.invoke.MethodHandles.arrayElementVarHandle(Kept[].class);
    private static int count; // how many are kept; read and written without a lock (a race keeps one more or less)
    private static final Step.Yielded ZERO = new Step.Yielded(new Sleep(0)); // one shared sleep(0) request

    /** The duration in whole nanoseconds, rounded, so that 0.05 + 0.05 is exactly 0.10 on the clock. */
    public long nanos() {
        return Math.round(duration * 1e9); // saturates at Long.MAX_VALUE for absurd durations
    }
}
