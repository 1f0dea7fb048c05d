package miniasyncio.testing;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;
import miniasyncio.around.LoopSettings;
import miniasyncio.around.LoopStack;
import miniasyncio.trace.Instrument;

/**
 * A scheduler running on a thread of its own, whose main task runs the test's code ("jobs":
 * hooks and test bodies) one after the other, as JUnit hands them over.
 *
 * <p>Why a thread of its own: the wall-clock limit. A step that never yields (a {@code while}
 * loop with no {@code sleep()}) cannot be stopped from inside the loop, and Java can no longer
 * kill a thread. JUnit's thread waits for each job with a deadline instead; when it passes, the
 * loop thread is interrupted (which ends a blocking call such as {@code Thread.sleep}) and
 * abandoned. It is a daemon, so a loop that ignores interrupts spins on only until the test JVM
 * exits.
 *
 * <p>Between jobs the main task blocks in {@code jobs.take()}, inside its step: the loop is
 * paused, as an asyncio loop is between two {@code run_until_complete} calls, and no virtual time
 * passes. When JUnit says the end, main returns and the scheduler (made with
 * {@code setEndWithMain(true)}) closes every task still pending; the ones that were pending and
 * the failures nobody retrieved are kept for the report.
 */
final class LoopThread {

    /** Code to run as the main task: a JUnit invocation. */
    interface Body {
        void run() throws Throwable;
    }

    /** A task that failed, and its exception, which nobody retrieved. */
    record Lost(Task task, Throwable exception) {}

    /** How a job went: its own failure (or null), and the task failures nobody retrieved meanwhile. */
    record Outcome(Throwable failure, List<Lost> unretrieved) {}

    /** What the loop left at its end. */
    record End(List<Task> pending, List<Lost> unretrieved) {}

    private record Job(String what, Body body, CompletableFuture<Outcome> done) {}

    private static final Job END = new Job("end", () -> { }, new CompletableFuture<>());

    private final String name;
    private final Scheduler scheduler;
    private final BlockingQueue<Job> jobs = new LinkedBlockingQueue<>();
    private final CompletableFuture<End> ended = new CompletableFuture<>();
    private final Set<Integer> reported = new HashSet<>();  // touched on the loop thread only
    private final List<Lost> failedWhileClosing = new ArrayList<>(); // loop thread only
    private boolean mainEnded; // loop thread only
    private final Thread thread;
    private volatile Job current;
    private volatile String stuck; // set once a job timed out: the loop can no longer be used
    private volatile boolean abandoned; // checked before every step: an abandoned loop that still yields stops

    LoopThread(String name, Scheduler scheduler) {
        this.name = name;
        this.scheduler = scheduler;
        LoopSettings settings = scheduler.settings();
        settings.setEndWithMain(true);
        settings.setDebug(true); // tasks remember where they were created: the messages name the place
        // A test's first step also loads classes (AssertJ, the code under test): warn only about
        // steps that are slow beyond doubt, so the warning is worth reading.
        settings.setSlowStepThreshold(1.0);
        // A loop abandoned after a timeout may still be stepping (tasks that sleep forever on the
        // virtual clock race on without end): it stops at its next step instead of burning a core
        // for the rest of the test run. Only a step that never yields at all keeps its thread.
        settings.addInstrument(new Instrument() {
            @Override
            public void beforeStep(Task task) {
                if (abandoned) {
                    throw new CancellationException("the test that ran " + task + " timed out; this loop was abandoned");
                }
            }

            @Override
            public void taskExited(Task task, Step.Outcome outcome) {
                // After main has returned, a task exits only by being closed: one whose finally
                // threw must fail the test too, not only be printed by run().
                if (mainEnded && outcome instanceof Step.Failed(Throwable e) && reported.add(task.tid())) {
                    failedWhileClosing.add(new Lost(task, e));
                }
            }
        });
        // A task blocked on a monitor that a suspended task holds: the loop thread can never
        // move again. Fail now with the watchdog's report rather than at the wall-clock limit.
        settings.setOnStuck(report -> {
            stuck = "the scheduler of " + name + " is stuck on a monitor";
            abandoned = true;
            ended.completeExceptionally(new AssertionError(report));
        });
        this.thread = LoopStack.newThread(this::loop, "mini-asyncio loop of " + name); // deep suspensions fit
        this.thread.setDaemon(true);
        this.thread.start();
    }

    Scheduler scheduler() {
        return scheduler;
    }

    private void loop() {
        try {
            End end = scheduler.run(name, this::main);
            if (!failedWhileClosing.isEmpty()) {
                List<Lost> lost = new ArrayList<>(end.unretrieved());
                lost.addAll(failedWhileClosing);
                end = new End(end.pending(), List.copyOf(lost));
            }
            // Completed only now that run() has closed the tasks left, so that their finally
            // blocks have run when JUnit's thread looks.
            ended.complete(end);
        } catch (Throwable failure) {
            // The loop itself failed (a deadlock, say): the job that was running gets the failure.
            Job job = current;
            if (job != null) {
                job.done.complete(new Outcome(failure, List.of()));
            }
            ended.completeExceptionally(failure);
        }
    }

    private End main() throws InterruptedException {
        while (true) {
            Job job = jobs.take();
            if (job == END) {
                break;
            }
            current = job;
            Throwable failure = null;
            try {
                job.body.run();
            } catch (Throwable t) {
                failure = t;
            }
            current = null;
            job.done.complete(new Outcome(failure, newUnretrieved()));
        }
        mainEnded = true;
        return new End(List.copyOf(scheduler.view().pendingTasks()), newUnretrieved());
    }

    private List<Lost> newUnretrieved() {
        List<Lost> fresh = new ArrayList<>();
        for (Task task : scheduler.view().unretrievedFailures()) {
            if (reported.add(task.tid()) && scheduler.resultOf(task.tid()) instanceof Step.Failed(Throwable e)) {
                fresh.add(new Lost(task, e));
            }
        }
        return fresh;
    }

    /**
     * Runs {@code body} as (part of) the main task and waits for it until {@code deadline}
     * ({@link System#nanoTime()}); {@code limit} is for the message.
     */
    Outcome run(String what, Body body, long deadline, String limit) {
        refuseIfUnusable(what);
        Job job = new Job(what, body, new CompletableFuture<>());
        jobs.add(job);
        try {
            CompletableFuture.anyOf(job.done, ended).get(remaining(deadline), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw abandon(what, limit);
        } catch (ExecutionException | InterruptedException e) {
            // the loop ended with a failure before it took this job; the job's own outcome says more if it has one
        }
        if (job.done.isDone()) {
            return job.done.join();
        }
        return new Outcome(loopFailure(), List.of());
    }

    /** Ends the loop (closing pending tasks) and waits for it until {@code deadline}. */
    End finish(long deadline, String limit) {
        refuseIfUnusable("the end of " + name);
        jobs.add(END);
        try {
            return ended.get(remaining(deadline), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw abandon("the end of " + name, limit);
        } catch (ExecutionException e) {
            throw new AssertionError("the scheduler of " + name + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the scheduler of " + name, e);
        }
    }

    /** After a timeout, or when JUnit stops early: stop waiting for the loop and let it go. */
    void abandon() {
        abandoned = true;
        if (thread.isAlive()) {
            thread.interrupt();
        }
    }

    private void refuseIfUnusable(String what) {
        if (stuck != null) {
            throw new AssertionError(what + " was not run: " + stuck);
        }
        if (ended.isCompletedExceptionally()) {
            throw new AssertionError(what + " was not run: the scheduler of " + name + " failed: " + loopFailure(),
                    loopFailure());
        }
    }

    private Throwable loopFailure() {
        try {
            ended.join();
            return new AssertionError("the scheduler of " + name + " ended early");
        } catch (java.util.concurrent.CompletionException e) {
            return e.getCause();
        }
    }

    private AssertionError abandon(String what, String limit) {
        Task running = scheduler.currentTask(); // read across threads: only for the message
        StackTraceElement[] where = thread.getStackTrace();
        String message = String.format(Locale.ROOT, "%s did not finish within %s of wall-clock time. The loop is"
                        + " stuck%s at loop time %.3f s: a step that never yields (a loop with no sleep(), or a"
                        + " blocking call), or tasks that keep the loop busy forever. Its thread was interrupted and"
                        + " abandoned; this exception's stack trace is where it was.",
                what, limit, running == null ? "" : " in " + running, scheduler.now());
        stuck = "the scheduler of " + name + " is stuck: " + what + " timed out";
        AssertionError error = new AssertionError(message);
        error.setStackTrace(where);
        abandon();
        return error;
    }

    private static long remaining(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }
}
