package exercises.step6_timeouts;

/**
 * asyncio's {@code TimeoutError}: raised by {@link Timeouts#waitFor} and {@link Timeouts#timeout}
 * when the time is up. Its cause is the {@link exercises.step3_futures.CancelledException} that
 * stopped the work. (Unchecked, unlike {@code java.util.concurrent.TimeoutException}.)
 */
public class TimeoutException extends RuntimeException {
    public TimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
