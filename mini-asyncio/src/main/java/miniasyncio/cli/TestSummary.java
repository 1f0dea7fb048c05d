package miniasyncio.cli;

import miniasyncio.around.FoldedStack;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The student's test command ({@code mvn -q test -Dstudent}), for one module (homework,
 * exercises): runs the module's tests ({@link StudentTests}), then prints which parts pass, which
 * methods are not written yet (each named once), and which tests fail, each with its reason whole.
 * With {@code -Dstudent=check} it also runs {@link SelfCheck}: "ready to submit" or what to fix.
 *
 * <p>With {@code -DstepThrough} ({@code mvn -q test -Dstudent -DstepThrough}, passed on by the
 * parent pom) each failing test's run is also written as a step-through page
 * ({@link FailingTestPages}), and the summary names each page beside its failure.
 *
 * <p>The parent pom's {@code student} profile runs it in a JVM of its own (with the continuation
 * export) in place of Surefire, so that the console shows the summary and nothing else. The stubs
 * are read from the sources: while stubs remain, every failing test stops at the first one the
 * loop calls ({@code hasWork}), so the failures alone cannot say what is left.
 */
public final class TestSummary {

    /** A stub as the release writes it: {@code throw new NotImplementedYet("Class.method", "file")}. */
    static final Pattern STUB = Pattern.compile("new\\s+(?:miniasyncio\\.)?NotImplementedYet\\(\\s*\"([^\"]+)\"");
    /**
     * A stub that is the whole body of a method of an optional exercise, marked
     * {@code @OptionalExercise}: listed apart, never as work left (its tests are the classes named
     * {@code *OptionalTest}, their part "step8_queue (optional)").
     */
    static final Pattern OPTIONAL_STUB = Pattern.compile(
            "@OptionalExercise\\b[^{;(]*\\(([^)]*)\\)[^{;]*\\{\\s*throw\\s+new\\s+(?:miniasyncio\\.)?NotImplementedYet\\(\\s*\"([^\"]+)\"");
    /** How many reasons for failing tests are shown (each with the tests it fails); the rest are counted. */
    static final int SHOWN_FAILURES = 8;
    /** Where a long line of the summary is broken. */
    static final int WIDTH = 130;
    /** A reason is cut only past this many characters: "expected: 0.3 but was: 0.6" stays whole. */
    static final int REASON_LIMIT = 400;
    /** The packages of the student's tests; the kit's own are not run. */
    static final List<String> STUDENT_PACKAGES = List.of("homework", "exercises");
    /** Where a module's run leaves what the tests printed and every failure's stack trace. */
    static final String LOG = "target/student-tests.log";
    /**
     * Where the Maven run leaves the module's test class path and the JDK it runs on (the build's
     * JDK 21+), one line each: the quick run ({@code ./test.sh}, {@link QuickTest}) starts from them.
     */
    static final String CLASS_PATH = "target/student-classpath.txt";
    static final String JAVA_HOME = "target/student-java.txt";

    /**
     * One finished test: its part (a test class, or an exercise step), name and failure reason, if
     * any, and the file name of its step-through page in the module's {@link FailingTestPages#FOLDER}
     * (null: none was written).
     */
    record Result(String part, String name, String failure, String page) {
        Result(String part, String name, String failure) {
            this(part, name, failure, null);
        }

        boolean passed() {
            return failure == null;
        }

        /** Failed only because a method it calls is still a stub. */
        boolean waitsOnAStub() {
            return failure != null && failure.contains("not implemented yet: ");
        }
    }

    private TestSummary() {
    }

    /**
     * {@code TestSummary MODE MODULE_DIR}: MODE is "check" for the self-check, "build" to only
     * write the files the quick run needs (no test runs), anything else for the summary.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: TestSummary MODE MODULE_DIR");
        }
        Path module = Path.of(args[1]);
        Path testClasses = module.resolve("target/test-classes");
        if (!Files.isDirectory(testClasses)) {
            return; // a module without the student's tests (the kit's): nothing to say
        }
        Files.writeString(module.resolve(CLASS_PATH), System.getProperty("java.class.path") + "\n", StandardCharsets.UTF_8);
        Files.writeString(module.resolve(JAVA_HOME), System.getProperty("java.home") + "\n", StandardCharsets.UTF_8);
        if (args[0].equals("build")) {
            System.exit(0);
        }
        boolean pages;
        try {
            pages = FailingTestPages.asked(System.getProperty("stepThrough"));
        } catch (IllegalArgumentException wrong) {
            System.err.println(wrong.getMessage());
            System.exit(2);
            return;
        }
        List<Result> results = StudentTests.run(testClasses, STUDENT_PACKAGES, StudentTests.SUREFIRE_NAMES,
                module.resolve(LOG), null, pages ? module.resolve(FailingTestPages.FOLDER) : null);
        if (results.isEmpty()) {
            System.exit(0);
        }
        List<String> stubs = stubs(module.resolve("src/main/java"));
        PrintStream out = System.out;
        out.print(summary(module.getFileName().toString(), results, stubs, optionalStubs(module.resolve("src/main/java"))));
        if (args[0].equals("check")) {
            out.print(SelfCheck.verdict(module, results, stubs));
        }
        out.flush();
        // As Surefire's forked JVM does: a thread a test left running (a worker, an executor) must
        // not keep this JVM, and so Maven, from ending.
        System.exit(0);
    }

    /**
     * The part a test belongs to: the exercise step of its package (its optional exercise, for a
     * class {@code *OptionalTest}: "step8_queue (optional)"), else its class.
     */
    static String part(String className) {
        String[] names = className.split("\\.");
        for (String name : names) {
            if (name.startsWith("step")) {
                return className.endsWith("OptionalTest") ? name + " (optional)" : name;
            }
        }
        return names[names.length - 1];
    }

    /** The test classes first, by name, then the exercise steps in their order (step 2 before step 10). */
    static final Comparator<String> PART_ORDER = Comparator.comparingInt(TestSummary::stepNumber)
            .thenComparing(Comparator.naturalOrder());

    /** An exercise step's folder or package: "step10_network". */
    private static final Pattern STEP = Pattern.compile("step(\\d+)_");

    private static int stepNumber(String part) {
        Matcher m = STEP.matcher(part);
        return m.lookingAt() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** The summary of one module's run, a few lines. */
    static String summary(String module, List<Result> results, List<String> stubs) {
        return summary(module, results, stubs, List.of());
    }

    /** The same, with the optional exercises' stubs named apart. */
    static String summary(String module, List<Result> results, List<String> stubs, List<String> optionalStubs) {
        long passed = results.stream().filter(Result::passed).count();
        Map<String, List<Result>> byPart = new TreeMap<>(PART_ORDER);
        for (Result r : results) {
            byPart.computeIfAbsent(r.part(), p -> new ArrayList<>()).add(r);
        }
        List<String> passing = new ArrayList<>();
        List<String> waiting = new ArrayList<>();
        List<Result> failing = new ArrayList<>();
        byPart.forEach((part, rs) -> {
            if (rs.stream().allMatch(Result::passed)) {
                passing.add(part);
            } else if (rs.stream().allMatch(r -> r.passed() || r.waitsOnAStub())) {
                waiting.add(part);
            }
            rs.stream().filter(r -> !r.passed() && !r.waitsOnAStub()).forEach(failing::add);
        });
        StringBuilder s = new StringBuilder();
        s.append("== ").append(module).append(": ").append(passed).append(" of ").append(results.size())
                .append(" tests pass\n");
        line(s, "pass", String.join(", ", passing), "(?<=, )");
        line(s, "not written yet", grouped(stubs), "(?<=; )");
        line(s, "optional, to do", grouped(optionalStubs), "(?<=; )");
        line(s, "waiting for them", String.join(", ", waiting), "(?<=, )");
        // Tests that fail for one reason are named together, with the reason once (a polling
        // awaitTask fails most of them the same way).
        Map<String, List<Result>> byReason = new LinkedHashMap<>();
        failing.forEach(r -> byReason.computeIfAbsent(oneLine(r.failure()), k -> new ArrayList<>()).add(r));
        int shown = 0;
        for (Map.Entry<String, List<Result>> e : byReason.entrySet()) {
            if (shown++ == SHOWN_FAILURES) {
                line(s, "FAIL", "and " + (byReason.size() - SHOWN_FAILURES) + " more reasons (each in the log)", "(?<= )");
                break;
            }
            line(s, "FAIL", String.join(", ", e.getValue().stream().map(Result::name).toList()) + ": " + e.getKey(), "(?<= )");
            pages(s, module, e.getValue());
        }
        long unshown = results.stream().filter(r -> r.page() != null).count()
                - byReason.values().stream().limit(SHOWN_FAILURES).flatMap(List::stream).filter(r -> r.page() != null).count();
        if (unshown > 0) { // the tests waiting for a stub, and the failures not shown
            line(s, "step-through", unshown + " more " + (unshown == 1 ? "page" : "pages") + " in " + module + "/"
                    + FailingTestPages.FOLDER + "/", "(?<= )");
        }
        if (!failing.isEmpty()) {
            line(s, "stack traces", module + "/" + LOG, "(?<= )");
        }
        if (failing.isEmpty() && stubs.isEmpty()) {
            s.append(optionalStubs.isEmpty() ? "   everything is written and every test passes\n"
                    : "   everything required is written and passes (the optional exercises are up to you)\n");
        }
        return s.toString();
    }

    /**
     * Under a FAIL line, the step-through page of each of its tests that has one, a line each:
     * "   step-through:     homework/target/step-through/HomeworkTest.gatherRunsTheTasksConcurrently.html".
     */
    private static void pages(StringBuilder s, String module, List<Result> tests) {
        String label = "step-through:";
        for (Result r : tests) {
            if (r.page() != null) {
                s.append(String.format("   %-17s %s", label, module + "/" + FailingTestPages.FOLDER + "/" + r.page())).append('\n');
                label = "";
            }
        }
    }

    /**
     * "   label:   text", continued on more lines when it is long, broken only after
     * {@code breakAfter}: between classes in the list of stubs, between parts in a list of parts,
     * between words in a reason.
     */
    private static void line(StringBuilder s, String label, String text, String breakAfter) {
        if (text.isEmpty()) {
            return;
        }
        String indent = " ".repeat(21);
        StringBuilder current = new StringBuilder(String.format("   %-17s %s", label + ":", ""));
        for (String piece : text.split(breakAfter)) {
            if (current.length() + piece.length() > WIDTH && current.length() > indent.length()) {
                s.append(current.toString().stripTrailing()).append('\n');
                current = new StringBuilder(indent);
            }
            current.append(piece);
        }
        s.append(current.toString().stripTrailing()).append('\n');
    }

    /** "HomeworkScheduler.hasWork, deadlock; Homework.gather": each class named once. */
    static String grouped(List<String> stubs) {
        Map<String, List<String>> byClass = new LinkedHashMap<>();
        for (String stub : stubs) {
            int dot = stub.lastIndexOf('.');
            byClass.computeIfAbsent(stub.substring(0, Math.max(0, dot)), c -> new ArrayList<>())
                    .add(stub.substring(dot + 1));
        }
        List<String> parts = new ArrayList<>();
        byClass.forEach((type, methods) -> parts.add((type.isEmpty() ? "" : type + ".") + String.join(", ", methods)));
        return String.join("; ", parts);
    }

    /**
     * A failure's reason on one line, whole: AssertJ puts "expected" and "but was" on lines of
     * their own, and both matter. Stack-trace lines inside a message (AssertJ quotes the
     * unexpected exception's, a timed-out test its loop thread's) are left out: the log has them.
     * Cut only past {@link #REASON_LIMIT}.
     */
    static String oneLine(String text) {
        String joined = text.lines().map(String::strip)
                .filter(l -> !l.isEmpty() && !FoldedStack.stackLine(l) && !l.matches("\\.\\.\\.\\(\\d+ remaining lines.*"))
                .reduce((a, b) -> a + " " + b).orElse("").replaceAll("\\s+", " ");
        return joined.length() <= REASON_LIMIT ? joined : joined.substring(0, REASON_LIMIT) + " ...";
    }

    /** A folder's path with its step numbers padded, so that step 2's folder sorts before step 10's. */
    private static String inStepOrder(Path folder) {
        Matcher m = STEP.matcher(folder.toString());
        StringBuilder padded = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(padded, "step" + "%04d".formatted(Integer.parseInt(m.group(1))) + "_");
        }
        return m.appendTail(padded).toString();
    }

    /**
     * Every method still a stub under {@code sources}, each once, in the order of the files: folder
     * by folder (the exercise steps in their order), and in each the scheduler's file first (the loop calls it first), then the others.
     * An optional exercise's are not among them ({@link #optionalStubs}).
     */
    static List<String> stubs(Path sources) {
        return stubs(sources, false);
    }

    /** The optional exercises' methods still a stub under {@code sources} (marked {@code @OptionalExercise}), in the same order. */
    static List<String> optionalStubs(Path sources) {
        return stubs(sources, true);
    }

    /** Is the method of stub {@code Class.method} declared more than once in {@code text} (an overload)? */
    private static boolean overloaded(String text, String stub) {
        String method = Pattern.quote(stub.substring(stub.lastIndexOf('.') + 1));
        Matcher declarations = Pattern.compile("\\b(?:void|boolean|int|long|double|[A-Z]\\w*(?:<[^>]*>)?)\\s+" + method + "\\s*\\(")
                .matcher(text);
        int count = 0;
        while (declarations.find()) {
            count++;
        }
        return count > 1;
    }

    /** "boolean immediate, long n" -> "immediate, n": an overload named by its parameters. */
    private static String parameterNames(String parameters) {
        return Pattern.compile("\\s*,\\s*").splitAsStream(parameters.strip())
                .map(p -> p.substring(p.lastIndexOf(' ') + 1)).collect(java.util.stream.Collectors.joining(", "));
    }

    private static List<String> stubs(Path sources, boolean optional) {
        if (!Files.isDirectory(sources)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted((a, b) -> {
                int folder = inStepOrder(a.getParent()).compareTo(inStepOrder(b.getParent()));
                boolean sa = a.getFileName().toString().contains("Scheduler");
                boolean sb = b.getFileName().toString().contains("Scheduler");
                return folder != 0 ? folder : sa != sb ? (sa ? -1 : 1) : a.compareTo(b);
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Set<String> found = new LinkedHashSet<>();
        for (Path file : files) {
            try {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                // how many stubs of each name are required ones (an overload may share an optional one's name)
                Map<String, Integer> required = new LinkedHashMap<>();
                Matcher m = STUB.matcher(text);
                while (m.find()) {
                    required.merge(m.group(1), 1, Integer::sum);
                }
                Matcher o = OPTIONAL_STUB.matcher(text);
                while (o.find()) {
                    required.merge(o.group(2), -1, Integer::sum);
                    if (optional) {
                        found.add(overloaded(text, o.group(2)) ? o.group(2) + "(" + parameterNames(o.group(1)) + ")" : o.group(2));
                    }
                }
                if (!optional) {
                    required.forEach((stub, count) -> {
                        if (count > 0) {
                            found.add(stub);
                        }
                    });
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return List.copyOf(found);
    }
}
