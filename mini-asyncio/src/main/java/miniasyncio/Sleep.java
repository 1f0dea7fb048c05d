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

    /**
     * A Sleep for {@code seconds}, without making one when a Sleep of the same duration was
     * made recently: {@code sleep(d)} asks here, so that a task sleeping the same {@code d} again
     * and again (the usual loop) allocates nothing per sleep. A Sleep is immutable, so sharing it
     * is safe, across loops on other threads too (a lost write only costs an allocation).
     */
    static Sleep of(double seconds) {
        int slot = slot(seconds);
        Sleep recent = RECENT[slot];
        if (recent != null && Double.doubleToRawLongBits(recent.duration) == Double.doubleToRawLongBits(seconds)) {
            return recent;
        }
        return RECENT[slot] = new Sleep(seconds);
    }

    /** Where a duration's Sleep is kept in {@link #RECENT} (and its Step.Yielded, by {@link Coroutine}). */
    static int slot(double seconds) {
        return (int) ((Double.doubleToRawLongBits(seconds) * 0x9E3779B97F4A7C15L) >>> (64 - RECENT_BITS));
    }

    static final int RECENT_BITS = 6;
    private static final Sleep[] RECENT = new Sleep[1 << RECENT_BITS];

    /** The duration in whole nanoseconds, rounded, so that 0.05 + 0.05 is exactly 0.10 on the clock. */
    public long nanos() {
        return Math.round(duration * 1e9); // saturates at Long.MAX_VALUE for absurd durations
    }
}
