package miniasyncio.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import miniasyncio.around.LoopPolicy;
import miniasyncio.around.MonitorWatchdog;
import miniasyncio.trace.ProgramOutput;
import miniasyncio.trace.StepPage;
import miniasyncio.trace.StepRecorder;

/**
 * A failing test's run, as step-through pages ({@code ./test.sh --step-through},
 * {@code exercises/check-step.sh N --step-through}, {@code mvn -q test -Dstudent -DstepThrough}):
 * every loop a test makes is recorded as {@code run NAME --step-through FILE} records a program's,
 * with what the test printed beside the step that printed it; when the test fails, its run is
 * written to {@code MODULE/target/step-through/Class.method.html} (a second loop of the same test
 * to {@code Class.method-2.html}, linked from the first). A test that passes leaves nothing.
 *
 * <p>A test stopped by its limit is written as far as it got. A step budget stops the loop by
 * throwing out of an instrument's {@code beforeStep}: the run is over, and the recorder's end
 * lists every task left where it waits. A wall-clock limit ({@code assertTimeoutPreemptively},
 * the exercises' timeout) fails the test while its loop may still run, on the thread the limit
 * started, in a step that never yields: that step runs no scheduler code, so the recording stands
 * still while it is read, and the page says where the loop was.
 *
 * <p>{@link StudentTests} calls it around each test, on the thread that reports the tests. The
 * grader runs its tests without that runner, so no graded run ever writes a page.
 */
final class FailingTestPages {

    /** Where a module's pages go. */
    static final String FOLDER = "target/step-through";
    /** How long a loop still running on another thread when its test ended is given to finish. */
    static final long GRACE_MILLIS = 200;

    private final Path folder;
    private final Set<String> written = new HashSet<>(); // file stems taken in this run
    private Recording current;

    /** Pages go to {@code folder}; the last run's pages there are removed, so every page is this run's. */
    FailingTestPages(Path folder) throws IOException {
        this.folder = folder;
        Files.createDirectories(folder);
        try (Stream<Path> old = Files.list(folder)) {
            for (Path page : old.filter(p -> p.getFileName().toString().endsWith(".html")).toList()) {
                Files.deleteIfExists(page);
            }
        }
    }

    /**
     * Whether the student asked for pages with {@code -DstepThrough} ({@code value} the property's,
     * null when not given): {@code -DstepThrough} alone (Maven makes it "true") or
     * {@code =true} yes, {@code =false} no.
     *
     * @throws IllegalArgumentException for any other value, with what to write instead
     */
    static boolean asked(String value) {
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.isEmpty() || value.equals("true")) {
            return true;
        }
        throw new IllegalArgumentException("-DstepThrough takes no value (mvn -q test -Dstudent -DstepThrough): each"
                + " failing test's page goes to MODULE/" + FOLDER + "/; got -DstepThrough=" + value);
    }

    /** A test starts: every loop it makes from now on is recorded, and what it prints. */
    void started() {
        current = new Recording();
        LoopPolicy.watch(current::watch);
    }

    /**
     * The test has ended, {@code failure} its reason (null: it passed). For a failure, writes its
     * pages, named from {@code stem} ("HomeworkTest.gatherRunsTheTasksConcurrently"), and returns
     * the first one's file name; null when it passed or made no loop.
     */
    String finished(String stem, String test, String failure) {
        Recording recording = current;
        current = null;
        LoopPolicy.unwatch();
        if (recording == null) {
            return null;
        }
        recording.stop();
        List<Loop> loops = recording.ran();
        if (failure == null || loops.isEmpty()) {
            return null;
        }
        String name = stem;
        for (int n = 2; !written.add(name); n++) {
            name = stem + "~" + n; // two classes of one simple name, in two packages
        }
        List<String> files = new ArrayList<>();
        for (int i = 0; i < loops.size(); i++) {
            files.add(name + (i == 0 ? "" : "-" + (i + 1)) + ".html");
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader(); // the module's: the sources of its lines
        boolean any = false;
        for (int i = 0; i < loops.size(); i++) {
            Loop loop = loops.get(i);
            String still = loop.settle();
            String title = "mini-asyncio: " + test + " (a failing test" + (loops.size() > 1 ? ", scheduler " + (i + 1)
                    + " of " + loops.size() : "") + (still == null ? "" : ", its loop still running at the limit") + ")";
            // the failure ended the test after its last loop; an earlier one ended on its own, unless it is still running
            String ending = i == loops.size() - 1 ? test + " failed: " + TestSummary.oneLine(failure) : null;
            if (still != null) {
                ending = (ending == null ? "" : ending + "; ") + still;
            }
            any |= write(files.get(i), render(loop, title, ending, loader, files, i, still != null));
        }
        return any ? files.get(0) : null;
    }

    /**
     * The page, or null (said in the log) when it cannot be made. A loop still running may
     * change its recording while it is read, if it runs on after its limit's interrupt: then it is
     * read once more.
     */
    private static String render(Loop loop, String title, String ending, ClassLoader loader, List<String> files, int i,
                                 boolean running) {
        RuntimeException failed = null;
        for (int attempt = 0; attempt < (running ? 2 : 1); attempt++) {
            try {
                return StepPage.render(loop.recorder, title, ending, loader, files, i);
            } catch (RuntimeException e) {
                failed = e;
                pause(50);
            }
        }
        System.err.println("step-through: no page for " + title + (running ? " (its loop still ran while it was read)" : "")
                + ": " + failed);
        failed.printStackTrace();
        return null;
    }

    private boolean write(String file, String html) {
        if (html == null) {
            return false;
        }
        try {
            Files.writeString(folder.resolve(file), html, StandardCharsets.UTF_8);
            return true;
        } catch (IOException e) {
            System.err.println("step-through: cannot write " + folder.resolve(file) + ": " + e.getMessage());
            return false;
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One test's loops, and its output, captured from System.out while it runs. */
    private static final class Recording {
        private final List<Loop> loops = new ArrayList<>();
        private final PrintStream before = System.out;
        private final ProgramOutput output = ProgramOutput.over(before);

        Recording() {
            System.setOut(ProgramOutput.tee(output));
        }

        /** A scheduler the test makes, on whatever thread makes it (the limit's own thread, say). */
        void watch(Scheduler scheduler) {
            Loop loop = new Loop(scheduler, StepRecorder.attach(scheduler, StepRecorder.DEFAULT_LIMIT), Thread.currentThread());
            synchronized (this) {
                loops.add(loop);
            }
            output.sendTo(loop.recorder);
        }

        /** The test has ended: System.out as it was, what the test printed after its last loop on the last page. */
        void stop() {
            System.out.flush();
            System.setOut(before);
            output.finish();
        }

        /** The loops that ran a task (a scheduler made and never run has nothing to show). */
        synchronized List<Loop> ran() {
            return loops.stream().filter(l -> l.recorder.taskCount() > 0 || l.recorder.stepCount() > 0).toList();
        }
    }

    /** A loop a test made: its recorder, and the thread that made it (and so, most likely, runs it). */
    private static final class Loop {
        final Scheduler scheduler;
        final StepRecorder recorder;
        final Thread thread;

        Loop(Scheduler scheduler, StepRecorder recorder, Thread thread) {
            this.scheduler = scheduler;
            this.recorder = recorder;
            this.thread = thread;
        }

        /**
         * Once the test has ended: null when the loop's run is over (after giving a loop still
         * running on another thread {@link #GRACE_MILLIS} to finish); else, for a loop still
         * running, where it runs, for the page to say. A loop still running is detached from the
         * recorder first, so that the recording stands still while the page is read.
         */
        String settle() {
            long deadline = System.nanoTime() + GRACE_MILLIS * 1_000_000;
            while (running() && System.nanoTime() < deadline) {
                pause(10);
            }
            if (!running()) {
                return null;
            }
            scheduler.settings().removeInstrument(recorder);
            Task task = scheduler.currentTask();
            StackTraceElement at = MonitorWatchdog.firstUserFrame(thread.getStackTrace());
            return "the loop was still running then" + (at == null ? "" : ", at " + at.getFileName() + ":"
                    + at.getLineNumber() + " (" + simple(at.getClassName()) + "." + at.getMethodName() + ")")
                    + (task == null ? "" : ", in a step of " + task + " that never yielded")
                    + "; this page is its run up to that step, read while the loop still ran";
        }

        private boolean running() {
            return thread != Thread.currentThread() && thread.isAlive() && !scheduler.view().closed();
        }

        private static String simple(String className) {
            return className.substring(className.lastIndexOf('.') + 1).replaceAll("\\$.*", "");
        }
    }
}
