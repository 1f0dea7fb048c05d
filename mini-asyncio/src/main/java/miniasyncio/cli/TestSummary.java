package miniasyncio.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The last lines of the student's test command ({@code mvn -q test -Dstudent}): for a module
 * (homework, exercises), which parts pass, which methods are not written yet (each named once),
 * and which tests fail. With {@code -Dstudent=check} it also runs {@link SelfCheck}: "ready to
 * submit" or what to fix.
 *
 * <p>The parent pom's {@code student} profile runs it right after Surefire, in the same Maven
 * process, on the reports Surefire has just written ({@code target/surefire-reports}), so it
 * comes last. The stubs are read from the sources: while stubs remain, every failing test stops
 * at the first one the loop calls ({@code hasWork}), so the failures alone cannot say what is left.
 */
public final class TestSummary {

    /** A stub as the release writes it: {@code throw new NotImplementedYet("Class.method", "file")}. */
    static final Pattern STUB = Pattern.compile("new\\s+(?:miniasyncio\\.)?NotImplementedYet\\(\\s*\"([^\"]+)\"");
    /** How many failing tests are shown with their reason; the rest are counted. */
    static final int SHOWN_FAILURES = 8;
    /** Where a long line of the summary is broken. */
    static final int WIDTH = 130;
    /** The packages of the student's tests; the kit's own are not summed up. */
    static final List<String> STUDENT_PACKAGES = List.of("homework.", "exercises.");

    /** One finished test: its part (a test class, or an exercise step), name and failure message, if any. */
    record Result(String part, String name, String failure) {
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

    /** {@code TestSummary MODE MODULE_DIR}: MODE is "check" for the self-check, anything else for the summary. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: TestSummary MODE MODULE_DIR");
        }
        Path module = Path.of(args[1]);
        List<Result> results = results(module.resolve("target/surefire-reports"));
        if (results.isEmpty()) {
            return; // the kit's module: none of the student's tests ran here
        }
        List<String> stubs = stubs(module.resolve("src/main/java"));
        PrintStream out = System.out;
        out.print(summary(module.getFileName().toString(), results, stubs));
        if (args[0].equals("check")) {
            out.print(SelfCheck.verdict(module, results, stubs));
        }
        out.flush();
    }

    /** The student's tests in Surefire's XML reports, in the order of the reports. */
    static List<Result> results(Path reports) throws IOException {
        if (!Files.isDirectory(reports)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(reports)) {
            files = list.filter(p -> p.getFileName().toString().startsWith("TEST-")
                    && p.getFileName().toString().endsWith(".xml")).sorted().toList();
        }
        List<Result> results = new ArrayList<>();
        for (Path file : files) {
            Element suite = parse(file);
            NodeList cases = suite.getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element c = (Element) cases.item(i);
                String className = c.getAttribute("classname");
                if (STUDENT_PACKAGES.stream().noneMatch(className::startsWith) || has(c, "skipped")) {
                    continue;
                }
                String failure = failure(c);
                results.add(new Result(part(className), className.replaceAll(".*\\.", "") + "." + c.getAttribute("name"),
                        failure));
            }
        }
        return results;
    }

    private static Element parse(Path file) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot read the test report " + file + ": " + e.getMessage(), e);
        }
    }

    private static boolean has(Element testCase, String tag) {
        return testCase.getElementsByTagName(tag).getLength() > 0;
    }

    /** The failure's message (its type when it has none), or null when the test passed. */
    private static String failure(Element testCase) {
        for (String tag : List.of("failure", "error")) {
            NodeList found = testCase.getElementsByTagName(tag);
            if (found.getLength() > 0) {
                Element f = (Element) found.item(0);
                String message = f.getAttribute("message");
                String type = f.getAttribute("type");
                return message.isBlank() ? type : message;
            }
        }
        return null;
    }

    /** The part a test belongs to: the exercise step of its package, else its class. */
    static String part(String className) {
        String[] names = className.split("\\.");
        for (String name : names) {
            if (name.startsWith("step")) {
                return name;
            }
        }
        return names[names.length - 1];
    }

    /** The summary of one module's run, a few lines. */
    static String summary(String module, List<Result> results, List<String> stubs) {
        long passed = results.stream().filter(Result::passed).count();
        Map<String, List<Result>> byPart = new LinkedHashMap<>();
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
        line(s, "pass", String.join(", ", passing));
        line(s, "not written yet", grouped(stubs));
        line(s, "waiting for them", String.join(", ", waiting));
        for (Result r : failing.subList(0, Math.min(SHOWN_FAILURES, failing.size()))) {
            line(s, "FAIL", r.name() + ": " + firstLine(r.failure()));
        }
        if (failing.size() > SHOWN_FAILURES) {
            line(s, "FAIL", "and " + (failing.size() - SHOWN_FAILURES) + " more (see the test output above)");
        }
        if (failing.isEmpty() && stubs.isEmpty()) {
            s.append("   everything is written and every test passes\n");
        }
        return s.toString();
    }

    /** "   label:   text", continued on more lines when it is long. */
    private static void line(StringBuilder s, String label, String text) {
        if (text.isEmpty()) {
            return;
        }
        String indent = " ".repeat(21);
        StringBuilder current = new StringBuilder(String.format("   %-17s %s", label + ":", ""));
        // the list of stubs breaks between classes; a list of parts between parts
        String[] pieces = text.split(text.contains("; ") ? "(?<=; )" : "(?<=, )");
        for (String piece : pieces) {
            if (current.length() + piece.length() > WIDTH && !current.toString().isBlank()
                    && current.length() > indent.length()) {
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

    static String firstLine(String text) {
        String message = text.strip();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline) + " ...";
    }

    /**
     * Every method still a stub under {@code sources}, each once, in the order of the files: folder
     * by folder, and in each the scheduler's file first (the loop calls it first), then the others.
     */
    static List<String> stubs(Path sources) {
        if (!Files.isDirectory(sources)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted((a, b) -> {
                int folder = a.getParent().compareTo(b.getParent());
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
                Matcher m = STUB.matcher(Files.readString(file, StandardCharsets.UTF_8));
                while (m.find()) {
                    found.add(m.group(1));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return List.copyOf(found);
    }
}
