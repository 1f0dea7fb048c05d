package miniasyncio.testing;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import miniasyncio.Clock;
import miniasyncio.Scheduler;
import miniasyncio.Task;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Runs {@link AsyncTest} methods, and the hooks around them, as the main task of a scheduler.
 * Register it through the annotations ({@link AsyncTest}, {@link SharedScheduler}); it is
 * public so that other annotations can be built on it.
 *
 * <p>The JUnit side of {@link LoopThread}: it makes the loop at the start of the test (or the
 * class), hands each hook and the test body to it, and at the end turns what the loop left
 * (failures nobody retrieved, tasks still pending) into a failed test with a clear message.
 */
public final class AsyncTestExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback, InvocationInterceptor {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(AsyncTestExtension.class);
    private static final String LOOP = "loop";
    private static final String DEADLINE = "deadline";

    // ------------------------------------------------------------------ lifetime of the loop

    @Override
    public void beforeAll(ExtensionContext context) {
        shared(context).ifPresent(shared -> {
            LoopThread loop = new LoopThread("class " + context.getRequiredTestClass().getSimpleName(),
                    newScheduler(shared.clock(), shared.scheduler()));
            context.getStore(NAMESPACE).put(LOOP, loop);
        });
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Optional<AsyncTest> test = asyncTest(context);
        if (test.isEmpty()) {
            return;
        }
        Optional<SharedScheduler> shared = shared(context);
        if (shared.isPresent()) {
            requireSameSetup(context, test.get(), shared.get());
            context.getStore(NAMESPACE).put(DEADLINE, deadline(test.get().timeout()));
            return;
        }
        // The scheduler's lifetime is one test: made here, before the @BeforeEach methods.
        context.getStore(NAMESPACE).put(DEADLINE, deadline(test.get().timeout()));
        LoopThread loop = new LoopThread("test " + context.getRequiredTestMethod().getName() + "()",
                newScheduler(test.get().clock(), test.get().scheduler()));
        context.getStore(NAMESPACE).put(LOOP, loop);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Optional<AsyncTest> test = asyncTest(context);
        if (test.isEmpty()) {
            return;
        }
        if (shared(context).isPresent()) {
            return; // failures were checked after each job; pending tasks are checked after @AfterAll
        }
        LoopThread loop = context.getStore(NAMESPACE).get(LOOP, LoopThread.class);
        if (loop == null) {
            return; // beforeEach never ran (an earlier extension failed): JUnit reports that failure
        }
        String what = "test " + context.getRequiredTestMethod().getName() + "()";
        LoopThread.End end = loop.finish(context.getStore(NAMESPACE).get(DEADLINE, Long.class), limit(test.get().timeout()));
        failIfLeftovers(what, end);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Optional<SharedScheduler> shared = shared(context);
        if (shared.isEmpty()) {
            return;
        }
        LoopThread loop = context.getStore(NAMESPACE).get(LOOP, LoopThread.class);
        LoopThread.End end = loop.finish(deadline(shared.get().timeout()), limit(shared.get().timeout()));
        failIfLeftovers("class " + context.getRequiredTestClass().getSimpleName(), end);
    }

    // ------------------------------------------------------------------ the code run as tasks

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        if (asyncTest(context).isEmpty()) {
            invocation.proceed();
            return;
        }
        runAsTask(context, "test " + invocationContext.getExecutable().getName() + "()", invocation);
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation,
                                          ReflectiveInvocationContext<Method> invocationContext,
                                          ExtensionContext context) throws Throwable {
        aroundTest(invocation, invocationContext, context, "@BeforeEach");
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation,
                                         ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext context) throws Throwable {
        aroundTest(invocation, invocationContext, context, "@AfterEach");
    }

    @Override
    public void interceptBeforeAllMethod(Invocation<Void> invocation,
                                         ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext context) throws Throwable {
        aroundClass(invocation, invocationContext, context, "@BeforeAll");
    }

    @Override
    public void interceptAfterAllMethod(Invocation<Void> invocation,
                                        ReflectiveInvocationContext<Method> invocationContext,
                                        ExtensionContext context) throws Throwable {
        aroundClass(invocation, invocationContext, context, "@AfterAll");
    }

    /** @BeforeEach/@AfterEach run as tasks around an @AsyncTest, and normally around a plain @Test. */
    private void aroundTest(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                            ExtensionContext context, String kind) throws Throwable {
        if (asyncTest(context).isEmpty()) {
            invocation.proceed();
            return;
        }
        runAsTask(context, kind + " " + invocationContext.getExecutable().getName() + "()", invocation);
    }

    /** @BeforeAll/@AfterAll run as tasks only on a shared scheduler: without one there is no loop yet. */
    private void aroundClass(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                             ExtensionContext context, String kind) throws Throwable {
        Optional<SharedScheduler> shared = shared(context);
        if (shared.isEmpty()) {
            invocation.proceed();
            return;
        }
        double timeout = shared.get().timeout();
        run(loop(context), kind + " " + invocationContext.getExecutable().getName() + "()", invocation,
                deadline(timeout), limit(timeout));
    }

    private void runAsTask(ExtensionContext context, String what, Invocation<Void> invocation) throws Throwable {
        double timeout = asyncTest(context).orElseThrow().timeout();
        Long deadline = context.getStore(NAMESPACE).get(DEADLINE, Long.class);
        run(loop(context), what, invocation, deadline == null ? deadline(timeout) : deadline, limit(timeout));
    }

    private static void run(LoopThread loop, String what, Invocation<Void> invocation, long deadline, String limit)
            throws Throwable {
        LoopThread.Outcome outcome = loop.run(what, invocation::proceed, deadline, limit);
        if (outcome.failure() != null) {
            throw outcome.failure(); // the test's own failure, as it is: an assertion stays an assertion
        }
        if (!outcome.unretrieved().isEmpty()) {
            throw Messages.unretrieved(what, outcome.unretrieved());
        }
    }

    private static void failIfLeftovers(String what, LoopThread.End end) {
        if (!end.unretrieved().isEmpty()) {
            AssertionError error = Messages.unretrieved(what, end.unretrieved());
            if (!end.pending().isEmpty()) {
                error.addSuppressed(Messages.pending(what, end.pending()));
            }
            throw error;
        }
        if (!end.pending().isEmpty()) {
            throw Messages.pending(what, end.pending());
        }
    }

    // ------------------------------------------------------------------ configuration

    private static Optional<AsyncTest> asyncTest(ExtensionContext context) {
        return context.getTestMethod().map(m -> m.getAnnotation(AsyncTest.class));
    }

    private static Optional<SharedScheduler> shared(ExtensionContext context) {
        return context.getTestClass().map(c -> c.getAnnotation(SharedScheduler.class));
    }

    private static LoopThread loop(ExtensionContext context) {
        LoopThread loop = context.getStore(NAMESPACE).get(LOOP, LoopThread.class); // looks in the class's store too
        if (loop == null) {
            throw new ExtensionConfigurationException("no scheduler for " + context.getDisplayName()
                    + ": is the test annotated with @AsyncTest?");
        }
        return loop;
    }

    private static void requireSameSetup(ExtensionContext context, AsyncTest test, SharedScheduler shared) {
        if (test.clock() != shared.clock() || test.scheduler() != shared.scheduler()) {
            throw new ExtensionConfigurationException("@AsyncTest on " + context.getRequiredTestMethod().getName()
                    + "() asks for clock " + test.clock() + " and " + test.scheduler().getSimpleName()
                    + ", but the class shares one scheduler (@SharedScheduler: clock " + shared.clock() + ", "
                    + shared.scheduler().getSimpleName() + "). Set the clock and the scheduler on @SharedScheduler,"
                    + " or remove @SharedScheduler to give each test its own.");
        }
    }

    static Scheduler newScheduler(TestClock kind, Class<? extends Scheduler> type) {
        Clock clock = kind == TestClock.REAL ? Clock.monotonic() : Clock.virtual();
        if (type == Scheduler.class) {
            return new Scheduler(clock);
        }
        try {
            return type.getConstructor(Clock.class).newInstance(clock);
        } catch (NoSuchMethodException e) {
            throw new ExtensionConfigurationException(type.getName()
                    + " needs a public constructor taking a miniasyncio.Clock for @AsyncTest(scheduler = ...)", e);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new ExtensionConfigurationException("cannot make " + type.getName() + ": " + cause, cause);
        }
    }

    private static long deadline(double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new ExtensionConfigurationException("timeout must be a finite number of seconds > 0, got " + seconds);
        }
        return System.nanoTime() + Math.round(seconds * 1e9);
    }

    private static String limit(double seconds) {
        return String.format(Locale.ROOT, "the %s s limit (timeout = %s)", trim(seconds), trim(seconds));
    }

    private static String trim(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }

    /** The messages of a failed async test. */
    static final class Messages {
        private Messages() {
        }

        static AssertionError unretrieved(String what, List<LoopThread.Lost> failed) {
            StringBuilder message = new StringBuilder(what).append(": ");
            message.append(failed.size() == 1 ? "a task failed" : failed.size() + " tasks failed")
                    .append(" and nobody retrieved the exception (await the task, or catch inside it):");
            for (LoopThread.Lost lost : failed) {
                message.append("\n  ").append(lost.task()).append(" failed with ").append(lost.exception())
                        .append(createdAt(lost.task()));
            }
            AssertionError error = new AssertionError(message.toString(), failed.get(0).exception());
            for (LoopThread.Lost more : failed.subList(1, failed.size())) {
                error.addSuppressed(more.exception());
            }
            return error;
        }

        static AssertionError pending(String what, List<Task> pending) {
            StringBuilder message = new StringBuilder(what).append(" ended with ")
                    .append(pending.size() == 1 ? "1 task" : pending.size() + " tasks")
                    .append(" still pending (now closed; await them, or let them finish, before the test returns):");
            for (Task task : pending) {
                message.append("\n  ").append(task).append(createdAt(task));
            }
            return new AssertionError(message.toString());
        }

        /** ", created at FetchTest.java:42": the first frame after createTask in the creation site. */
        static String createdAt(Task task) {
            StackTraceElement[] site = task.creationSite();
            if (site == null) {
                return "";
            }
            int last = -1;
            for (int i = 0; i < site.length; i++) {
                if (site[i].getMethodName().equals("createTask")) {
                    last = i;
                }
            }
            return last + 1 < site.length ? ", created at " + site[last + 1] : "";
        }
    }
}
