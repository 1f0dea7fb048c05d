package miniasyncio.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time a process has used, every thread, split into user and kernel time (from
 * {@code /proc/PID/stat} on Linux; {@link #UNKNOWN} elsewhere). The split is what tells an echo
 * server's own cost from the kernel's: on loopback, every round trip costs the server a
 * {@code read} and a {@code write} and the client as many, and no server can go faster than the
 * kernel's share of that lets it.
 */
record CpuTime(long userNanos, long kernelNanos) {

    static final CpuTime UNKNOWN = new CpuTime(-1, -1);

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

    /** This process's CPU time so far, or {@link #UNKNOWN}. */
    static CpuTime ofThisProcess() {
        return of(ProcessHandle.current().pid());
    }

    boolean known() {
        return userNanos >= 0 && kernelNanos >= 0;
    }

    long totalNanos() {
        return known() ? userNanos + kernelNanos : -1;
    }

    /** What was used from {@code start} to this one; unknown if either is. */
    CpuTime since(CpuTime start) {
        return known() && start.known() ? new CpuTime(userNanos - start.userNanos, kernelNanos - start.kernelNanos) : UNKNOWN;
    }

    /** The kernel's share of the time used, 0..1 (NaN when unknown or none was used). */
    double kernelShare() {
        return known() && totalNanos() > 0 ? kernelNanos / (double) totalNanos() : Double.NaN;
    }
}
