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

    /** The duration in whole nanoseconds, rounded, so that 0.05 + 0.05 is exactly 0.10 on the clock. */
    public long nanos() {
        return Math.round(duration * 1e9); // saturates at Long.MAX_VALUE for absurd durations
    }
}
