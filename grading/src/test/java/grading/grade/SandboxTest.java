package grading.grade;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SandboxTest {

    /** CI installs bubblewrap and runs as root (.ci/run): there, grading must be sandboxed. */
    @Test
    void ciGradesInASandbox() {
        Sandbox sandbox = Sandbox.detect();
        if ("true".equals(System.getenv("CI"))) {
            assertThat(sandbox.kind()).as(sandbox.describe()).isEqualTo(Sandbox.Kind.BUBBLEWRAP);
        }
        assertThat(sandbox.describe()).isNotBlank();
    }

    @Test
    void aBubblewrapChildGetsOnlyTheRunFolderReadOnlyAndStarts() throws Exception {
        Sandbox sandbox = Sandbox.detect();
        if (sandbox.kind() != Sandbox.Kind.BUBBLEWRAP) {
            assertThat("true".equals(System.getenv("CI"))).as("bubblewrap is missing in CI").isFalse();
            return;
        }
        Path run = RunDir.create();
        Sandbox.Lease lease = sandbox.acquire();
        try {
            // jshell-free probe: the JDK's own java, asked to print what it can see.
            List<String> command = sandbox.command(lease, Path.of(System.getProperty("java.home")), run,
                    List.of("-XX:-UsePerfData", "-Xshare:auto", "-version"));
            assertThat(command).contains("--unshare-all", "--unshare-user", "--die-with-parent", "--new-session",
                    "--clearenv");
            assertThat(String.join(" ", command)).contains("--ro-bind " + run + " " + Sandbox.INSIDE)
                    .doesNotContain(System.getProperty("user.dir") + " ");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes())).isZero();
        } finally {
            sandbox.release(lease);
            RunDir.delete(run);
        }
    }

    /**
     * Two graders on one machine (two courses, two CI jobs) never take the same sandbox uid, even
     * when each has a {@code java.io.tmpdir} of its own: the locks live in one folder of the
     * machine. (They once lived in the grader's tmpdir: each grader then took the first uid, and
     * one's "kill every process of this uid" ended the other's children.)
     */
    @Test
    void aUidLockedByAnotherGraderWithItsOwnTmpdirIsNotTakenAgain(@org.junit.jupiter.api.io.TempDir Path otherTmp)
            throws Exception {
        int uid = 99_000 + (int) (ProcessHandle.current().pid() % 900); // far from the grader's range
        Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + otherTmp, "-cp", System.getProperty("java.class.path"),
                HoldUidLock.class.getName(), String.valueOf(uid)).redirectErrorStream(true).start();
        try {
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(other.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            assertThat(out.readLine()).as("the other grader takes the lock of uid " + uid).isEqualTo("locked");
            assertThat(System.getProperty("java.io.tmpdir")).isNotEqualTo(otherTmp.toString());
            java.nio.channels.FileChannel mine = UidLocks.tryLock(uid);
            assertThat(mine).as("the lock of uid " + uid + ", held by another grader process").isNull();
        } finally {
            other.getOutputStream().close();
            assertThat(other.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        java.nio.channels.FileChannel free = UidLocks.tryLock(uid);
        assertThat(free).as("the lock once the other grader is gone").isNotNull();
        UidLocks.unlock(uid, free);
    }

    /**
     * A grader that asks again for a uid it holds (two of its jobs looking for a free slot) keeps
     * it: another grader still finds it taken. (Closing any channel of a lock file drops the
     * process's lock on it: a second look that opened the file and closed it once handed the uid of
     * a running child to the next grader, which then killed that child: exit 137 in a build beside
     * another.)
     */
    @Test
    void aUidThisGraderHoldsStaysTakenWhenItAsksForItAgain() throws Exception {
        int uid = 99_000 + (int) ((ProcessHandle.current().pid() + 450) % 900);
        java.nio.channels.FileChannel held = UidLocks.tryLock(uid);
        assertThat(held).as("the lock of uid " + uid).isNotNull();
        try {
            assertThat(UidLocks.tryLock(uid)).as("the same uid asked for again by this grader").isNull();
            Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), HoldUidLock.class.getName(), String.valueOf(uid))
                    .redirectErrorStream(true).start();
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(other.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            assertThat(out.readLine()).as("another grader asking for uid " + uid).isEqualTo("taken");
            other.getOutputStream().close();
            assertThat(other.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            UidLocks.unlock(uid, held);
        }
    }

    @Test
    void processesOfAUidAreFoundAndKilled() throws Exception {
        if (!Sandbox.isRoot()) {
            return; // only root can start a process as another uid; CI runs as root
        }
        Sandbox.Lease lease = new Sandbox.Lease(64_190, null);
        Process sleeper = new ProcessBuilder("setpriv", "--reuid=64190", "--regid=64190", "--clear-groups",
                "sleep", "60").start();
        try {
            assertThat(waitFor(() -> !Sandbox.processesOf(64_190).isEmpty())).as("the sleeper runs as 64190").isTrue();
            Sandbox.killAll(lease);
            assertThat(Sandbox.processesOf(64_190)).isEmpty();
            assertThat(sleeper.waitFor(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            sleeper.destroyForcibly();
        }
    }

    private static boolean waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }

    @Test
    void theRefusalNamesWhatIsMissingAndWhatToInstall() {
        // root on a machine with none of the three: each named, with its package
        String bare = Sandbox.whatIsMissing(true, name -> false, "");
        assertThat(bare).contains("bubblewrap (bwrap) is not installed: apt-get install bubblewrap")
                .contains("setpriv is missing").contains("prlimit is missing").contains("util-linux")
                .doesNotContain("the grader is not root");
        // root with bubblewrap and prlimit but no setpriv (a Gradescope-shaped image): setpriv alone
        String noSetpriv = Sandbox.whatIsMissing(true, Set.of("bwrap", "prlimit")::contains, "no user namespaces");
        assertThat(noSetpriv).contains("setpriv is missing").contains("could not start the JDK in a sandbox (no user namespaces)")
                .doesNotContain("prlimit is missing").doesNotContain("the grader is not root").doesNotContain("not installed");
        // not root: the missing uid, not setpriv
        String notRoot = Sandbox.whatIsMissing(false, name -> false, "");
        assertThat(notRoot).contains("the grader is not root").contains("or install bubblewrap").doesNotContain("setpriv");
        // not root, bubblewrap installed but refused: say "run it as root" once, and not "install bubblewrap"
        String notRootWithBwrap = Sandbox.whatIsMissing(false, Set.of("bwrap")::contains, "no user namespaces");
        assertThat(notRootWithBwrap.split("run it as root", -1)).hasSize(2);
        assertThat(notRootWithBwrap).doesNotContain("install bubblewrap");
    }
}
