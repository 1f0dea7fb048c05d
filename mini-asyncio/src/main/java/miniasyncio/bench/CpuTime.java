package miniasyncio.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time a process has used, every thread, split into user and kernel time (from
 * {@code /proc/PID/stat} on Linux; {@link #UNKNOWN} elsewhere, but for this process, whose total
 * the JVM knows without the split). The split is what tells an echo server's own cost from the
 * kernel's: on loopback, every round trip costs the server a {@code read} and a {@code write} and
 * the client as many, and no server can go faster than the kernel's share of that lets it.
 * A part not known is -1.
 */
record CpuTime(long userNanos, long kernelNanos, long totalNanos) {

    static final CpuTime UNKNOWN = new CpuTime(-1, -1, -1);

    /** User and kernel time, and their sum (unknown if either is). */
    CpuTime(long userNanos, long kernelNanos) {
        this(userNanos, kernelNanos, userNanos >= 0 && kernelNanos >= 0 ? userNanos + kernelNanos : -1);
    }

    /** A total whose split into user and kernel time is not known. */
    static CpuTime totalOnly(long totalNanos) {
        return new CpuTime(-1, -1, totalNanos);
    }

    /** The process {@code pid}'s CPU time so far, or {@link #UNKNOWN}. */
    static CpuTime of(long pid) {
        try {
            return parse(Files.readString(Path.of("/proc/" + pid + "/stat")));
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /** The times in a {@code /proc/PID/stat} line: fields 14 and 15 (utime, stime), in ticks of 10 ms. */
    static CpuTime parse(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // the name may hold spaces and ')'
        long tick = 10_000_000L; // USER_HZ is 100 on Linux
        return new CpuTime(Long.parseLong(fields[11]) * tick, Long.parseLong(fields[12]) * tick);
    }

    /**
     * The process {@code pid}'s CPU time so far by kind of thread, from {@code /proc/PID/task}: a
     * JVM's garbage collector ({@code "gc"}: G1's and the collector's worker threads), its JIT
     * compilers ({@code "jit"}), and everything else ({@code "other"}: the threads that run the
     * program, a Python server's one thread). Empty where there is no {@code /proc}. A thread
     * that ended meanwhile drops out of the sum, so read it for threads that live (a server's).
     */
    static java.util.Map<String, CpuTime> byKindOfThread(long pid) {
        java.util.Map<String, CpuTime> kinds = new java.util.TreeMap<>();
        try (java.util.stream.Stream<Path> threads = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path thread : (Iterable<Path>) threads::iterator) {
                String stat;
                try {
                    stat = Files.readString(thread.resolve("stat"));
                } catch (IOException ended) {
                    continue;
                }
                CpuTime used = parse(stat);
                kinds.merge(kindOf(stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'))), used,
                        (a, b) -> new CpuTime(a.userNanos + b.userNanos, a.kernelNanos + b.kernelNanos));
            }
        } catch (IOException | RuntimeException e) {
            return java.util.Map.of();
        }
        return kinds;
    }

    /** The kind of a thread by its name as the kernel knows it (15 characters at most). */
    static String kindOf(String threadName) {
        if (threadName.startsWith("GC Thread") || threadName.startsWith("G1 ")) {
            return "gc";
        }
        if (threadName.startsWith("C1 CompilerThre") || threadName.startsWith("C2 CompilerThre")) {
            return "jit";
        }
        return "other";
    }

    /** This process's CPU time so far: from /proc, else the JVM's total (no split), else {@link #UNKNOWN}. */
    static CpuTime ofThisProcess() {
        CpuTime split = of(ProcessHandle.current().pid());
        return split.known() ? split : ofThisJvm();
    }

    /** The JVM's own count of this process's CPU time: every platform has it, none splits it. */
    static CpuTime ofThisJvm() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return totalOnly(os.getProcessCpuTime()); // -1 where not supported: unknown
        }
        return UNKNOWN;
    }

    /** Is the total known? */
    boolean known() {
        return totalNanos >= 0;
    }

    /** Are user and kernel time known apart? */
    boolean split() {
        return userNanos >= 0 && kernelNanos >= 0;
    }

    /** What was used from {@code start} to this one: split if both are, a total if both totals are known. */
    CpuTime since(CpuTime start) {
        if (split() && start.split()) {
            return new CpuTime(userNanos - start.userNanos, kernelNanos - start.kernelNanos);
        }
        return known() && start.known() ? totalOnly(totalNanos - start.totalNanos) : UNKNOWN;
    }

    /** This and {@code other} together (rounds of one server added up): split if both are, a total if both totals are known. */
    CpuTime plus(CpuTime other) {
        if (split() && other.split()) {
            return new CpuTime(userNanos + other.userNanos, kernelNanos + other.kernelNanos);
        }
        return known() && other.known() ? totalOnly(totalNanos + other.totalNanos) : UNKNOWN;
    }

    /** The kernel's share of the time used, 0..1 (NaN when the split is unknown or none was used). */
    double kernelShare() {
        return split() && totalNanos > 0 ? kernelNanos / (double) totalNanos : Double.NaN;
    }
}
