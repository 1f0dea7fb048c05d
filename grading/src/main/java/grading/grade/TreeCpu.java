package grading.grade;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The CPU time a child JVM and everything it started have used, read by the grader from the
 * operating system ({@code /proc/<pid>/stat}: user and system time of all of a process's
 * threads). This is what the time limits count, not the time on the wall clock: on a machine
 * where other work runs, a child that waits for its turn on a core uses no CPU, so the load of
 * the machine cannot turn a correct solution into a "timed out".
 *
 * <p>The processes are the child, its descendants and, when the child runs as a uid of its own,
 * every process of that uid (a process that detached itself from the tree still counts). The
 * last figure read for each process is kept, so a process that has ended still counts with what
 * it had used when last seen, and the total never goes down.
 *
 * <p>Without {@code /proc} (not Linux) nothing can be read: the wall-clock time since the child
 * started stands in for its CPU time, as the grader did before.
 */
final class TreeCpu {

    /** Clock ticks per second of {@code /proc/<pid>/stat} (USER_HZ: 100 on every Linux architecture the JDK runs on). */
    private static final long TICKS_PER_SECOND = 100;

    private final Process root;
    private final int uid;
    private final long started = System.nanoTime();
    private final boolean readable;
    private final Map<Long, Long> lastTicks = new HashMap<>();
    /** When the tree was last searched for new processes (see {@link #SEARCH_NANOS}): the first read searches. */
    private long searched = started - SEARCH_NANOS;

    /**
     * How often {@link #nanos()} searches for processes it has not seen yet. A search lists all of
     * /proc twice (the descendants, the uid's processes): a few milliseconds of the grader's CPU,
     * and it is asked at every test's start and end. Between searches the processes already seen
     * are read again, which is cheap. A process born since the last search counts from the next
     * one on, with all it has used by then; one that is born and ends in between is left to the
     * wall-clock backstop, as a process that blocks is.
     */
    static final long SEARCH_NANOS = 100_000_000L;

    /** @param uid the uid the child runs as, or a negative number when it runs as the grader's */
    TreeCpu(Process root, int uid) {
        this.root = root;
        this.uid = uid;
        this.readable = ticks(root.pid()) >= 0;
    }

    /** Whether the figures are CPU time (false: wall-clock time stands in, see the class comment). */
    boolean measured() {
        return readable;
    }

    /** CPU nanoseconds used so far by the whole tree (looks for new processes at most every SEARCH_NANOS). */
    long nanos() {
        if (!readable) {
            return System.nanoTime() - started;
        }
        long now = System.nanoTime();
        if (now - searched >= SEARCH_NANOS) {
            searched = now;
            read(root.pid());
            root.descendants().forEach(p -> read(p.pid()));
            if (uid >= 0) {
                for (long pid : Sandbox.processesOf(uid)) {
                    read(pid);
                }
            }
        } else {
            for (long pid : List.copyOf(lastTicks.keySet())) {
                read(pid);
            }
        }
        long total = 0;
        for (long t : lastTicks.values()) {
            total += t;
        }
        return total * (1_000_000_000L / TICKS_PER_SECOND);
    }

    private void read(long pid) {
        long t = ticks(pid);
        if (t >= 0) {
            lastTicks.merge(pid, t, Math::max);
        }
    }

    /** utime + stime of {@code pid}, in clock ticks; -1 when it cannot be read (gone, or no /proc). */
    static long ticks(long pid) {
        try {
            return parseTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** utime + stime from a line of {@code /proc/<pid>/stat} (fields 14 and 15; the name in parentheses may hold spaces). */
    static long parseTicks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // fields[0] is field 3 (the state), so field n is fields[n - 3]
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
