package miniasyncio;

/**
 * What one resumption of a {@link Coroutine} produced. Python tells these apart with control
 * flow: {@code send()} returns the yielded value, or raises {@code StopIteration(value)}, or
 * raises the body's exception. Java can say it with a sealed type and a pattern-matching
 * {@code switch}, so the scheduler reads as one table:
 *
 * <pre>{@code
 * switch (coroutine.send(value)) {
 *     case Step.Yielded(Object syscall)  -> handleSyscall(task, syscall);
 *     case Outcome outcome               -> finishTask(task, outcome);
 * }
 * }</pre>
 */
public sealed interface Step {

    /** The coroutine is suspended and handed {@code value} out, like {@code yield value}. */
    record Yielded(Object value) implements Step {}

    /** How a coroutine ended: the two kinds of step after which it never runs again. */
    sealed interface Outcome extends Step {

        /** The value, or the failure rethrown (see {@link Failed#rethrow()}). */
        Object get();
    }

    /** The body returned {@code value}: Python's {@code StopIteration(value)}. */
    record Returned(Object value) implements Outcome {
        @Override
        public Object get() {
            return value;
        }
    }

    /** The body threw {@code exception}. */
    record Failed(Throwable exception) implements Outcome {
        @Override
        public Object get() {
            throw rethrow();
        }

        /**
         * Throws the exception as it is when it is unchecked. A checked one is wrapped in an
         * unchecked {@link TaskFailedException} with the original as its cause, so that callers
         * need no {@code throws Exception} clause. Declared to return so callers can write
         * {@code throw failed.rethrow();} and the compiler knows the line never completes.
         */
        public RuntimeException rethrow() {
            if (exception instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (exception instanceof Error error) {
                throw error;
            }
            throw new TaskFailedException(exception);
        }
    }

    /** A checked exception that escaped a task, carried unchecked to whoever retrieves it. */
    final class TaskFailedException extends RuntimeException {
        public TaskFailedException(Throwable cause) {
            super("task failed with " + cause, cause);
        }
    }
}
