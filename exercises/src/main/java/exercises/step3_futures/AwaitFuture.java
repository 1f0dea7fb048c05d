package exercises.step3_futures;

/**
 * The syscall "park me until {@code future} is done". A task yields it through
 * {@link Futures#await}; {@link FutureScheduler} keeps the task out of {@code ready} until the
 * future completes, then makes it ready again. No polling: nothing runs for a parked task.
 */
public record AwaitFuture(Future<?> future) {
}
