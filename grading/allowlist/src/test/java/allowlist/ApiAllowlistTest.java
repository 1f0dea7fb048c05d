package allowlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ApiAllowlistTest {

    static final ApiAllowlist HOMEWORK = ApiAllowlist.load();

    @TempDir
    Path dir;

    static Path homeworkSources() {
        return Path.of(System.getProperty("allowlist.root", ".."), "homework/src/main/java/homework");
    }

    /** The reference homework's sources, compiled here as the grader compiles a submission. */
    static String[] referenceSources() throws Exception {
        try (Stream<Path> files = Files.list(homeworkSources())) {
            List<String> sources = new ArrayList<>();
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                sources.add(Files.readString(f));
            }
            assertThat(sources).hasSizeGreaterThanOrEqualTo(5);
            return sources.toArray(String[]::new);
        }
    }

    @Test
    void theReferenceHomeworkUsesNothingOutsideTheAllowlist() throws Exception {
        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, referenceSources()));

        assertThat(violations).as(ApiAllowlist.report(violations)).isEmpty();
    }

    // ----------------------------------------------------------- correct code in other styles

    /** A whole solution in another style: records, pattern switches, streams, Deque, TreeMap, text blocks... */
    static final String OTHER_SCHEDULER = """
            package homework;

            import java.util.*;
            import java.util.function.Predicate;
            import java.util.stream.Collectors;
            import miniasyncio.*;

            public class OtherScheduler extends Scheduler {
                private record Parked(Task task, int tid) {}
                private enum State { WAITING, DONE }
                private final Map<Integer, Deque<Parked>> waiting = new TreeMap<>();
                private final PriorityQueue<Integer> order = new PriorityQueue<>(Comparator.reverseOrder());
                private final Optional<String> label = Optional.of("other");

                /** A custom exception of the homework's own. */
                static final class NoSuchTask extends IllegalArgumentException {
                    NoSuchTask(int tid) {
                        super(String.format("no task has tid %d", tid));
                    }
                }

                @Override
                protected void handleSyscall(Task task, Object syscall) {
                    switch (syscall) {
                        case AwaitTask(int tid) when tid == task.tid() -> scheduleThrow(task, new IllegalArgumentException("self"));
                        case AwaitTask(var tid) -> park(task, tid);
                        default -> super.handleSyscall(task, syscall);
                    }
                }

                private void park(Task task, int tid) {
                    assert tid != 0 : "tids start at 1";
                    if (tid < 1 || tid > nextId) {
                        scheduleThrow(task, new NoSuchTask(tid));
                        return;
                    }
                    var outcome = takeResult(tid);
                    if (outcome != null) {
                        resume(task, outcome);
                        return;
                    }
                    waiting.computeIfAbsent(tid, k -> new ArrayDeque<>()).addLast(new Parked(task, tid));
                }

                private void resume(Task task, Step.Outcome outcome) {
                    if (outcome instanceof Step.Returned r) {
                        schedule(task, r.value());
                    } else if (outcome instanceof Step.Failed(Throwable e)) {
                        scheduleThrow(task, e);
                    }
                }

                @Override
                protected void finishTask(Task task, Step.Outcome outcome) {
                    super.finishTask(task, outcome);
                    Deque<Parked> parked = waiting.remove(task.tid());
                    if (parked == null) {
                        return;
                    }
                    takeResult(task.tid());
                    parked.forEach(p -> resume(p.task(), outcome));
                }

                @Override
                protected boolean hasWork() {
                    return super.hasWork() || waiting.values().stream().anyMatch(Predicate.not(Collection::isEmpty));
                }

                @Override
                protected List<Task> pendingTasks() {
                    List<Task> pending = new ArrayList<>(ready); // the lecture's fields, by name
                    pending.addAll(sleeping);
                    waiting.values().stream().flatMap(Deque::stream).map(Parked::task).forEach(pending::add);
                    return pending;
                }

                @Override
                protected DeadlockException deadlock() {
                    String text = \"""
                        deadlock: %s
                        \""".formatted(waiting.entrySet().stream()
                            .map(e -> e.getKey() + " <- " + e.getValue().size())
                            .collect(Collectors.joining(", ")));
                    outer:
                    for (var entry : waiting.entrySet()) {
                        for (Parked p : entry.getValue()) {
                            if (p.tid() == entry.getKey()) {
                                break outer;
                            }
                        }
                    }
                    try {
                        return new DeadlockException(text.strip());
                    } finally {
                        order.clear();
                    }
                }

                @Override
                public String toString() {
                    return label.orElse("?") + State.valueOf("DONE").ordinal() + Arrays.toString(State.values())
                            + getClass().getSimpleName() + System.identityHashCode(this);
                }
            }
            """;

    /** Everyday Java: nested, inner and anonymous classes, enums with bodies, generics, iterators... */
    static final String EVERYDAY = """
            package homework;

            import java.time.Duration;
            import java.util.*;
            import java.util.concurrent.Callable;
            import java.util.concurrent.ConcurrentHashMap;
            import java.util.concurrent.atomic.AtomicInteger;
            import java.util.stream.*;
            import miniasyncio.MiniAsyncio;

            public class Everyday implements Iterable<Integer>, Comparable<Everyday> {
                interface Shape { double area(); default String describe() { return "area " + area(); } }
                sealed interface Call permits Wait, Nap {}
                record Wait(int tid) implements Call {}
                record Nap(double seconds) implements Call {
                    Nap { if (seconds < 0) throw new IllegalArgumentException("negative"); }
                }
                enum Op {
                    ADD { int apply(int a, int b) { return a + b; } },
                    MUL { int apply(int a, int b) { return a * b; } };
                    abstract int apply(int a, int b);
                }
                static class TaskError extends RuntimeException {
                    TaskError(String message, Throwable cause) { super(message, cause); }
                }
                class Inner { int value() { return size; } }
                static final class Resource implements AutoCloseable {
                    @Override public void close() { System.err.println("closed"); }
                }

                private final int size = 3;
                private final AtomicInteger counter = new AtomicInteger();
                private final Map<String, Integer> counts = new ConcurrentHashMap<>();

                @Override
                public Iterator<Integer> iterator() {
                    return new Iterator<>() {
                        int i;
                        @Override public boolean hasNext() { return i < size; }
                        @Override public Integer next() { return i++; }
                    };
                }

                @Override
                public int compareTo(Everyday other) {
                    return Integer.compare(size, other.size);
                }

                @Override
                public boolean equals(Object o) {
                    return o instanceof Everyday e && e.size == size;
                }

                @Override
                public int hashCode() {
                    return Objects.hash(size);
                }

                String describe(Object call, Op op) {
                    String word = switch (op) { case ADD -> "plus"; case MUL -> "times"; };
                    switch (op) {
                        case ADD:
                            word += "!";
                            break;
                        default:
                            break;
                    }
                    String kind = switch (word) { case "plus!" -> "p"; default -> "t"; };
                    return switch (call) {
                        case Wait w -> "wait for " + w.tid() + kind;
                        case Nap n when n.seconds() > 1 -> "long nap " + n.seconds();
                        case Nap n -> "nap " + new Inner().value();
                        default -> "unknown " + call.getClass().getName();
                    };
                }

                @SafeVarargs
                static <T extends Comparable<T>> List<T> sorted(T... items) {
                    List<T> list = new ArrayList<>(Arrays.asList(items));
                    Collections.sort(list);
                    String[] names = list.stream().map(Object::toString).toArray(String[]::new);
                    int[][] grid = new int[2][3];
                    grid[1][2] = names.length;
                    int[] copy = grid[1].clone();
                    System.arraycopy(copy, 0, grid[0], 0, copy.length);
                    return List.copyOf(list);
                }

                Map<Boolean, List<Integer>> streams() {
                    Map<Integer, Long> byLength = Stream.of("a", "bb", "cc")
                            .collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.counting()));
                    counts.merge("x", 1, Integer::sum);
                    counts.forEach((k, v) -> counter.addAndGet(v));
                    Optional.ofNullable(byLength.get(9)).map(n -> n + 1).orElseGet(() -> 0L);
                    StringBuilder sb = new StringBuilder();
                    for (char c = 'a'; c < 'd'; c++) {
                        sb.append(Character.toUpperCase(c));
                    }
                    double d = Math.max(Double.parseDouble("1.5"), Long.MAX_VALUE) + System.nanoTime();
                    System.out.printf("%s %.1f %s%n", sb, d, String.join(",", List.of("x")));
                    return IntStream.rangeClosed(1, 6).boxed().collect(Collectors.partitioningBy(i -> i % 2 == 0));
                }

                int withResources() {
                    try (Resource r = new Resource()) {
                        return Integer.parseInt("12") / size;
                    } catch (ArithmeticException | NumberFormatException e) {
                        throw new TaskError("bad number", e);
                    } finally {
                        counter.incrementAndGet();
                    }
                }

                static int task() throws Exception {
                    Callable<Integer> body = () -> { MiniAsyncio.sleep(Duration.ofMillis(10)); return 1; };
                    Runnable log = Everyday::new;
                    log.run();
                    Deque<Integer> stack = new ArrayDeque<>(List.of(1, 2));
                    return body.call() + stack.pop() + (int) Homework.gather(body).size();
                }
            }
            """;

    /** The kit's own idiom (Scheduler.unknownSyscall): an error with no stack, which gets the task's when thrown. */
    @Test
    void writingStackFramesIsAllowedAsTheKitDoesIt() throws Exception {
        String source = """
                package homework;

                public class NoStack {
                    static IllegalArgumentException error(String message) {
                        IllegalArgumentException e = new IllegalArgumentException(message);
                        e.setStackTrace(new StackTraceElement[0]);
                        return e;
                    }

                    static RuntimeException own() {
                        RuntimeException e = new RuntimeException("here");
                        e.setStackTrace(new StackTraceElement[] {new StackTraceElement("homework.X", "y", "X.java", 1)});
                        return e;
                    }
                }
                """;
        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).as(ApiAllowlist.report(violations)).isEmpty();
    }

    @Test
    void correctCodeInOtherStylesPasses() throws Exception {
        // next to the reference homework, whose classes (AwaitTask, Homework) they use
        List<String> sources = new ArrayList<>(List.of(referenceSources()));
        sources.addAll(List.of(OTHER_SCHEDULER, EVERYDAY));
        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, sources.toArray(String[]::new)));

        assertThat(violations).as(ApiAllowlist.report(violations)).isEmpty();
    }

    @Test
    void anEmptyClassesDirectoryHasNoViolation(@TempDir Path empty) {
        assertThat(HOMEWORK.check(empty)).isEmpty();
    }

    @Test
    void aMissingDirectoryIsAClearError() {
        assertThatThrownBy(() -> HOMEWORK.check(dir.resolve("nothing-here")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no compiled classes at").hasMessageContaining("nothing-here");
    }

    // ------------------------------------------------------------------- what is refused

    /** Each case: a statement on line 6 of method {@code bad} of {@code homework.Bad}, and the API it must be refused for. */
    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("new java.util.zip.ZipFile(\"grader.jar\").close();", "new java.util.zip.ZipFile"),
                Arguments.of("new java.util.jar.JarFile(\"grader.jar\").close();", "new java.util.jar.JarFile"),
                Arguments.of("Class.forName(\"grading.Grader\");", "java.lang.Class.forName"),
                Arguments.of("getClass().getDeclaredFields();", "java.lang.Class.getDeclaredFields"),
                Arguments.of("java.lang.reflect.Array.newInstance(int.class, 2);", "java.lang.reflect.Array.newInstance"),
                Arguments.of("java.lang.invoke.MethodHandles.lookup();", "java.lang.invoke.MethodHandles.lookup"),
                Arguments.of("Runtime.getRuntime().availableProcessors();", "java.lang.Runtime.getRuntime"),
                Arguments.of("ProcessHandle.current().parent().ifPresent(ProcessHandle::destroyForcibly);",
                        "java.lang.ProcessHandle.current"),
                Arguments.of("new ProcessBuilder(\"ls\").start();", "new java.lang.ProcessBuilder"),
                Arguments.of("new Thread(() -> {}).start();", "new java.lang.Thread"),
                Arguments.of("Thread.ofVirtual().start(() -> {});", "java.lang.Thread.ofVirtual"),
                Arguments.of("Thread.sleep(100);", "java.lang.Thread.sleep"),
                Arguments.of("System.exit(0);", "java.lang.System.exit"),
                Arguments.of("System.setOut(null);", "java.lang.System.setOut"),
                Arguments.of("System.getenv(\"HOME\");", "java.lang.System.getenv"),
                Arguments.of("System.getProperty(\"user.dir\");", "java.lang.System.getProperty"),
                Arguments.of("System.in.read();", "java.lang.System.in"),
                Arguments.of("Object fd = java.io.FileDescriptor.out;", "java.io.FileDescriptor.out"),
                Arguments.of("new java.io.FileOutputStream(\"results.json\").close();", "new java.io.FileOutputStream"),
                Arguments.of("new java.io.RandomAccessFile(\"/proc/self/mem\", \"r\").close();",
                        "new java.io.RandomAccessFile"),
                Arguments.of("java.nio.file.Files.readAllBytes(java.nio.file.Path.of(\"x\"));",
                        "java.nio.file.Files.readAllBytes"),
                Arguments.of("new java.net.Socket(\"localhost\", 80).close();", "new java.net.Socket"),
                Arguments.of("Object u = sun.misc.Unsafe.class;", "sun.misc.Unsafe"),
                Arguments.of("ClassLoader.getSystemClassLoader();", "java.lang.ClassLoader.getSystemClassLoader"),
                Arguments.of("getClass().getResourceAsStream(\"/grading/Hidden.class\");",
                        "java.lang.Class.getResourceAsStream"),
                Arguments.of("StackWalker.getInstance();", "java.lang.StackWalker.getInstance"),
                Arguments.of("synchronized (this) { this.wait(10); }", "java.lang.Object.wait"),
                Arguments.of("java.util.List<String> l = new java.util.ArrayList<>(); l.wait();", "java.lang.Object.wait"),
                Arguments.of("new java.util.Timer();", "new java.util.Timer"),
                Arguments.of("java.util.List.of(1, 2).parallelStream().count();", "java.util.List.parallelStream"),
                Arguments.of("java.util.stream.IntStream.range(0, 9).parallel().sum();",
                        "java.util.stream.IntStream.parallel"),
                Arguments.of("java.util.Arrays.parallelSort(new int[] {2, 1});", "java.util.Arrays.parallelSort"),
                Arguments.of("new java.util.concurrent.ConcurrentHashMap<String, Integer>().forEach(1L, (k, v) -> {});",
                        "java.util.concurrent.ConcurrentHashMap.forEach"),
                Arguments.of("Integer.getInteger(\"x\");", "java.lang.Integer.getInteger"),
                Arguments.of("miniasyncio.Scheduler.current().currentTask().coroutine();", "miniasyncio.Task.coroutine"),
                Arguments.of("miniasyncio.MiniAsyncio.toThread(() -> 1);", "miniasyncio.MiniAsyncio.toThread"),
                Arguments.of("miniasyncio.Scheduler.current().settings().setStallLimit(Long.MAX_VALUE);",
                        "miniasyncio.Scheduler.settings"),
                Arguments.of("((miniasyncio.around.LoopSettings) null).setStallLimit(Long.MAX_VALUE);",
                        "miniasyncio.around.LoopSettings.setStallLimit"),
                Arguments.of("new miniasyncio.Coroutine(\"x\", () -> 1).send(null);", "new miniasyncio.Coroutine"),
                Arguments.of("miniasyncio.Scheduler.current().clock().sleepUntil(0);", "miniasyncio.Clock.sleepUntil"),
                Arguments.of("java.util.function.IntConsumer c = System::exit;", "java.lang.System.exit"),
                Arguments.of("Runnable r = () -> Runtime.getRuntime().halt(1);", "java.lang.Runtime.getRuntime"),
                // A type named anywhere: a cast, instanceof, class literal, array, catch type, generic local.
                Arguments.of("Object t = (Thread) null;", "java.lang.Thread"),
                Arguments.of("boolean b = ((Object) this) instanceof ClassLoader;", "java.lang.ClassLoader"),
                Arguments.of("Object a = new java.io.File[2];", "java.io.File"),
                Arguments.of("try { before++; } catch (java.lang.reflect.UndeclaredThrowableException e) { }",
                        "java.lang.reflect.UndeclaredThrowableException"),
                Arguments.of("java.util.List<java.io.File> files = java.util.List.of();", "java.io.File"),
                Arguments.of("System.out.close();", "java.io.PrintStream.close"),
                // reading frames would show the names and lines of the graded tests that call the homework
                Arguments.of("Object f = new IllegalStateException().getStackTrace();",
                        "java.lang.IllegalStateException.getStackTrace"),
                Arguments.of("Object f = new Exception().getStackTrace();", "java.lang.Exception.getStackTrace"),
                Arguments.of("Object f = new StackTraceElement(\"a\", \"b\", \"c\", 1).getClassName();",
                        "java.lang.StackTraceElement.getClassName"),
                Arguments.of("Object f = miniasyncio.Scheduler.current().currentTask().creationSite();",
                        "miniasyncio.Task.creationSite"));
    }

    /**
     * The language features "What your code may use" promises, each alone in a class of its own:
     * what javac makes of them (ObjectMethods for a record, SwitchBootstraps for a pattern switch,
     * LambdaMetafactory for a lambda, a synthetic $SwitchMap$ class for an enum switch) must pass.
     */
    static Stream<Arguments> languageFeatures() {
        return Stream.of(
                Arguments.of("records", """
                        record Pair(int tid, String name) {
                            Pair { if (tid < 0) throw new IllegalArgumentException("tid " + tid); }
                        }
                        static Object use() {
                            Pair p = new Pair(1, "a");
                            return p.equals(new Pair(1, "a")) + " " + p.hashCode() + " " + p + p.tid() + p.name();
                        }"""),
                Arguments.of("enums", """
                        enum State { READY, PARKED { @Override String word() { return "parked"; } }; String word() { return name(); } }
                        static Object use() {
                            State s = State.valueOf("READY");
                            return switch (s) { case READY -> s.word() + State.values().length + s.ordinal(); case PARKED -> "p"; };
                        }"""),
                Arguments.of("nested and inner classes", """
                        static final class Waiters { final java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>(); }
                        final class Inner { int size() { return new Waiters().queue.size(); } }
                        static Object use() { return new Feature().new Inner().size(); }"""),
                Arguments.of("local classes", """
                        static Object use() {
                            class Edge { final int from; Edge(int from) { this.from = from; } }
                            record Step(int tid) {}
                            return new Edge(2).from + new Step(3).tid();
                        }"""),
                Arguments.of("anonymous classes", """
                        static Object use() {
                            java.util.Comparator<String> byLength = new java.util.Comparator<>() {
                                @Override public int compare(String a, String b) { return Integer.compare(a.length(), b.length()); }
                            };
                            return byLength.compare("a", "bb");
                        }"""),
                Arguments.of("lambdas and method references", """
                        static Object use() {
                            java.util.function.Function<Integer, Integer> twice = x -> x * 2;
                            java.util.function.Supplier<java.util.List<String>> make = java.util.ArrayList::new;
                            java.util.concurrent.Callable<Integer> body = () -> twice.apply(21);
                            return make.get().size() + body.hashCode();
                        }"""),
                Arguments.of("streams", """
                        static Object use() {
                            return java.util.stream.IntStream.range(0, 4).boxed()
                                    .collect(java.util.stream.Collectors.groupingBy(i -> i % 2, java.util.stream.Collectors.toList()))
                                    .values().stream().map(java.util.List::size).toList();
                        }"""),
                Arguments.of("switch patterns", """
                        sealed interface Call permits Await, Nap {}
                        record Await(int tid) implements Call {}
                        record Nap(double seconds) implements Call {}
                        static Object use(Object syscall) {
                            return switch (syscall) {
                                case Await(int tid) when tid <= 0 -> "bad tid " + tid;
                                case Await a -> "await " + a.tid();
                                case Nap(var seconds) -> "nap " + seconds;
                                case String text -> text.strip();
                                case null, default -> "unknown";
                            };
                        }
                        static Object sealedSwitch(Call call) {
                            return switch (call) { case Await a -> a.tid(); case Nap n -> n.seconds(); };
                        }
                        static boolean test(Object o) { return o instanceof Await(int tid) && tid > 0 || o instanceof Nap n && n.seconds() > 0; }"""),
                Arguments.of("var and text blocks", """
                        static Object use() {
                            var map = new java.util.HashMap<String, Integer>();
                            var text = \"""
                                    task 2 (alpha)
                                    \""";
                            map.put(text.strip(), 1);
                            return map;
                        }"""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("languageFeatures")
    void everyLanguageFeatureTheReadmeNamesPassesTheScreen(String feature, String members) throws Exception {
        String source = "package homework;\n\npublic class Feature {\n" + members.indent(4) + "}\n";

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).as(feature + ": " + ApiAllowlist.report(violations)).isEmpty();
        assertThat(HOMEWORK.describe()).as("the student README names " + feature)
                .contains(feature.replace("and ", "").split(" ")[0]);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void eachRefusedUseIsNamedWithClassMethodAndLine(String statement, String api) throws Exception {
        String source = """
                package homework;

                public class Bad {
                    public void bad(int tid) throws Exception {
                        int before = tid;
                        %s
                    }
                }
                """.formatted(statement);

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).as(ApiAllowlist.report(violations))
                .anySatisfy(v -> {
                    assertThat(v.api()).isEqualTo(api);
                    assertThat(v.className()).isEqualTo("Bad");
                    assertThat(v.method()).startsWith("bad");
                    assertThat(v.line()).isEqualTo(6);
                    assertThat(v.message()).startsWith("Bad.bad").contains("(Bad.java:6) uses " + api + ": ")
                            .endsWith("; the grader does not run code that uses it");
                });
    }

    @Test
    void theMessageSaysWhyInWordsAStudentUnderstands() throws Exception {
        String source = """
                package homework;

                public class Bad {
                    void bad() throws Exception {
                        new java.util.zip.ZipFile("grader.jar").close();
                        System.exit(1);
                        Thread.sleep(10);
                        System.out.close();
                    }
                }
                """;

        List<String> messages = HOMEWORK.check(Compiler.compile(dir, source)).stream().map(Violation::message).toList();

        assertThat(messages).contains(
                "Bad.bad (Bad.java:5) uses new java.util.zip.ZipFile: the homework needs none of java.util.zip;"
                        + " the grader does not run code that uses it",
                "Bad.bad (Bad.java:6) uses java.lang.System.exit: a task reports a problem by throwing an exception,"
                        + " not by ending the JVM; the grader does not run code that uses it",
                "Bad.bad (Bad.java:8) uses java.io.PrintStream.close: of java.io.PrintStream the homework needs only"
                        + " print, println, printf, format, flush; the grader does not run code that uses it");
        assertThat(messages).anyMatch(m -> m.startsWith("Bad.bad (Bad.java:7) uses java.lang.Thread.sleep:")
                && m.contains("MiniAsyncio.sleep"));
    }

    @Test
    void aLambdaIsNamedAfterTheMethodItIsWrittenIn() throws Exception {
        String source = """
                package homework;

                public class InTask {
                    static void main() {
                        miniasyncio.MiniAsyncio.run(() -> {
                            miniasyncio.MiniAsyncio.createTask(() -> {
                                Runtime.getRuntime().halt(3);
                                return 1;
                            });
                        });
                    }
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).extracting(Violation::message).containsExactly(
                "InTask.main, in a lambda (InTask.java:7) uses java.lang.Runtime.getRuntime: the homework needs"
                        + " nothing of the JVM's runtime; report a problem by throwing an exception; the grader does"
                        + " not run code that uses it",
                "InTask.main, in a lambda (InTask.java:7) uses java.lang.Runtime.halt: the homework needs"
                        + " nothing of the JVM's runtime; report a problem by throwing an exception; the grader does"
                        + " not run code that uses it");
    }

    @Test
    void aUseRepeatedInOneMethodIsReportedOnceAtItsFirstLine() throws Exception {
        String source = """
                package homework;

                public class Twice {
                    void twice() {
                        System.exit(1);
                        System.exit(2);
                    }

                    void again() {
                        System.exit(3);
                    }
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).extracting(v -> v.method() + ":" + v.line()).containsExactly("twice:5", "again:10");
    }

    @Test
    void theReportListsTwentyThenSaysHowManyMore() {
        List<Violation> many = new ArrayList<>();
        for (int i = 1; i <= ApiAllowlist.MAX_SHOWN + 5; i++) {
            many.add(new Violation("Bad", "m" + i, "Bad.java", i, "java.lang.System.exit", "violation " + i));
        }

        String report = ApiAllowlist.report(many);

        assertThat(report.lines()).hasSize(ApiAllowlist.MAX_SHOWN + 1);
        assertThat(report).startsWith("violation 1\n").contains("violation 20\n").doesNotContain("violation 21")
                .endsWith("... and 5 more\n");
    }

    // --------------------------------------------------------------------- overrides

    @Test
    void overridingTheKitsLoopIsRefused() throws Exception {
        String source = """
                package homework;

                import java.util.concurrent.Callable;
                import miniasyncio.Scheduler;

                public class Sneaky extends Scheduler {
                    @Override
                    public int createTask(String name, Callable<?> body) {
                        return super.createTask(name, body);
                    }

                    @Override
                    protected void closeAll() {
                    }

                    @Override
                    protected void idleWaitOrDeadlock() {
                        super.idleWaitOrDeadlock();
                    }

                    @Override
                    protected boolean hasWork() {
                        return super.hasWork();
                    }

                    public void helper() {
                    }

                    private void privateHelper() {
                    }
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).extracting(Violation::message).containsExactly(
                "Sneaky.createTask (Sneaky.java:9) overrides Scheduler.createTask: the homework may override only"
                        + " handleSyscall, finishTask, hasWork, pendingTasks, deadlock of Scheduler; the grader does"
                        + " not run code that overrides the others",
                "Sneaky.closeAll (Sneaky.java:14) overrides Scheduler.closeAll: the homework may override only"
                        + " handleSyscall, finishTask, hasWork, pendingTasks, deadlock of Scheduler; the grader does"
                        + " not run code that overrides the others",
                "Sneaky.idleWaitOrDeadlock (Sneaky.java:18) overrides Scheduler.idleWaitOrDeadlock: the homework may"
                        + " override only handleSyscall, finishTask, hasWork, pendingTasks, deadlock of Scheduler; the"
                        + " grader does not run code that overrides the others");
    }

    @Test
    void anAnonymousSubclassOrAGrandchildCannotOverrideEither() throws Exception {
        String source = """
                package homework;

                import miniasyncio.Scheduler;

                public class Indirect extends HomeworkBase {
                    @Override
                    protected void closeAll() {
                    }

                    Scheduler anonymous() {
                        return new Scheduler() {
                            @Override
                            public int createTask(java.util.concurrent.Callable<?> body) {
                                return 0;
                            }
                        };
                    }
                }
                """;
        String base = """
                package homework;

                public class HomeworkBase extends miniasyncio.Scheduler {
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source, base));

        assertThat(violations).extracting(v -> v.className() + "." + v.method() + " " + v.api())
                .containsExactlyInAnyOrder("Indirect.closeAll Scheduler.closeAll",
                        "Indirect$1.createTask Scheduler.createTask");
    }

    @Test
    void finalizeIsRefusedButObjectsOtherMethodsMayBeOverridden() throws Exception {
        String source = """
                package homework;

                public class Finalizing {
                    @Override
                    public String toString() {
                        return "ok";
                    }

                    @Override
                    @SuppressWarnings("removal")
                    protected void finalize() {
                        System.out.println("later, on another thread");
                    }
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).extracting(Violation::api).containsExactly("Object.finalize");
        assertThat(violations.get(0).message()).startsWith("Finalizing.finalize (Finalizing.java:12) overrides Object.finalize:");
    }

    @Test
    void aClassInTheKitsPackageIsRefused() throws Exception {
        String source = """
                package miniasyncio;

                public class Inside {
                    public static Object peek(Task task) {
                        return task.coroutine();
                    }
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).extracting(Violation::message).contains(
                "Inside (Inside.java) declares miniasyncio.Inside: its package is not one this assignment's classes"
                        + " may be in; the grader does not run it");
        assertThat(violations).extracting(Violation::api).contains("miniasyncio.Task.coroutine");
    }

    @Test
    void aClassNamedLikeANestedClassOfTheKitIsStillRefused() throws Exception {
        String source = """
                package miniasyncio;

                class DeadlockException$Evil {
                    static long peek(Task task) {
                        return task.tid;
                    }
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).extracting(Violation::api).containsExactly("miniasyncio.DeadlockException$Evil");
    }

    @Test
    void theGradersInstrumentsCannotBeRemoved() throws Exception {
        String source = """
                package homework;

                public class Quiet {
                    void quiet() {
                        miniasyncio.Scheduler.current().settings().removeInstrument(null);
                    }
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        assertThat(violations).extracting(Violation::message).contains("Quiet.quiet (Quiet.java:5) uses"
                + " miniasyncio.around.LoopSettings.removeInstrument: the settings are the grader's: it sets the scheduler up,"
                + " and its instruments watch every step; the grader does not run code that uses it");
    }

    /** The settings (debug mode, the ending, the stall limit, the stuck action) are the grader's to set. */
    @Test
    void aSchedulerThatChangesItsOwnSettingsIsRefused() throws Exception {
        String source = """
                package homework;

                public class Lenient extends miniasyncio.Scheduler {
                    public Lenient() {
                        settings().setEndWithMain(true);
                        miniasyncio.around.LoopSettings mine = settings();
                        mine.setStallLimit(Long.MAX_VALUE);
                    }
                }
                """;

        List<Violation> violations = HOMEWORK.check(Compiler.compile(dir, source));

        String end = "; the grader does not run code that uses it";
        String settings = ": the grader sets the scheduler up; the homework needs none of its settings" + end;
        String theirs = ": the settings are the grader's: it sets the scheduler up, and its instruments watch every step"
                + end;
        assertThat(violations).extracting(Violation::message).contains(
                "Lenient.<init> (Lenient.java:5) uses miniasyncio.Scheduler.settings" + settings,
                "Lenient.<init> (Lenient.java:5) uses miniasyncio.around.LoopSettings.setEndWithMain" + theirs,
                "Lenient.<init> (Lenient.java:7) uses miniasyncio.around.LoopSettings.setStallLimit" + theirs);
    }

    @Test
    void compilerArtefactsOfASerializableLambdaAreNotRefused() throws Exception {
        String source = """
                package homework;

                import java.io.Serializable;

                public class Serial {
                    Runnable r = (Runnable & Serializable) () -> System.out.println("hi");
                }
                """;

        assertThat(HOMEWORK.check(Compiler.compile(dir, source))).isEmpty();
    }

    // ------------------------------------------------------------------ the file format

    @Test
    void anotherAssignmentsFileIsLoadedAndItsOwnRulesApply() throws Exception {
        Path file = dir.resolve("other-allowlist.txt");
        Files.writeString(file, """
                # Another assignment: strings only.
                ## Own code
                homework.**
                ## Strings
                # Strings and Object; no collections.
                java.lang.Object
                java.lang.String
                -java.lang.String#intern -- interning is not part of this assignment
                """);
        ApiAllowlist strings = ApiAllowlist.load(file);
        String source = """
                package homework;

                public class Words {
                    String words() {
                        java.util.List<String> list = java.util.List.of("a");
                        return "a".repeat(2).intern();
                    }
                }
                """;

        List<Violation> violations = strings.check(Compiler.compile(dir.resolve("c"), source));

        // One line for List: its member List.of says it (the type List is named too, by the variable).
        assertThat(violations).extracting(Violation::message).containsExactly(
                "Words.words (Words.java:5) uses java.util.List.of: the homework needs none of java.util;"
                        + " the grader does not run code that uses it",
                "Words.words (Words.java:6) uses java.lang.String.intern: interning is not part of this assignment;"
                        + " the grader does not run code that uses it");
    }

    @Test
    void aLineOutsideTheFormatIsAnErrorWithItsNumber() {
        assertThatThrownBy(() -> ApiAllowlist.parse("java.util.*\njava util List\n", "broken.txt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("broken.txt:2: cannot read \"java util List\"");
        assertThatThrownBy(() -> ApiAllowlist.parse("override miniasyncio.Scheduler\n", "broken.txt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("broken.txt:1: \"override miniasyncio.Scheduler\" names no method");
    }

    @Test
    void patternsMatchAPackageNotItsSubpackagesAClassWithItsNestedClassesAndMembersByName() {
        ApiAllowlist list = ApiAllowlist.parse("""
                java.util.*
                java.util.function.**
                java.lang.String
                java.lang.System#out
                -java.util.Timer
                """, "t");

        assertThat(list.refuseType("java.util.Map$Entry")).isNull();
        assertThat(list.refuseType("java.util.zip.ZipFile")).isEqualTo("the homework needs none of java.util.zip");
        assertThat(list.refuseType("java.util.function.sub.Thing")).isNull();
        assertThat(list.refuseType("java.lang.String$CaseInsensitiveComparator")).isNull();
        assertThat(list.refuseType("java.lang.StringBuilder")).isEqualTo("the homework needs no java.lang.StringBuilder");
        assertThat(list.refuseType("java.lang.System")).isNull();
        assertThat(list.refuseType("java.util.Timer")).isEqualTo("the homework does not need java.util.Timer");
    }

    @Test
    void describeGivesTheStudentReadmeEachSectionWithWhy() {
        String md = HOMEWORK.describe();

        assertThat(md).startsWith("## What your code may use\n")
                .contains("**The kit's API.** What the homework is about")
                .contains("`java.lang.System#out, err, nanoTime, currentTimeMillis, arraycopy, identityHashCode, lineSeparator`")
                .contains("- Not: `miniasyncio.Task#coroutine, send, throwInto, close, yield")
                .contains("- You may override: `miniasyncio.Scheduler#handleSyscall, finishTask, hasWork, pendingTasks, deadlock`")
                .contains("`java.util.*`").contains("`java.util.Timer`");
    }
}
