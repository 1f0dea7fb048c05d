package grading.grade;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The operating-system boundary around the JVM that runs a submission. The submission is
 * arbitrary code: whatever its process can reach, it can read, write or signal. So the grader
 * puts it where it can reach nothing of the grader's:
 *
 * <ul>
 *   <li><b>bubblewrap</b> (best): new user, PID, network, IPC, UTS and mount namespaces; the file
 *       system is the JDK and the system libraries read-only, a read-only copy of the run's own
 *       folder (the kit and the submission's classes), and a small tmpfs. No view of the
 *       grader's processes or folders, no network, and every process of the namespace dies with
 *       it ({@code --die-with-parent}, PID namespace), so nothing outlives grading. When the
 *       grader is root, bubblewrap itself runs as an unprivileged uid of its own (one per job
 *       slot), with a process limit.</li>
 *   <li><b>uid</b> (root without bubblewrap, as in some containers): the child runs as an
 *       unprivileged uid of its own, with a process limit; after it ends, every process of that
 *       uid is killed before any result is written.</li>
 *   <li><b>none</b>: the grader's own user. Only the allowlist screen stands between the
 *       submission and the grader; {@code --require-sandbox} refuses to grade like this.</li>
 * </ul>
 *
 * <p>Which one is used is found once per grader process, by starting the JDK in it.
 */
public final class Sandbox {

    /** The kinds, best first. */
    public enum Kind { BUBBLEWRAP, UID, NONE }

    /** Where the run's folder appears inside a bubblewrap sandbox. */
    static final String INSIDE = "/grading";

    /** Uids given to children, one per job slot at a time; chosen outside the ranges distributions hand out. */
    private static final int FIRST_UID = Integer.getInteger("grading.sandbox.uid", 64_200);
    private static final int SLOTS = 64;

    /** Threads and processes one child may have (the JVM itself needs a few dozen). */
    static final int MAX_PROCESSES = 256;

    private static Sandbox detected;

    private final Kind kind;
    private final boolean dropUid;   // run as a uid of its own (the grader is root)
    private final String why;        // why not better, for the description

    private Sandbox(Kind kind, boolean dropUid, String why) {
        this.kind = kind;
        this.dropUid = dropUid;
        this.why = why;
    }

    /** The best sandbox this machine allows (found once, by trying it). */
    public static synchronized Sandbox detect() {
        if (detected == null) {
            detected = probe();
        }
        return detected;
    }

    private static Sandbox probe() {
        if ("none".equals(System.getProperty("grading.sandbox"))) {
            // for measuring what the sandbox costs (grading/cost/throughput.sh); --require-sandbox refuses it
            return new Sandbox(Kind.NONE, false, "switched off with -Dgrading.sandbox=none");
        }
        boolean root = isRoot();
        boolean setpriv = root && program("setpriv") != null;
        String bwrapProblem;
        if (program("bwrap") == null) {
            bwrapProblem = "bubblewrap (bwrap) is not installed";
        } else {
            bwrapProblem = tryIt(new Sandbox(Kind.BUBBLEWRAP, setpriv, ""));
            if (bwrapProblem != null && setpriv) {
                // Unprivileged user namespaces may be off: bubblewrap as root still isolates.
                String asRoot = tryIt(new Sandbox(Kind.BUBBLEWRAP, false, ""));
                if (asRoot == null) {
                    return new Sandbox(Kind.BUBBLEWRAP, false, "");
                }
            }
            if (bwrapProblem == null) {
                return new Sandbox(Kind.BUBBLEWRAP, setpriv, "");
            }
        }
        if (setpriv) {
            String uidProblem = tryIt(new Sandbox(Kind.UID, true, bwrapProblem));
            if (uidProblem == null) {
                return new Sandbox(Kind.UID, true, bwrapProblem);
            }
            bwrapProblem += "; a uid of its own failed too: " + uidProblem;
        }
        return new Sandbox(Kind.NONE, false, bwrapProblem
                + (root ? "" : "; not root, so the child cannot run as another uid"));
    }

    public Kind kind() {
        return kind;
    }

    public boolean isolated() {
        return kind != Kind.NONE;
    }

    /**
     * What this machine lacks for a sandbox, and what to install: for the refusal of
     * {@code --require-sandbox}. Each piece is looked for on its own (bubblewrap; as root,
     * setpriv and prlimit; a uid to drop to), so that the message names what is really missing.
     */
    public String whatIsMissing() {
        return whatIsMissing(isRoot(), name -> program(name) != null, why);
    }

    /** {@link #whatIsMissing()} for a machine described by {@code root} and {@code installed} (tested on its own). */
    static String whatIsMissing(boolean root, Predicate<String> installed, String why) {
        List<String> missing = new ArrayList<>();
        if (!installed.test("bwrap")) {
            missing.add("bubblewrap (bwrap) is not installed: apt-get install bubblewrap (dnf install bubblewrap)");
        } else {
            missing.add("bubblewrap is installed but could not start the JDK in a sandbox (" + why + "): check that"
                    + " user namespaces are allowed (sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu 24.04"
                    + " kernel.apparmor_restrict_unprivileged_userns=0)");
        }
        if (root) {
            if (!installed.test("setpriv")) {
                missing.add("setpriv is missing, so the submission cannot run as a uid of its own: apt-get install"
                        + " util-linux (setpriv is in util-linux; on Debian 12 and Ubuntu, the package util-linux)");
            }
            if (!installed.test("prlimit")) {
                missing.add("prlimit is missing (no process limit for the submission's uid): apt-get install util-linux");
            }
        } else {
            missing.add("the grader is not root, so it has no uid of its own to give the submission: run it as root"
                    + " (as Gradescope does)" + (installed.test("bwrap") ? "" : ", or install bubblewrap"));
        }
        return String.join("; ", missing);
    }

    /** One line for the grader's output and results.json. */
    public String describe() {
        return switch (kind) {
            case BUBBLEWRAP -> "bubblewrap: new user, PID, network, IPC and mount namespaces; read-only copy of the run"
                    + (dropUid ? "; an unprivileged uid of its own, at most " + MAX_PROCESSES + " threads" : "");
            case UID -> "an unprivileged uid of its own, at most " + MAX_PROCESSES + " threads, every process of it"
                    + " killed after the run (no namespaces: " + why + ")";
            case NONE -> "none: the submission runs as the grader's own user (" + why + ")";
        };
    }

    /**
     * A job slot: the uid one child runs as, held by this grader process until {@link #release}:
     * a machine-wide lock of {@link UidLocks}, so that grader processes running side by side (two
     * instructors' batches, two CI jobs, a test suite) never give one uid to two children.
     */
    public record Lease(int uid, FileChannel lock) {
    }

    /**
     * Where the uid locks live: one fixed folder for the whole machine (only a root grader drops
     * to a uid, and root may write it). It is {@code /tmp}, with the file names graders have always
     * used there, so that a grader of an earlier version running beside this one (with the default
     * {@code java.io.tmpdir}) takes the same locks. {@code -Dgrading.sandbox.locks=DIR} moves it.
     */
    static final Path LOCKS = Path.of(System.getProperty("grading.sandbox.locks", "/tmp"));

    /**
     * The environment of every JVM the grader starts for a submission (javac's and the tests'):
     * nothing of the grader's (CI tokens, paths), and a UTF-8 locale, so that the JDK reads and
     * writes names and text in any alphabet ({@code sun.jnu.encoding}, {@code stdout.encoding}).
     * Inside bubblewrap {@code --clearenv} and {@code --setenv} do the same.
     */
    static void childEnvironment(ProcessBuilder builder) {
        builder.environment().clear();
        builder.environment().put("LANG", UTF8_LOCALE);
        builder.environment().put("LC_ALL", UTF8_LOCALE);
    }

    /** glibc's built-in UTF-8 locale (Debian, Ubuntu and Fedora ship it): no locale package needed. */
    static final String UTF8_LOCALE = "C.UTF-8";

    Lease acquire() throws InterruptedException {
        if (!dropUid) {
            return new Lease(-1, null);
        }
        while (true) {
            for (int i = 0; i < SLOTS; i++) {
                int uid = FIRST_UID + i;
                FileChannel lock = UidLocks.tryLock(uid);
                if (lock != null && processesOf(uid).isEmpty()) {
                    return new Lease(uid, lock);
                }
                if (lock != null) {
                    UidLocks.unlock(uid, lock); // a process of that uid is still running: leave it alone
                }
            }
            Thread.sleep(50);
        }
    }

    void release(Lease lease) {
        if (lease.uid() < 0) {
            return;
        }
        killAll(lease);
        UidLocks.unlock(lease.uid(), lease.lock());
    }

    /**
     * The command that runs {@code java} (the JDK at {@code javaHome} with {@code args}) in this
     * sandbox. {@code runDir} holds everything the child may read; inside bubblewrap it appears at
     * {@link #INSIDE}, so {@code args} name files through {@link #path}.
     */
    List<String> command(Lease lease, Path javaHome, Path runDir, List<String> args) {
        List<String> command = new ArrayList<>();
        if (lease.uid() >= 0) {
            String prlimit = program("prlimit");
            if (prlimit != null) {
                command.addAll(List.of(prlimit, "--nproc=" + MAX_PROCESSES + ":" + MAX_PROCESSES));
            }
            command.addAll(List.of(program("setpriv"), "--reuid=" + lease.uid(), "--regid=" + lease.uid(), "--clear-groups",
                    "--inh-caps=-all", "--bounding-set=-all"));
            if (kind == Kind.UID) {
                command.add("--no-new-privs"); // (bubblewrap sets it itself, and a setuid bwrap would need privileges)
            }
        }
        if (kind == Kind.BUBBLEWRAP) {
            command.addAll(List.of(program("bwrap"), "--unshare-all", "--unshare-user", "--die-with-parent", "--new-session",
                    "--disable-userns", "--cap-drop", "ALL", "--clearenv", "--setenv", "LANG", UTF8_LOCALE,
                    "--setenv", "LC_ALL", UTF8_LOCALE));
            if (lease.uid() < 0 && isRoot()) {
                command.addAll(List.of("--uid", "65534", "--gid", "65534"));
            }
            command.addAll(List.of("--ro-bind", "/usr", "/usr"));
            for (String top : List.of("/bin", "/sbin", "/lib", "/lib32", "/lib64")) {
                systemDir(command, Path.of(top));
            }
            for (String file : List.of("/etc/ld.so.cache", "/etc/ld.so.conf")) {
                if (Files.exists(Path.of(file))) {
                    command.addAll(List.of("--ro-bind", file, file));
                }
            }
            Path jdk = javaHome.toAbsolutePath().normalize();
            if (!jdk.startsWith("/usr")) {
                command.addAll(List.of("--ro-bind", jdk.toString(), jdk.toString()));
            }
            command.addAll(List.of("--proc", "/proc", "--dev", "/dev",
                    "--size", String.valueOf(16 << 20), "--tmpfs", "/tmp",
                    "--ro-bind", runDir.toString(), INSIDE, "--chdir", "/tmp", "--"));
        }
        command.add(javaHome.resolve("bin/java").toString());
        command.addAll(args);
        return command;
    }

    /** {@code file} of the run's folder as the child sees it. */
    String path(Path runDir, Path file) {
        return kind == Kind.BUBBLEWRAP ? INSIDE + "/" + runDir.relativize(file) : file.toString();
    }

    /** A top-level system folder: a link stays a link (merged /usr), a real folder is bound read-only. */
    private static void systemDir(List<String> command, Path top) {
        try {
            if (Files.isSymbolicLink(top)) {
                command.addAll(List.of("--symlink", Files.readSymbolicLink(top).toString(), top.toString()));
            } else if (Files.isDirectory(top)) {
                command.addAll(List.of("--ro-bind", top.toString(), top.toString()));
            }
        } catch (IOException e) {
            // not readable: the child does without it
        }
    }

    /**
     * Kills every process of the lease's uid, until none is left (a fork loop is outpaced: each
     * round kills what it finds, and a killed process forks no more).
     */
    static void killAll(Lease lease) {
        if (lease.uid() < 0) {
            return;
        }
        for (int round = 0; round < 100; round++) {
            List<Long> pids = processesOf(lease.uid());
            if (pids.isEmpty()) {
                return;
            }
            for (long pid : pids) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            try {
                Thread.sleep(round < 10 ? 5 : 50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * The processes running as {@code uid}, from /proc: a process's folder there belongs to its
     * (effective) uid. A stat per process, not a read of its status file: on some kernels that
     * read costs milliseconds, and this runs after every child.
     */
    static List<Long> processesOf(int uid) {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.toList()) {
                String name = proc.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    if (Integer.valueOf(uid).equals(Files.getAttribute(proc, "unix:uid")) && !zombie(proc)) {
                        pids.add(Long.parseLong(name));
                    }
                } catch (IOException | RuntimeException gone) {
                    // the process ended while we looked
                }
            }
        } catch (IOException e) {
            // no /proc: nothing to find
        }
        return pids;
    }

    /** A process that has ended and waits only to be reaped: nothing to kill. */
    private static boolean zombie(Path proc) throws IOException {
        String stat = Files.readString(proc.resolve("stat"), StandardCharsets.UTF_8);
        int afterName = stat.lastIndexOf(')'); // the name in parentheses may hold spaces
        return afterName > 0 && stat.length() > afterName + 2 && stat.charAt(afterName + 2) == 'Z';
    }

    /** Starts the JDK in {@code sandbox}; null when it works, else what went wrong. */
    private static String tryIt(Sandbox sandbox) {
        Path runDir = null;
        Lease lease = null;
        try {
            runDir = Files.createTempDirectory("grading-probe-");
            RunDir.openToSandbox(runDir);
            lease = sandbox.acquire();
            Path javaHome = Path.of(System.getProperty("java.home"));
            Process p = new ProcessBuilder(sandbox.command(lease, javaHome, runDir,
                    List.of("-Xshare:auto", "-XX:-UsePerfData", "-version")))
                    .redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readNBytes(4_096);
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "the JDK did not start in it within 20 s";
            }
            return p.exitValue() == 0 ? null
                    : "exit " + p.exitValue() + ": " + new String(out, StandardCharsets.UTF_8).strip().lines()
                            .findFirst().orElse("");
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            if (lease != null) {
                sandbox.release(lease);
            }
            if (runDir != null) {
                RunDir.delete(runDir);
            }
        }
    }

    static boolean isRoot() {
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            return Integer.valueOf(0).equals(uid);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The absolute path of {@code name} on PATH, or null. Absolute, because each program of the
     * chain starts the next with an empty environment, where no PATH would find it.
     */
    private static String program(String name) {
        String path = System.getenv("PATH");
        for (String dir : ((path == null ? "" : path) + ":/usr/bin:/bin:/usr/sbin:/sbin").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Path.of(dir, name).toString();
            }
        }
        return null;
    }
}
