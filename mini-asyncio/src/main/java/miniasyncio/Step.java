package miniasyncio;

/**
 * What one resumption of a {@link Coroutine} produced. Python tells these apart with control
 * flow: {@code send()} returns the yielded value, or raises {@code StopIteration(value)}, or
 * raises the body's exception. Java can say it with a sealed type and a pattern-matching
 * {@code switch}, so the scheduler reads as one table:
 *
 * <pre>{@code
 * switch (coroutine.send(value)) {
 *     case Step.Yielded yielded  -> handleSyscall(task, yielded.value);
 *     case Outcome outcome               -> finishTask(task, outcome);
 * }
 * }</pre>
 */
public sealed interface Step {

    /**
     * The coroutine is suspended and handed {@code value} out, like {@code yield value}.
     *
     * <p>A final class with a final field rather than a record, so that the loop reads the syscall
     * as a field ({@code yielded.value}): a record's component is read through its accessor, one
     * more method, in one more file, on every step of every task (the walk of one {@code sleep(1)}
     * in the runtime's README counts the files a step enters). Equal by its value, as a record.
     */
    final class Yielded implements Step {

        /** What the coroutine yielded: a syscall for a scheduler, a value for a generator's caller. */
        public final Object value;

        public Yielded(Object value) {
            this.value = value;
        }

        public Object value() {
            return value;
        }

        /**
         * A Yielded for {@code value}, without making one when it can: a Yielded is immutable, so
         * the last one made is handed out again for the same object (a generator that yields the
         * same request in a loop allocates nothing). {@link Sleep} keeps the Yielded of each of its
         * kept durations itself ({@link Sleep#step}).
         */
        static Yielded of(Object value) {
            Yielded shared = recent;
            if (shared != null && shared.value == value) {
                return shared;
            }
            return recent = new Yielded(value);
        }

        /**
         * The last Yielded made. Loops on other threads may write it at the same time: that is safe
         * without a lock, because a Yielded is immutable (its one field is final, so any thread that
         * reads the reference sees the whole object), and a lost write only costs an allocation. It
         * keeps at most one yielded object alive.
         */
        private static Yielded recent;

        @Override
        public boolean equals(Object other) {
            return other instanceof Yielded that && java.util.Objects.equals(value, that.value);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(value);
        }

        @Override
        public String toString() {
            return "Yielded[value=" + value + "]";
        }
    }

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
