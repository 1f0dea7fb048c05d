package miniasyncio.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The echo bench's user and kernel time of a process, read from /proc; this process's total from the JVM elsewhere. */
class CpuTimeTest {

    @Test
    void readsUserAndKernelTicksAfterANameWithSpacesAndParentheses() {
        // pid (comm) state ppid ... field 14 utime = 250 ticks, field 15 stime = 750 ticks
        String stat = "4242 (echo (a) b) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 750 0 0 20 0 22 0 123 456 789";
        CpuTime time = CpuTime.parse(stat);
        assertThat(time.userNanos()).isEqualTo(2_500_000_000L);
        assertThat(time.kernelNanos()).isEqualTo(7_500_000_000L);
        assertThat(time.totalNanos()).isEqualTo(10_000_000_000L);
        assertThat(time.kernelShare()).isEqualTo(0.75);
    }

    @Test
    void theTimeUsedSinceAStartIsTheDifference() {
        CpuTime used = new CpuTime(300, 900).since(new CpuTime(100, 400));
        assertThat(used).isEqualTo(new CpuTime(200, 500));
        assertThat(new CpuTime(5, 5).since(CpuTime.UNKNOWN).known()).isFalse();
        assertThat(CpuTime.UNKNOWN.since(new CpuTime(5, 5)).known()).isFalse();
    }

    @Test
    void aJvmsThreadsAreToldApartByName() {
        assertThat(CpuTime.kindOf("GC Thread#0")).isEqualTo("gc");
        assertThat(CpuTime.kindOf("G1 Young RemSet")).isEqualTo("gc");
        assertThat(CpuTime.kindOf("C2 CompilerThre")).isEqualTo("jit");
        assertThat(CpuTime.kindOf("C1 CompilerThre")).isEqualTo("jit");
        assertThat(CpuTime.kindOf("main")).isEqualTo("other");
        assertThat(CpuTime.kindOf("python3")).isEqualTo("other");
    }

    @Test
    void thisJvmsThreadsAddUpByKind() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc here");
        java.util.Map<String, CpuTime> kinds = CpuTime.byKindOfThread(ProcessHandle.current().pid());
        assertThat(kinds).containsKey("other"); // this thread, at least
        assertThat(kinds.keySet()).isSubsetOf("gc", "jit", "other");
        assertThat(kinds.values()).allMatch(CpuTime::split);
        assertThat(CpuTime.byKindOfThread(-7)).isEmpty(); // no such process
    }

    @Test
    void unknownHasNoTotalAndNoShare() {
        assertThat(CpuTime.UNKNOWN.totalNanos()).isEqualTo(-1);
        assertThat(CpuTime.UNKNOWN.kernelShare()).isNaN();
        assertThat(new CpuTime(0, 0).kernelShare()).isNaN(); // nothing used: no share to speak of
        assertThat(CpuTime.of(-7)).isEqualTo(CpuTime.UNKNOWN); // no such process
    }

    @Test
    void theEchoBenchPrintsTheShareOfACoreAndOfTheKernelOrSaysItIsUnknown() {
        assertThat(EchoCpu.cpu(new CpuTime(250_000_000L, 750_000_000L), 2_000_000_000L)).isEqualTo("  50% (kernel  75%)");
        assertThat(EchoCpu.cpu(CpuTime.UNKNOWN, 2_000_000_000L)).isEqualTo("unknown"); // no /proc: not "NaN%"
        assertThat(EchoCpu.cpu(new CpuTime(0, 0), 2_000_000_000L)).isEqualTo("   0% (kernel n/a)"); // no tick used
        assertThat(EchoCpu.cpu(CpuTime.totalOnly(1_000_000_000L), 2_000_000_000L)).isEqualTo("  50% (kernel n/a)");
    }

    @Test
    void aTotalWithoutTheSplitIsKnownButHasNoShare() {
        CpuTime used = CpuTime.totalOnly(900).since(CpuTime.totalOnly(400));
        assertThat(used.known()).isTrue();
        assertThat(used.split()).isFalse();
        assertThat(used.totalNanos()).isEqualTo(500);
        assertThat(used.kernelShare()).isNaN();
        assertThat(new CpuTime(300, 900).since(CpuTime.totalOnly(400))).isEqualTo(CpuTime.totalOnly(800));
        assertThat(CpuTime.totalOnly(-1).known()).isFalse(); // the JVM's "not supported"
    }

    @Test
    void theJvmKnowsThisProcesssTotalWhereProcIsMissing() {
        CpuTime jvm = CpuTime.ofThisJvm(); // what ofThisProcess falls back to off Linux
        assertThat(jvm.known()).isTrue();
        assertThat(jvm.split()).isFalse();
        assertThat(jvm.totalNanos()).isPositive();
    }

    @Test
    void thisProcessGainsUserTimeWhileItComputes() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "Linux only: /proc");
        CpuTime start = CpuTime.ofThisProcess();
        assertThat(start.known()).isTrue();
        // 300 ms of this thread's CPU time, not of the wall clock: on a loaded machine 300 ms of wall
        // time once held 40 ms of CPU (the wall clock only stops a machine that gives it none)
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + 300_000_000L;
        long wallEnd = System.nanoTime() + 60_000_000_000L;
        long sum = 0;
        while (threads.getCurrentThreadCpuTime() < until && System.nanoTime() < wallEnd) {
            for (int i = 0; i < 10_000; i++) {
                sum += Long.numberOfTrailingZeros(sum + i);
            }
        }
        CpuTime used = CpuTime.ofThisProcess().since(start);
        assertThat(sum).isPositive();
        // 200 of the 300 ms: the kernel's ticks (10 ms) and the user/system split are coarse
        assertThat(used.userNanos()).as("300 ms of computing").isGreaterThanOrEqualTo(200_000_000L);
    }
}
