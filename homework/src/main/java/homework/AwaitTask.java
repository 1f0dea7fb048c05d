package homework;

/**
 * The homework's syscall: "wake me up when task {@code tid} has finished, and send me its result".
 * A task yields it through {@link Homework#awaitTask(int)}; the {@link HomeworkScheduler} parks the
 * task until then. In the lecture's Python: {@code result = yield AwaitTask(tid)}.
 */
public record AwaitTask(int tid) {
}
