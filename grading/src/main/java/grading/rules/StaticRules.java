package grading.rules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rules that a homework submission's compiled classes must keep, checked with ArchUnit on the
 * bytecode (so comments, strings and formatting cannot hide a call, and a call through a helper
 * method is still seen where it is made).
 *
 * <p>Each rule is one graded test. A broken rule names every place that broke it: ArchUnit says
 * which class and method made the call, and the file and line it is on.
 *
 * <p>A rule gives its points only to a solution: while a method still throws
 * {@code NotImplementedYet} (a stub of the student release), every rule fails with a message
 * that names the stubs left.
 *
 * <p>Why these rules: the homework is a single-threaded event loop. Code that ends the JVM,
 * starts threads, reflects into the grader, spawns processes or touches files and sockets is
 * either an attack on the grader or a misunderstanding of the lecture; {@code Thread.sleep} in
 * a task is the lecture's classic trap, since it freezes the whole loop and every task on it.
 * The grader's own isolation (a separate JVM with limits) still stands behind these rules: they
 * turn a threat into a clear message and lost points, they are not the only defence.
 */
public final class StaticRules {

    /** What each rule is worth. */
    public static final double POINTS_PER_RULE = 1.0;

    /** One rule: the test name students see, why it exists, and the ArchUnit rule that checks it. */
    private record Rule(String name, String why, ArchRule archRule) {
    }

    static {
        // Only the submission's own classes are imported. Resolving every JDK class they use from
        // the class path would make each check ten times slower (about 2 s instead of 0.2 s), and
        // the rules need no JDK class hierarchy: they match JDK types by name.
        ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
    }

    private StaticRules() {
    }

    /**
     * Checks every rule on the classes under {@code compiledStudentClassesDir} (a directory of
     * {@code .class} files, as javac wrote them).
     *
     * @return one result per rule, in a fixed order
     * @throws IllegalArgumentException when the directory does not exist
     */
    public static List<RuleResult> check(Path compiledStudentClassesDir) {
        if (!Files.isDirectory(compiledStudentClassesDir)) {
            throw new IllegalArgumentException("static rules: no compiled classes at " + compiledStudentClassesDir
                    + " (compile the submission first)");
        }
        JavaClasses classes = new ClassFileImporter().importPath(compiledStudentClassesDir);
        List<String> stubs = stubs(classes);
        List<RuleResult> results = new ArrayList<>();
        for (Rule rule : rules()) {
            EvaluationResult evaluation = rule.archRule().evaluate(classes);
            if (evaluation.hasViolation()) {
                String message = failureMessage(rule, evaluation.getFailureReport().getDetails());
                results.add(new RuleResult(rule.name(), POINTS_PER_RULE, false,
                        stubs.isEmpty() ? message : message + "\n" + stubNote(stubs)));
            } else if (!stubs.isEmpty()) {
                results.add(new RuleResult(rule.name(), POINTS_PER_RULE, false, stubNote(stubs)));
            } else {
                results.add(new RuleResult(rule.name(), POINTS_PER_RULE, true, "passed: " + rule.why()));
            }
        }
        return results;
    }

    /**
     * The rules judge a solution, and a stub is none: keeping every rule is easy for code that does
     * nothing. So while a stub is left (a method that still throws NotImplementedYet), no rule
     * gives its points, and the untouched student release scores zero.
     */
    private static String stubNote(List<String> stubs) {
        return "not implemented yet: the static rules give their points once no stub is left, and "
                + (stubs.size() == 1 ? "this method still throws" : "these methods still throw")
                + " NotImplementedYet: " + String.join(", ", stubs.stream().limit(MAX_PLACES).toList())
                + (stubs.size() > MAX_PLACES ? " and " + (stubs.size() - MAX_PLACES) + " more" : "");
    }

    /** "Homework.awaitTask (Homework.java:41)" for every method that creates a NotImplementedYet. */
    private static List<String> stubs(JavaClasses classes) {
        List<String> stubs = new ArrayList<>();
        for (JavaClass type : classes) {
            for (JavaAccess<?> access : type.getAccessesFromSelf()) {
                if (access.getTargetOwner().getName().equals("miniasyncio.NotImplementedYet")
                        && access.getName().equals("<init>")) {
                    stubs.add(type.getSimpleName() + "." + access.getOrigin().getName() + " ("
                            + access.getSourceCodeLocation().getSourceFileName() + ":" + access.getLineNumber() + ")");
                }
            }
        }
        stubs.sort(Comparator.naturalOrder());
        return stubs;
    }

    /** The rule names, in the order {@link #check} reports them. */
    public static List<String> ruleNames() {
        return rules().stream().map(Rule::name).toList();
    }

    /** At most this many places are listed per rule: enough to find them all by searching. */
    static final int MAX_PLACES = 10;

    private static String failureMessage(Rule rule, List<String> details) {
        StringBuilder message = new StringBuilder(rule.why()).append("\nBroken at:");
        details.stream().sorted(Comparator.comparing(StaticRules::byPlace)).limit(MAX_PLACES).forEach(detail -> message.append("\n  ").append(detail));
        if (details.size() > MAX_PLACES) {
            message.append("\n  ... and ").append(details.size() - MAX_PLACES).append(" more");
        }
        return message.toString();
    }

    /** ArchUnit ends each detail with "(File.java:LINE)"; sort by file, then line as a number. */
    private static String byPlace(String detail) {
        Matcher m = PLACE.matcher(detail);
        return m.find() ? m.group(1) + String.format(":%09d", Long.parseLong(m.group(2))) + detail : detail;
    }

    private static final Pattern PLACE = Pattern.compile("\\(([^():]+):(\\d+)\\)$");

    // --------------------------------------------------------------------------- the rules

    private static List<Rule> rules() {
        return List.of(
                new Rule("Static rule: no System.exit or Runtime.halt",
                        "Homework code must not end the JVM (System.exit, Runtime.exit, Runtime.halt):"
                                + " report a problem by throwing an exception.",
                        rule(noClasses().should().accessTargetWhere(calls("java.lang.System", "exit"))
                                .orShould().accessTargetWhere(calls("java.lang.Runtime", "exit", "halt")))),
                new Rule("Static rule: no threads or executors",
                        "The event loop runs every task on one thread: homework code must not start threads"
                                + " (Thread, virtual threads, executors, ForkJoinPool, CompletableFuture.*Async,"
                                + " Timer, parallel streams). Use createTask instead.",
                        rule(noClasses().should().beAssignableTo(Thread.class)
                                .orShould().accessTargetWhere(startsThread())
                                .orShould().dependOnClassesThat(threadPoolType()))),
                new Rule("Static rule: no reflection",
                        "Homework code must not use reflection (java.lang.reflect, Class.forName,"
                                + " getDeclaredMethod and the like, MethodHandles, setAccessible, class loaders),"
                                + " JDK internals, native code (System.loadLibrary, java.lang.foreign) or code"
                                + " compiled at run time (javax.tools, JShell, scripting).",
                        rule(noClasses().should().dependOnClassesThat(reflectionType())
                                .orShould().accessTargetWhere(calls("java.lang.Class", CLASS_REFLECTION))
                                .orShould().accessTargetWhere(calls("java.lang.System", "load", "loadLibrary"))
                                .orShould().accessTargetWhere(calls("java.lang.Runtime", "load", "loadLibrary")))),
                new Rule("Static rule: no process spawning",
                        "Homework code must not start or inspect processes (ProcessBuilder, Runtime.exec, ProcessHandle).",
                        rule(noClasses().should().accessTargetWhere(calls("java.lang.Runtime", "exec"))
                                .orShould().dependOnClassesThat(named("java.lang.ProcessBuilder",
                                        "java.lang.ProcessBuilder$Redirect", "java.lang.Process",
                                        "java.lang.ProcessHandle")))),
                new Rule("Static rule: no file or network I/O",
                        "Homework code must not read or write files, sockets or standard input (java.io.File*,"
                                + " java.nio.file, java.nio.channels, java.net, System.in, FileDescriptor,"
                                + " class-path resources). Printing to System.out is fine.",
                        rule(noClasses().should().dependOnClassesThat(ioType())
                                .orShould().accessTargetWhere(readsStandardInputOrResources())
                                .orShould().accessTargetWhere(opensFileByName()))),
                new Rule("Static rule: no Thread.sleep inside tasks",
                        "Thread.sleep (and TimeUnit.sleep, LockSupport.park, Object.wait) blocks the one thread"
                                + " that runs the event loop, so every task freezes, not just the caller: the"
                                + " lecture's classic trap. Use MiniAsyncio.sleep(seconds), which suspends only"
                                + " the calling task.",
                        rule(noClasses().should().accessTargetWhere(blocksTheThread()))));
    }

    /** Empty classes directories happen (a submission with nothing compiled): nothing is broken then. */
    private static ArchRule rule(ArchRule archRule) {
        return archRule.allowEmptyShould(true);
    }

    // ------------------------------------------------------------------ predicates on accesses

    /** A call to, field access of, or method reference to a member of {@code owner} named one of {@code names}. */
    private static DescribedPredicate<JavaAccess<?>> calls(String owner, String... names) {
        return calls(owner, Set.of(names));
    }

    private static DescribedPredicate<JavaAccess<?>> calls(String owner, Set<String> names) {
        return DescribedPredicate.describe(owner + "." + names,
                access -> access.getTargetOwner().getName().equals(owner) && names.contains(access.getName()));
    }

    private static final Set<String> CLASS_REFLECTION = Set.of(
            "forName", "newInstance", "getClassLoader",
            "getMethod", "getMethods", "getDeclaredMethod", "getDeclaredMethods",
            "getField", "getFields", "getDeclaredField", "getDeclaredFields",
            "getConstructor", "getConstructors", "getDeclaredConstructor", "getDeclaredConstructors",
            "getRecordComponents", "getEnclosingMethod", "getEnclosingConstructor");

    private static DescribedPredicate<JavaAccess<?>> startsThread() {
        return DescribedPredicate.describe("something that starts a thread", access -> {
            JavaClass owner = access.getTargetOwner();
            String name = access.getName();
            if (owner.isAssignableTo(Thread.class)) {
                // Thread.currentThread() and the like are harmless; making or starting one is not.
                return Set.of("<init>", "start", "startVirtualThread", "ofVirtual", "ofPlatform").contains(name);
            }
            return switch (owner.getName()) {
                case "java.util.concurrent.CompletableFuture" -> name.endsWith("Async")
                        || Set.of("delayedExecutor", "orTimeout", "completeOnTimeout").contains(name);
                case "java.util.Arrays" -> name.startsWith("parallel");
                default -> name.equals("parallelStream")
                        || name.equals("parallel") && owner.getName().startsWith("java.util.stream.");
            };
        });
    }

    private static DescribedPredicate<JavaClass> threadPoolType() {
        return named("java.util.concurrent.Executor", "java.util.concurrent.ExecutorService",
                "java.util.concurrent.ScheduledExecutorService", "java.util.concurrent.Executors",
                "java.util.concurrent.ThreadPoolExecutor", "java.util.concurrent.ScheduledThreadPoolExecutor",
                "java.util.concurrent.ForkJoinPool", "java.util.concurrent.ForkJoinTask",
                "java.util.concurrent.RecursiveTask", "java.util.concurrent.RecursiveAction",
                "java.util.concurrent.ThreadFactory", "java.util.concurrent.StructuredTaskScope",
                "java.lang.Thread$Builder", "java.lang.Thread$Builder$OfVirtual",
                "java.lang.Thread$Builder$OfPlatform", "java.util.Timer", "java.util.TimerTask");
    }

    private static DescribedPredicate<JavaClass> reflectionType() {
        return DescribedPredicate.describe("reflection or JDK internals", type -> {
            String name = type.getName();
            return name.startsWith("java.lang.reflect.") || name.startsWith("java.lang.invoke.")
                    || name.startsWith("sun.misc.") || name.startsWith("sun.reflect.")
                    || name.startsWith("jdk.internal.") || name.startsWith("java.lang.foreign.")
                    || name.startsWith("javax.tools.") || name.startsWith("javax.script.")
                    || name.startsWith("jdk.jshell.")
                    || name.startsWith("java.") && name.endsWith("ClassLoader")
                    || !type.isArray() && type.isAssignableTo(ClassLoader.class);
        });
    }

    private static DescribedPredicate<JavaClass> ioType() {
        return DescribedPredicate.describe("file or network I/O", type -> {
            String name = type.getName();
            return name.startsWith("java.nio.file.") || name.startsWith("java.nio.channels.")
                    || name.startsWith("java.net.") || name.startsWith("javax.net.") || name.startsWith("java.rmi.")
                    || name.startsWith("java.io.File") // File, FileInputStream, FileReader, FileDescriptor...
                    || Set.of("java.io.RandomAccessFile", "java.io.Console").contains(name);
        });
    }

    private static DescribedPredicate<JavaAccess<?>> readsStandardInputOrResources() {
        return DescribedPredicate.describe("System.in, System.console() or a class-path resource", access -> {
            String owner = access.getTargetOwner().getName();
            String name = access.getName();
            return owner.equals("java.lang.System") && (name.equals("in") || name.equals("console") || name.equals("setIn"))
                    || owner.equals("java.lang.Class") && name.startsWith("getResource")
                    || owner.equals("java.lang.Module") && name.equals("getResourceAsStream");
        });
    }

    /** {@code new PrintStream("out.txt")}, {@code new Formatter(fileName)}: these open a file by its name. */
    private static DescribedPredicate<JavaAccess<?>> opensFileByName() {
        return DescribedPredicate.describe("a constructor that opens a file by name", access -> {
            String owner = access.getTargetOwner().getName();
            if (!access.getName().equals("<init>")
                    || !Set.of("java.io.PrintStream", "java.io.PrintWriter", "java.util.Formatter").contains(owner)
                    || !(access.getTarget() instanceof com.tngtech.archunit.core.domain.AccessTarget.CodeUnitAccessTarget target)) {
                return false;
            }
            var parameters = target.getRawParameterTypes();
            return !parameters.isEmpty() && parameters.get(0).getName().equals("java.lang.String");
        });
    }

    private static DescribedPredicate<JavaAccess<?>> blocksTheThread() {
        return DescribedPredicate.describe("a call that blocks the thread", access -> {
            JavaClass owner = access.getTargetOwner();
            String name = access.getName();
            if (owner.isAssignableTo(Thread.class)) {
                return name.equals("sleep") || name.equals("join");
            }
            return switch (owner.getName()) {
                case "java.util.concurrent.TimeUnit" -> name.equals("sleep") || name.startsWith("timed");
                case "java.util.concurrent.locks.LockSupport" -> name.startsWith("park");
                default -> name.equals("wait") && isObjectWait(access);
            };
        });
    }

    /** {@code wait()}, {@code wait(long)}, {@code wait(long, int)}: Object's monitor wait, on any receiver. */
    private static boolean isObjectWait(JavaAccess<?> access) {
        if (!(access.getTarget() instanceof com.tngtech.archunit.core.domain.AccessTarget.CodeUnitAccessTarget target)) {
            return false;
        }
        List<String> parameters = target.getRawParameterTypes().stream().map(JavaClass::getName).toList();
        return parameters.isEmpty() || parameters.equals(List.of("long")) || parameters.equals(List.of("long", "int"));
    }

    private static DescribedPredicate<JavaClass> named(String... names) {
        Set<String> set = Set.of(names);
        return DescribedPredicate.describe(String.join(", ", names), type -> set.contains(type.getName()));
    }
}
