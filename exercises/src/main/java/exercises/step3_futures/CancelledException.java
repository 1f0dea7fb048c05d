package exercises.step3_futures;

/**
 * asyncio's {@code CancelledError}: a {@link Future} that was cancelled holds it, and (from step 5
 * on) a cancelled task gets it thrown at the point where it waits.
 *
 * <p>It is an {@link Error}, not an {@link Exception}, for the reason Python made
 * {@code CancelledError} a {@code BaseException} (3.8): a cancellation is not a failure of the
 * code it passes through, and the everyday {@code catch (Exception e) { log(e); }} around a call
 * that waits must not swallow it by accident, or the task would go on as if nobody had cancelled
 * it, and a timeout or a task group waiting for it would wait in vain. Catch it by name to clean
 * up ({@code catch (CancelledException e) { ...; throw e; }}), or use {@code finally}, and rethrow
 * it.
 */
public class CancelledException extends Error {

    public CancelledException() {
        super("cancelled");
    }

    public CancelledException(String message) {
        super(message);
    }
}
