package homework;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * A correct solution in a modern style: a sealed interface of what awaitTask can decide, records,
 * pattern switches, streams for the deadlock message.
 */
public class HomeworkScheduler extends Scheduler {

    /** What an awaitTask(tid) comes to. */
    private sealed interface Decision permits Refuse, Resume, Park {
    }

    private record Refuse(String why) implements Decision {
    }

    private record Resume(Step.Outcome outcome) implements Decision {
    }

    private record Park(int tid) implements Decision {
    }

    private record Edge(Task waiter, int target) {
    }

    private final Map<Integer, ArrayDeque<Task>> waitersOf = new HashMap<>();
    private final Map<Task, Edge> edges = new LinkedHashMap<>();

    public HomeworkScheduler() {
        super();
    }

    public HomeworkScheduler(Clock clock) {
        super(clock);
    }

    private Decision decide(Task waiter, int tid) {
        if (tid == waiter.tid()) {
            return new Refuse("awaitTask(%d): a task cannot await itself".formatted(tid));
        }
        if (tid <= 0 || tid > nextId) {
            return new Refuse("awaitTask(%d): there is no task with tid %d".formatted(tid, tid));
        }
        return Optional.ofNullable(takeResult(tid)).<Decision>map(Resume::new).orElseGet(() -> new Park(tid));
    }

    @Override
    protected void handleSyscall(Task task, Object syscall) {
        switch (syscall) {
            case AwaitTask(int tid) -> {
                switch (decide(task, tid)) {
                    case Refuse(String why) -> scheduleThrow(task, new IllegalArgumentException(why));
                    case Resume(Step.Outcome outcome) -> resume(task, outcome);
                    case Park(int target) -> {
                        waitersOf.computeIfAbsent(target, t -> new ArrayDeque<>()).addLast(task);
                        edges.put(task, new Edge(task, target));
                    }
                }
            }
            case null, default -> super.handleSyscall(task, syscall);
        }
    }

    private void resume(Task waiter, Step.Outcome outcome) {
        switch (outcome) {
            case Step.Returned(Object value) -> schedule(waiter, value);
            case Step.Failed(Throwable exception) -> scheduleThrow(waiter, exception);
        }
    }

    @Override
    protected void finishTask(Task task, Step.Outcome outcome) {
        super.finishTask(task, outcome);
        ArrayDeque<Task> waiters = waitersOf.remove(task.tid());
        if (waiters != null) {
            takeResult(task.tid());
            waiters.forEach(w -> {
                edges.remove(w);
                resume(w, outcome);
            });
        }
    }

    @Override
    protected boolean hasWork() {
        return super.hasWork() || !edges.isEmpty();
    }

    @Override
    protected List<Task> pendingTasks() {
        return Stream.concat(super.pendingTasks().stream(), edges.keySet().stream())
                .collect(Collectors.toCollection(ArrayList::new));
    }

    @Override
    protected DeadlockException deadlock() {
        Map<Integer, Task> byTid = edges.keySet().stream().collect(Collectors.toMap(Task::tid, t -> t));
        for (Task start : edges.keySet()) {
            List<Task> path = new ArrayList<>();
            Task at = start;
            while (at != null && !path.contains(at)) {
                path.add(at);
                at = byTid.get(edges.get(at).target());
            }
            if (at != null) {
                String cycle = path.subList(path.indexOf(at), path.size()).stream()
                        .map(t -> "#%d %s".formatted(t.tid(), t.name()))
                        .collect(Collectors.joining(" -> ", "Deadlock, the cycle: ", " -> (back to the first)"));
                return new DeadlockException(cycle);
            }
        }
        return super.deadlock();
    }
}
