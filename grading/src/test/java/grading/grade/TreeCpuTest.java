package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The CPU time the time limits count: a process tree's, read from /proc, never the wall clock's. */
class TreeCpuTest {

    @Test
    void theTicksAreUserPlusSystemTimeWhateverTheProcessIsCalled() {
        // a name may hold spaces and parentheses: the fields are counted from the last ')'
        String stat = "4242 (a (b) c) R 1 4242 4242 0 -1 4194304 100 0 0 0 250 40 7 3 20 0 1 0 100 1000 10";
        assertThat(TreeCpu.parseTicks(stat)).isEqualTo(290);
    }

    @Test
    void aSpinningDescendantCountsAndASleepingProcessDoesNot() throws Exception {
        long start = System.nanoTime(); // before the spinner starts: all its CPU time is inside the wall time
        Process spinner = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' & sleep 1; kill $!").start();
        Process sleeper = new ProcessBuilder("sleep", "1").start();
        TreeCpu spinning = new TreeCpu(spinner, -1);
        TreeCpu sleeping = new TreeCpu(sleeper, -1);
        long spun = 0;
        long slept = 0;
        while (spinner.isAlive() || sleeper.isAlive()) {
            spun = spinning.nanos();
            slept = sleeping.nanos();
            spinner.waitFor(50, TimeUnit.MILLISECONDS);
        }
        // /proc counts in clock ticks (10 ms): a figure may be one tick past the time it stands for
        long wall = System.nanoTime() - start + TimeUnit.MILLISECONDS.toNanos(10);
        assertThat(spinning.measured()).isTrue();
        assertThat(spun).as("the spinning grandchild's CPU time").isPositive().isLessThanOrEqualTo(wall);
        assertThat(slept).as("a sleep's CPU time").isLessThan(TimeUnit.MILLISECONDS.toNanos(100));
        // ended, it still counts with at least what it had used when last seen (its last moments
        // too, when its final figure could still be read), never less
        assertThat(spinning.nanos()).as("once it has ended").isGreaterThanOrEqualTo(spun).isLessThanOrEqualTo(wall);
    }
}
