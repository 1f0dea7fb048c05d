import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The summary of {@code exercises/check-step.sh}: reads the test reports of one step's run and
 * prints "step N: X tests passed", or what is left. When tests fail on a method of an earlier
 * step that is not written yet, the first line says which step to finish first (the steps each
 * step needs are in its statement's "Needs:" line, the README.md of its package folder), instead of listing every failure. Run with the
 * source launcher: {@code java StepReport.java STEP REPORTS_DIR BUILD_LOG BUILD_EXIT_CODE MODULE_DIR}.
 *
 * <p>With {@code check-step.sh N --step-through}, a failing test whose run was written as a
 * step-through page has a line "step-through: PAGE" in its report's {@code system-out}: the page
 * is named under its failure.
 *
 * <p>A step's optional exercise (its statement's "Optional: ..." section; its tests are the classes
 * named {@code *OptionalTest}, its methods are marked {@code @OptionalExercise}) is reported apart,
 * on a line of its own ("optional: 0 of 9 tests pass"): the step is done without it, and a later
 * step never asks for its methods.
 *
 * <p>A failing test that {@code exercises/CHANGES.md} names under a rule that changed in a release
 * has that rule under it, and a compile error that names a given member CHANGES.md lists as changed
 * has the change under the build's errors ({@link Changes}): files written for an earlier release
 * fail there first.
 */
public final class StepReport {

    /** A stub's message: {@code not implemented yet: Class.method (edit exercises/.../stepN_x/File.java)}. */
    static final Pattern STUB = Pattern.compile("not implemented yet: ([\\w.$]+) \\(edit ([^)\\s]+)\\)");
    static final Pattern STEP_OF_FILE = Pattern.compile("/step(\\d+)_");
    /** A stub that is the whole body of a method marked {@code @OptionalExercise}. */
    static final Pattern OPTIONAL_STUB = Pattern.compile(
            "@OptionalExercise\\b[^{;]*\\{\\s*throw\\s+new\\s+(?:miniasyncio\\.)?NotImplementedYet\\(\\s*\"([^\"]+)\"");

    public static void main(String[] args) throws Exception {
        int step = Integer.parseInt(args[0]);
        Path reports = Path.of(args[1]);
        Path log = Path.of(args[2]);
        int build = Integer.parseInt(args[3]);
        Path module = Path.of(args[4]);
        Changes changes = Changes.read(module.resolve("CHANGES.md"));
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(reports)) {
            try (Stream<Path> list = Files.list(reports)) {
                files = list.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList();
            }
        }
        int stepTests = 0;
        int total = 0;
        List<String> failed = new ArrayList<>();
        Map<Integer, Set<String>> earlierStubs = new TreeMap<>(); // step -> its stubs the failures ran into
        Set<String> ownStubs = new LinkedHashSet<>();
        int onEarlier = 0;
        int onOwn = 0;
        Optional optional = new Optional(changes);
        int pagesNotShown = 0; // of the tests that fail on a stub, counted below
        String pagesFolder = null;
        for (Path file : files) {
            NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile())
                    .getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element test = (Element) cases.item(i);
                String className = test.getAttribute("classname");
                if (className.endsWith("OptionalTest")) {
                    optional.add(className, test, failureOf(test));
                    continue;
                }
                total++;
                if (className.contains(".step" + step + "_")) {
                    stepTests++;
                }
                Element failure = failureOf(test);
                if (failure == null) {
                    continue;
                }
                String page = pageOf(test);
                if (page != null) {
                    pagesFolder = Path.of(page).getParent().toString();
                }
                Matcher stub = STUB.matcher(failure.getAttribute("message") + "\n" + failure.getTextContent());
                Matcher of = stub.find() ? STEP_OF_FILE.matcher(stub.group(2)) : null;
                if (of != null && of.find() && Integer.parseInt(of.group(1)) != step) {
                    earlierStubs.computeIfAbsent(Integer.parseInt(of.group(1)), k -> new LinkedHashSet<>()).add(stub.group(1));
                    onEarlier++;
                    pagesNotShown += page == null ? 0 : 1;
                } else if (of != null) {
                    ownStubs.add(stub.group(1));
                    onOwn++;
                    pagesNotShown += page == null ? 0 : 1;
                } else {
                    String simple = className.substring(className.lastIndexOf('.') + 1);
                    failed.add(simple + "." + test.getAttribute("name") + ": " + reasonOf(failure)
                            + (page == null ? "" : "\n    step-through: " + page)
                            + changed(changes, simple, test.getAttribute("name"), "\n    "));
                }
            }
        }
        if (total == 0) {
            System.out.println("step " + step + ": no test ran; the build says:");
            printErrors(log, changes);
            System.out.println("(the whole output: " + log + ")");
            System.exit(1);
        }
        if (stepTests == 0) {
            System.out.println("step " + step + ": no test of step " + step + " matched (a package exercises.step"
                    + step + "_... with tests named *Test is expected)");
            System.exit(1);
        }
        int failures = failed.size() + onEarlier + onOwn;
        if (failures == 0 && build == 0) {
            System.out.println("step " + step + ": " + total + " tests passed");
            optional.print();
            return;
        }
        if (failures == 0) {
            System.out.println("step " + step + ": the tests passed but the build failed:");
            printErrors(log, changes);
            System.exit(1);
        }
        if (!earlierStubs.isEmpty()) {
            System.out.println(buildsOn(step, unwritten(step, module, earlierStubs)));
            System.out.println("  (" + onEarlier + " of " + total + " tests fail on them; check step " + step
                    + " again when they are written)");
            System.exit(1);
        }
        System.out.println("step " + step + ": " + failures + " of " + total + " tests failed");
        if (!ownStubs.isEmpty()) {
            System.out.println("  not written yet: " + String.join(", ", ownStubs) + " (" + onOwn + " tests wait for them)");
        }
        failed.forEach(f -> System.out.println("  " + f));
        optional.print();
        if (pagesNotShown > 0) {
            System.out.println("  step-through: " + pagesNotShown + " more " + (pagesNotShown == 1 ? "page" : "pages")
                    + " in " + pagesFolder + " (of the tests waiting for a method not written yet)");
        }
        System.out.println("full reasons and stack traces: " + reports);
        System.exit(1);
    }

    /** The tests of the step's optional exercise: counted, and reported on their own. */
    static final class Optional {
        final Changes changes;
        int total;
        int passed;
        final Set<String> stubs = new LinkedHashSet<>();
        final List<String> failed = new ArrayList<>();

        Optional(Changes changes) {
            this.changes = changes;
        }

        void add(String className, Element test, Element failure) {
            total++;
            if (failure == null) {
                passed++;
                return;
            }
            Matcher stub = STUB.matcher(failure.getAttribute("message") + "\n" + failure.getTextContent());
            if (stub.find()) {
                stubs.add(stub.group(1));
            } else {
                String page = pageOf(test);
                String simple = className.substring(className.lastIndexOf('.') + 1);
                failed.add(simple + "." + test.getAttribute("name") + ": " + reasonOf(failure)
                        + (page == null ? "" : "\n      step-through: " + page)
                        + changed(changes, simple, test.getAttribute("name"), "\n      "));
            }
        }

        /** "  optional (the statement's "Optional: ..."; the step is done without it): 0 of 9 tests pass", and what is left. */
        void print() {
            if (total == 0) {
                return;
            }
            System.out.println("  optional (the statement's \"Optional: ...\"; the step is done without it): " + passed
                    + " of " + total + " tests pass");
            if (!stubs.isEmpty()) {
                System.out.println("    not written yet: " + String.join(", ", stubs));
            }
            failed.forEach(f -> System.out.println("    " + f));
        }
    }

    /**
     * "step 10 builds on step 9 (AsyncioScheduler.runUntilComplete is not written yet): finish
     * step 9 first". {@code unwritten}: each earlier step left to write, with the stubs to name.
     */
    static String buildsOn(int step, Map<Integer, Set<String>> unwritten) {
        List<String> steps = unwritten.keySet().stream().map(String::valueOf).toList();
        List<String> methods = unwritten.values().stream().flatMap(Set::stream).toList();
        String named = String.join(", ", methods.subList(0, Math.min(4, methods.size())))
                + (methods.size() > 4 ? " and " + (methods.size() - 4) + " more" : "");
        String which = steps.size() == 1 ? "step " + steps.get(0)
                : "steps " + String.join(", ", steps.subList(0, steps.size() - 1)) + " and " + steps.getLast();
        return "step " + step + " builds on " + which + " (" + named + (methods.size() == 1 ? " is" : " are")
                + " not written yet): finish step " + steps.get(0) + " first";
    }

    /**
     * The earlier steps to write before this one: those the failures ran into, and every other
     * step this one needs (its statement's "Needs:") that still has a stub, each with its stubs.
     */
    static Map<Integer, Set<String>> unwritten(int step, Path module, Map<Integer, Set<String>> ranInto) throws Exception {
        Map<Integer, Set<String>> left = new TreeMap<>();
        ranInto.forEach((s, stubs) -> left.put(s, new LinkedHashSet<>(stubs)));
        for (int needed : needs(step, module.resolve("src/main/java/exercises"))) {
            Set<String> stubs = stubsOf(needed, module.resolve("src/main/java/exercises"));
            if (!stubs.isEmpty()) {
                left.computeIfAbsent(needed, k -> new LinkedHashSet<>()).addAll(stubs);
            }
        }
        return left;
    }

    /**
     * The steps {@code step}'s statement (the README.md of its package folder under
     * {@code exercises}) says it needs: its line "**Needs:** steps 3, 4 and 5".
     */
    static Set<Integer> needs(int step, Path exercises) throws Exception {
        Set<Integer> needed = new TreeSet<>();
        if (!Files.isDirectory(exercises)) {
            return needed;
        }
        for (Path statement : statements(step, exercises)) {
            Matcher line = Pattern.compile("\\*\\*Needs:\\*\\* ([^\n]*)").matcher(Files.readString(statement));
            if (line.find()) {
                Matcher n = Pattern.compile("\\d+").matcher(line.group(1).replaceAll("\\(.*", ""));
                while (n.find()) {
                    needed.add(Integer.parseInt(n.group()));
                }
            }
        }
        return needed;
    }

    /** Step {@code step}'s statement: the README.md of its package folder (none when it has no such file). */
    static List<Path> statements(int step, Path exercises) throws Exception {
        try (Stream<Path> dirs = Files.list(exercises)) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("step" + step + "_"))
                    .map(d -> d.resolve("README.md")).filter(Files::isRegularFile).sorted().toList();
        }
    }

    /** The stubs left in step {@code step}'s package, in file order; an optional exercise's are not asked for. */
    static Set<String> stubsOf(int step, Path exercises) throws Exception {
        Set<String> stubs = new LinkedHashSet<>();
        if (!Files.isDirectory(exercises)) {
            return stubs;
        }
        try (Stream<Path> dirs = Files.list(exercises)) {
            for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith("step" + step + "_")).toList()) {
                try (Stream<Path> walk = Files.walk(dir)) {
                    for (Path file : walk.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                        String text = Files.readString(file);
                        Matcher m = Pattern.compile("new\\s+(?:miniasyncio\\.)?NotImplementedYet\\(\\s*\"([^\"]+)\"")
                                .matcher(text);
                        Map<String, Integer> left = new LinkedHashMap<>(); // a name may be an overload's too
                        while (m.find()) {
                            left.merge(m.group(1), 1, Integer::sum);
                        }
                        Matcher optional = OPTIONAL_STUB.matcher(text);
                        while (optional.find()) {
                            left.merge(optional.group(1), -1, Integer::sum);
                        }
                        left.forEach((stub, count) -> {
                            if (count > 0) {
                                stubs.add(stub);
                            }
                        });
                    }
                }
            }
        }
        return stubs;
    }

    private static Element failureOf(Element test) {
        for (String tag : List.of("failure", "error")) {
            NodeList found = test.getElementsByTagName(tag);
            if (found.getLength() > 0) {
                return (Element) found.item(0);
            }
        }
        return null;
    }

    /** The step-through page of a test's run, from its report's "step-through: PAGE" line; null when none was written. */
    private static String pageOf(Element test) {
        NodeList out = test.getElementsByTagName("system-out");
        for (int i = 0; i < out.getLength(); i++) {
            for (String line : out.item(i).getTextContent().split("\n")) {
                if (line.startsWith("step-through: ")) {
                    return line.substring("step-through: ".length()).strip();
                }
            }
        }
        return null;
    }

    /** The first line of a failure's message (or the exception's type if it has none). */
    private static String reasonOf(Element failure) {
        String message = failure.getAttribute("message").strip();
        String first = message.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
        return first.isEmpty() ? failure.getAttribute("type") : first;
    }

    /**
     * The lines under a failing test for each rule of it that CHANGES.md says changed in a release
     * (a student's code written for an earlier release fails there first), each after {@code indent}.
     */
    static String changed(Changes changes, String testClass, String method, String indent) {
        StringBuilder lines = new StringBuilder();
        changes.rulesOf(testClass, method).forEach(line -> lines.append(indent).append(line));
        return lines.toString();
    }

    /**
     * The build's error lines (a compile error, most likely), without Maven's advice around them;
     * then each given member they name that CHANGES.md says changed, with the change.
     */
    private static void printErrors(Path log, Changes changes) throws Exception {
        if (!Files.exists(log)) {
            return;
        }
        List<String> lines = Changes.lines(log);
        lines.stream()
                .filter(l -> l.startsWith("[ERROR]") && !l.contains("-> [Help") && !l.matches("\\[ERROR\\]\\s*(Re-run|To see|For more|After correcting|\\[Help|mvn ).*")
                        && !l.strip().equals("[ERROR]"))
                .limit(20)
                .forEach(l -> System.out.println("  " + l));
        changes.givenNamedBy(lines).forEach(l -> System.out.println("  " + l));
    }
}
