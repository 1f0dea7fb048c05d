package miniasyncio;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import miniasyncio.around.LoopStack;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Test;

import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A task suspends 10,000 calls deep from MiniAsyncio.run and the CLI, with no JVM option. */
class DeepStackTest {

    static final int DEEP = 10_000;

    /** Recurses {@code depth} calls, then suspends at the bottom. */
    static int down(int depth) {
        if (depth == 0) {
            sleep(0.01);
            return 0;
        }
        return 1 + down(depth - 1);
    }

    static int reached;

    /** The same frames as {@link #down}, without the suspension: how deep a plain call gets. */
    static int plain(int depth) {
        reached = depth;
        return 1 + plain(depth + 1);
    }

    /** How deep {@link #plain} gets on a thread with {@code bytes} of stack before it overflows. */
    static int plainDepth(long bytes) throws Exception {
        return onStack(bytes, () -> {
            try {
                plain(0);
            } catch (StackOverflowError expected) {
                // how far it got is in reached
            }
            return reached;
        });
    }

    /** Runs {@code body} on a thread with a 1 MB stack: a JVM's main thread without -Xss. */
    static <T> T onDefaultStack(java.util.concurrent.Callable<T> body) throws Exception {
        return onStack(1024 * 1024, body);
    }

    static <T> T onStack(long bytes, java.util.concurrent.Callable<T> body) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread t = new Thread(null, () -> {
            try {
                result.complete(body.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "small stack", bytes);
        t.start();
        try {
            return result.get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new Step.Failed(e.getCause()).rethrow();
        }
    }

    /**
     * Whether this JVM's heap can hold 10,000 saved frames: G1 refuses a saved stack larger than
     * half a heap region, and a heap under 4 GB has 1 MB regions (about 5,000 frames). There the
     * stack is not what stops the task, and the error must say it is the heap.
     */
    static boolean heapHoldsTenThousandFrames() {
        var vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        return !Boolean.parseBoolean(vm.getVMOption("UseG1GC").getValue())
                || Long.parseLong(vm.getVMOption("G1HeapRegionSize").getValue()) >= 2L << 20;
    }

    static final String HEAP_LIMIT = "the saved frames would be one object larger than half a G1 heap region";

    @Test
    void miniAsyncioRunSuspendsTenThousandFramesDeepFromADefaultStack() throws Exception {
        if (heapHoldsTenThousandFrames()) {
            assertThat(onDefaultStack(() -> MiniAsyncio.run(() -> down(DEEP)))).isEqualTo(DEEP);
        } else {
            assertThatThrownBy(() -> onDefaultStack(() -> MiniAsyncio.run(() -> down(DEEP))))
                    .hasMessageContaining(HEAP_LIMIT);
        }
    }

    @Test
    void theCliRunsTheLoopOnABigStackToo() throws Exception {
        CliRun run = onDefaultStack(() -> CliRun.of("run", "miniasyncio.DeepStackTest$Deep", "--virtual-time"));
        if (heapHoldsTenThousandFrames()) {
            assertThat(run.exit()).as(run.err()).isZero();
            assertThat(run.out()).isEqualTo("suspended 10000 calls deep\n");
        } else {
            assertThat(run.err()).contains(HEAP_LIMIT);
        }
    }

    /** What the CLI runs: a class of the user's with a main. */
    public static final class Deep {
        public static void main(String[] args) {
            MiniAsyncio.run(() -> {
                down(DEEP);
                System.out.println("suspended " + DEEP + " calls deep");
            });
        }
    }

    @Test
    void onTheCallersOwnSmallStackTheErrorSaysWhatHappenedAndHowToGetMore() throws Exception {
        // In a JVM of its own with -Xint, so that frame sizes do not change as the JIT compiles.
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(javaBin, "-Xint", "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), SmallStack.class.getName())
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(output)
                .contains("task 'main' is too deep in its call stack to suspend: to save a stack")
                .contains("-Dminiasyncio.stackMb=N")
                .contains("LoopStack.call");
    }

    /**
     * new Scheduler().run() runs on the calling thread. Three quarters of what a plain call
     * reaches on 512 KB fits, but saving it needs about as much again: the suspension overflows.
     */
    public static final class SmallStack {
        public static void main(String[] args) throws Exception {
            int depth = plainDepth(512 * 1024) * 3 / 4;
            try {
                onStack(512 * 1024, () -> new Scheduler(Clock.virtual()).run(() -> down(depth)));
                System.out.println("suspended " + depth + " calls deep");
            } catch (StackOverflowError e) {
                System.out.println(e.getMessage());
            }
        }
    }

    @Test
    void whenTheHeapsLimitIsHitTheErrorNamesTheGcFlag() throws Exception {
        // G1 with 1 MB regions (a small heap) cannot save 20,000 frames as one object.
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(javaBin, "-XX:+UseG1GC", "-XX:G1HeapRegionSize=1m",
                "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), DeepStackTest.Deeper.class.getName())
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(output).contains("task 'main' is too deep in its call stack to suspend: the saved frames would be"
                + " one object larger than half a G1 heap region").contains("-XX:G1HeapRegionSize=32m");
    }

    /** 20,000 calls deep, for the G1 test above. */
    public static final class Deeper {
        public static void main(String[] args) {
            MiniAsyncio.run(() -> down(2 * DEEP));
        }
    }

    @Test
    void theLoopStillRunsOnOneThreadAndRunInsideATaskIsStillRefused() {
        Thread[] seen = new Thread[2];
        MiniAsyncio.run(() -> {
            seen[0] = Thread.currentThread();
            MiniAsyncio.createTask(() -> {
                seen[1] = Thread.currentThread();
            });
            sleep(0);
            assertThatThrownBy(() -> MiniAsyncio.run(() -> 1)).hasMessageContaining("already running on this thread");
        });
        assertThat(seen[0]).isSameAs(seen[1]).isNotSameAs(Thread.currentThread());
    }

    @Test
    void aBadStackSizeSettingIsNamed() {
        System.setProperty("miniasyncio.stackMb", "lots");
        try {
            assertThatThrownBy(LoopStack::megabytes).hasMessageContaining("-Dminiasyncio.stackMb must be a whole number");
        } finally {
            System.clearProperty("miniasyncio.stackMb");
        }
    }
}
