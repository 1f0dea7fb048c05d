package grading.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StaticRulesTest {

    static final String EXIT = "Static rule: no System.exit or Runtime.halt";
    static final String THREADS = "Static rule: no threads or executors";
    static final String REFLECTION = "Static rule: no reflection";
    static final String PROCESS = "Static rule: no process spawning";
    static final String IO = "Static rule: no file or network I/O";
    static final String SLEEP = "Static rule: no Thread.sleep inside tasks";

    @TempDir
    Path dir;

    /** Code a good solution writes: lambdas, records, pattern switches, string concatenation... */
    static final String CLEAN = """
            package homework;

            import static miniasyncio.MiniAsyncio.*;
            import java.util.*;
            import java.util.concurrent.Callable;
            import java.util.concurrent.ConcurrentHashMap;

            public class Clean {
                sealed interface Call permits Wait, Nap {}
                record Wait(int tid) implements Call {}
                record Nap(double seconds) implements Call {}
                enum Color { RED, GREEN }

                private final Map<Integer, List<Integer>> waiting = new HashMap<>();
                private final Map<String, Integer> counts = new ConcurrentHashMap<>();

                String describe(Object call) {
                    return switch (call) {
                        case Wait w -> "wait for " + w.tid();
                        case Nap n when n.seconds() > 1 -> "long nap " + n.seconds();
                        case Nap n -> "nap";
                        default -> "unknown " + call.getClass().getSimpleName();
                    };
                }

                List<Object> gatherLike(List<Callable<?>> bodies) throws Exception {
                    List<Object> out = new ArrayList<>();
                    bodies.stream().map(b -> (Object) b).sorted(Comparator.comparing(Object::hashCode)).toList();
                    waiting.computeIfAbsent(1, k -> new ArrayList<>()).add(2);
                    Runnable r = () -> System.out.println("step " + Color.valueOf("RED") + Thread.currentThread().getName());
                    r.run();
                    for (Callable<?> body : bodies) {
                        out.add(body.call());
                    }
                    return out;
                }

                static void task() {
                    run(() -> { createTask(() -> { sleep(0.1); return 1; }); sleep(0); });
                }
            }
            """;

    @Test
    void aCleanSolutionPassesEveryRule() throws Exception {
        List<RuleResult> results = StaticRules.check(Compiler.compile(dir, CLEAN));

        assertThat(results).extracting(RuleResult::name).containsExactly(EXIT, THREADS, REFLECTION, PROCESS, IO, SLEEP);
        assertThat(results).allSatisfy(r -> {
            assertThat(r.passed()).as(r.name() + ": " + r.message()).isTrue();
            assertThat(r.points()).isEqualTo(StaticRules.POINTS_PER_RULE);
        });
    }

    /** The reference solution, as the homework module compiled it, keeps every rule. */
    @Test
    void theReferenceSolutionPassesEveryRule() {
        Path reference = Path.of("../homework/target/classes");
        assertThat(reference.resolve("homework/HomeworkScheduler.class")).exists();

        assertThat(StaticRules.check(reference)).hasSize(6).allSatisfy(r ->
                assertThat(r.passed()).as(r.name() + ": " + r.message()).isTrue());
    }

    @Test
    void anEmptyClassesDirectoryBreaksNoRule(@TempDir Path empty) {
        assertThat(StaticRules.check(empty)).hasSize(6).allMatch(RuleResult::passed);
    }

    @Test
    void aMissingDirectoryIsAClearError() {
        assertThatThrownBy(() -> StaticRules.check(dir.resolve("nothing-here")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no compiled classes at")
                .hasMessageContaining("nothing-here");
    }

    /**
     * Each case: the rule it breaks, and a statement placed on line 6 of method {@code bad} in
     * class {@code homework.Bad}.
     */
    static Stream<Arguments> breaches() {
        return Stream.of(
                Arguments.of(EXIT, "System.exit(0);"),
                Arguments.of(EXIT, "Runtime.getRuntime().halt(1);"),
                Arguments.of(EXIT, "Runtime.getRuntime().exit(2);"),
                Arguments.of(THREADS, "new Thread(() -> {}).start();"),
                Arguments.of(THREADS, "Thread.startVirtualThread(() -> {});"),
                Arguments.of(THREADS, "Thread.ofVirtual().start(() -> {});"),
                Arguments.of(THREADS, "java.util.concurrent.Executors.newFixedThreadPool(2);"),
                Arguments.of(THREADS, "java.util.concurrent.ForkJoinPool.commonPool().submit(() -> {});"),
                Arguments.of(THREADS, "java.util.concurrent.CompletableFuture.runAsync(() -> {});"),
                Arguments.of(THREADS, "java.util.List.of(1, 2).parallelStream().count();"),
                Arguments.of(THREADS, "java.util.stream.IntStream.range(0, 9).parallel().sum();"),
                Arguments.of(THREADS, "new java.util.Timer();"),
                Arguments.of(REFLECTION, "Class.forName(\"grading.Grader\");"),
                Arguments.of(REFLECTION, "String.class.getDeclaredMethods();"),
                Arguments.of(REFLECTION, "String.class.getDeclaredField(\"value\").setAccessible(true);"),
                Arguments.of(REFLECTION, "java.lang.invoke.MethodHandles.lookup();"),
                Arguments.of(REFLECTION, "Bad.class.getClassLoader();"),
                Arguments.of(REFLECTION, "ClassLoader.getSystemClassLoader().loadClass(\"grading.Grader\");"),
                Arguments.of(REFLECTION, "System.loadLibrary(\"evil\");"),
                Arguments.of(REFLECTION, "javax.tools.ToolProvider.getSystemJavaCompiler();"),
                Arguments.of(PROCESS, "new ProcessBuilder(\"ls\").start();"),
                Arguments.of(PROCESS, "Runtime.getRuntime().exec(new String[] {\"ls\"});"),
                Arguments.of(IO, "new java.io.FileOutputStream(\"results.json\").close();"),
                Arguments.of(IO, "new java.io.File(\"x\").delete();"),
                Arguments.of(IO, "java.nio.file.Files.writeString(java.nio.file.Path.of(\"x\"), \"y\");"),
                Arguments.of(IO, "new java.net.Socket(\"localhost\", 80).close();"),
                Arguments.of(IO, "System.in.read();"),
                Arguments.of(IO, "new java.io.PrintStream(\"results.json\").close();"),
                Arguments.of(IO, "Bad.class.getResourceAsStream(\"/grading/Hidden.class\");"),
                Arguments.of(IO, "new java.io.FileOutputStream(java.io.FileDescriptor.out).close();"),
                Arguments.of(SLEEP, "Thread.sleep(100);"),
                Arguments.of(SLEEP, "java.util.concurrent.TimeUnit.SECONDS.sleep(1);"),
                Arguments.of(SLEEP, "java.util.concurrent.locks.LockSupport.parkNanos(1000);"),
                Arguments.of(SLEEP, "synchronized (this) { this.wait(10); }"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("breaches")
    void eachBreachFailsItsRuleAndNamesClassMethodAndLine(String rule, String statement) throws Exception {
        String source = """
                package homework;

                public class Bad {
                    public void bad(int tid) throws Exception {
                        int before = tid;
                        %s
                    }
                }
                """.formatted(statement);

        List<RuleResult> results = StaticRules.check(Compiler.compile(dir, source));

        RuleResult broken = results.stream().filter(r -> r.name().equals(rule)).findFirst().orElseThrow();
        assertThat(broken.passed()).as(broken.message()).isFalse();
        assertThat(broken.message())
                .contains("homework.Bad.bad(int)")
                .contains("(Bad.java:6)");
        // One mistake, one lost rule: the others still pass (a file's I/O is not also "reflection").
        assertThat(results).filteredOn(r -> !r.name().equals(rule)).allSatisfy(r ->
                assertThat(r.passed()).as(r.name() + " for " + statement + ": " + r.message()).isTrue());
    }

    @Test
    void aThreadSubclassBreaksTheThreadsRule() throws Exception {
        String source = """
                package homework;

                public class Worker extends Thread {
                    @Override
                    public void run() {
                    }
                }
                """;

        RuleResult threads = StaticRules.check(Compiler.compile(dir, source)).get(1);

        assertThat(threads.name()).isEqualTo(THREADS);
        assertThat(threads.passed()).isFalse();
        assertThat(threads.message()).contains("homework.Worker").contains("java.lang.Thread");
    }

    @Test
    void aCallInsideALambdaIsStillFound() throws Exception {
        String source = """
                package homework;

                import static miniasyncio.MiniAsyncio.*;

                public class InTask {
                    static void main() {
                        run(() -> {
                            createTask(() -> {
                                Thread.sleep(1000);
                                return 1;
                            });
                        });
                    }
                }
                """;

        RuleResult sleep = StaticRules.check(Compiler.compile(dir, source)).get(5);

        assertThat(sleep.name()).isEqualTo(SLEEP);
        assertThat(sleep.passed()).isFalse();
        assertThat(sleep.message()).contains("homework.InTask").contains("(InTask.java:9)")
                .contains("MiniAsyncio.sleep(seconds)");
    }

    @Test
    void aSubmissionWithStubsLeftEarnsNoRulePointsAndIsToldWhich() throws Exception {
        String source = """
                package homework;

                import miniasyncio.NotImplementedYet;

                public class Stubbed {
                    public static int awaitTask(int tid) {
                        throw new NotImplementedYet("Stubbed.awaitTask", "homework/src/main/java/homework/Stubbed.java");
                    }

                    public static void bad() {
                        System.exit(1);
                    }
                }
                """;

        List<RuleResult> results = StaticRules.check(Compiler.compile(dir, source));

        assertThat(results).hasSize(6).allSatisfy(r -> {
            assertThat(r.passed()).isFalse();
            assertThat(r.message()).contains("not implemented yet")
                    .contains("Stubbed.awaitTask (Stubbed.java:7)");
        });
        // A broken rule still names the place that broke it.
        assertThat(results.get(0).message()).contains("homework.Stubbed.bad()").contains("(Stubbed.java:11)");
    }

    @Test
    void manyBreachesAreListedUpToALimit() throws Exception {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < StaticRules.MAX_PLACES + 5; i++) {
            body.append("        System.exit(").append(i).append(");\n");
        }
        String source = "package homework;\n\npublic class Many {\n    void m() {\n" + body + "    }\n}\n";

        RuleResult exit = StaticRules.check(Compiler.compile(dir, source)).get(0);

        assertThat(exit.passed()).isFalse();
        assertThat(exit.message()).contains("(Many.java:5)").contains("... and 5 more");
    }
}
