package exercises;

import java.util.concurrent.Callable;

/**
 * Runs a {@link Callable} and lets a checked exception out unchanged, without wrapping it. Task
 * bodies are {@code Callable}s and may throw anything; scopes such as {@code timeout(seconds, body)}
 * run a body inside the task and should not change what it throws.
 */
public final class Unchecked {

    private Unchecked() {
    }

    public static <T> T call(Callable<T> body) {
        try {
            return body.call();
        } catch (Exception e) {
            throw Unchecked.<RuntimeException>sneaky(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t; // erased cast: the checked exception passes through the compiler's checks
    }
}
