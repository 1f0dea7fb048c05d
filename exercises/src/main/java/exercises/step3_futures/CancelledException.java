package exercises.step3_futures;

/**
 * asyncio's {@code CancelledError}: a {@link Future} that was cancelled holds it, and (from step 5
 * on) a cancelled task gets it thrown at the point where it waits.
 *
 * <p>One difference from Python: there it is a {@code BaseException}, so {@code except Exception}
 * does not catch it. Here {@code catch (RuntimeException e)} does: if you catch it to clean up,
 * rethrow it.
 */
public class CancelledException extends RuntimeException {

    public CancelledException() {
        super("cancelled");
    }

    public CancelledException(String message) {
        super(message);
    }
}
