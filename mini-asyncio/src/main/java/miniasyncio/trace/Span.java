package miniasyncio.trace;

import miniasyncio.Sleep;

/**
 * One stretch of a task's life on the timeline, in clock nanoseconds: {@code [from, to)}.
 *
 * @param kind   what the task was doing
 * @param step   the step number (1 for the task's first step); for a state between steps,
 *               the step that led to it
 * @param detail what a hover or a trace viewer shows: the syscall, the result, the wake time
 * @param realNanos for {@link Kind#RUNNING}: how long the step took in real time (on the virtual
 *               clock a step takes no virtual time at all); else 0
 */
public record Span(Kind kind, long from, long to, int step, String detail, long realNanos) {

    /** What a task does in a stretch of time. The order is the drawing priority, highest first. */
    public enum Kind {
        /** Running a step: the loop is busy with this task and no other. */
        RUNNING('#', "running a step"),
        /** Ready, waiting for its turn: it could run, but the loop is busy elsewhere. */
        READY(':', "ready, waiting for its turn"),
        /** Parked on an {@link miniasyncio.trace.IoWait} syscall: waiting until a channel is ready. */
        IO_WAITING('=', "waiting for the network"),
        /** Parked on a syscall that is not a timer: waiting on another task (or an event). */
        WAITING('~', "waiting on another task"),
        /** Parked on a timer: a {@code Sleep} syscall. */
        SLEEPING('.', "sleeping (timer set)");

        public final char glyph;
        public final String meaning;

        Kind(char glyph, String meaning) {
            this.glyph = glyph;
            this.meaning = meaning;
        }
    }
}
