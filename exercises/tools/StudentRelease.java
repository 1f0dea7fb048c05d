import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import instructor.SolutionRegions;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The release's stripping of the exercises, step by step, to check them before a release: applies
 * the solution markers to a copy of the sources with the release's own {@link SolutionRegions},
 * and checks the test reports of that copy. Run with the source launcher, the compiled
 * instructor tools (grading/instructor) on the class path:
 *
 * <pre>
 *   java -cp grading/instructor/target/classes exercises/tools/StudentRelease.java strip REPO_COPY [FROM_STEP]
 *                                                                      (rewrites REPO_COPY/exercises/src/main)
 *   java exercises/tools/StudentRelease.java check-reports REPORTS_DIR [FROM_STEP]  (surefire XML reports)
 * </pre>
 *
 * With FROM_STEP, only the steps from that one on are stripped: a student who has done the
 * steps before it. Their tests must then pass, and the later steps' tests fail only with
 * "not implemented yet".
 *
 * The convention is {@link SolutionRegions}'s (the one the release applies):
 * {@code // BEGIN SOLUTION} ... {@code // END SOLUTION} inside a method body becomes
 * {@code throw new NotImplementedYet("<Class>.<method>", "<repo-relative path>");};
 * {@code // BEGIN SOLUTION MEMBERS} ... {@code // END SOLUTION} becomes
 * {@code // your fields and helper methods here}. Unbalanced or nested markers are errors.
 */
public final class StudentRelease {

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: StudentRelease strip REPO_COPY [FROM_STEP] | check-reports REPORTS_DIR [FROM_STEP]");
            System.exit(2);
        }
        int fromStep = args.length == 3 ? Integer.parseInt(args[2]) : 1;
        switch (args[0]) {
            case "strip" -> System.exit(strip(Path.of(args[1]), fromStep));
            case "check-reports" -> System.exit(checkReports(Path.of(args[1]), fromStep));
            default -> {
                System.err.println("unknown command '" + args[0] + "': use strip or check-reports");
                System.exit(2);
            }
        }
    }

    private static final Pattern STEP = Pattern.compile("step(\\d+)_");

    /** The step a file or test class belongs to (from its package, exercises.stepN_...), or 0. */
    static int stepOf(String pathOrClass) {
        Matcher m = STEP.matcher(pathOrClass);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    static int strip(Path repo, int fromStep) throws IOException {
        Path sources = repo.resolve("exercises/src/main/java");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> stepOf(p.toString()) == 0 || stepOf(p.toString()) >= fromStep).sorted().toList();
        }
        int regions = 0;
        for (Path file : files) {
            String relative = repo.relativize(file).toString().replace('\\', '/');
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String stripped = SolutionRegions.strip(relative, text);
            regions += (int) text.lines().filter(line -> line.strip().startsWith("// BEGIN SOLUTION")).count();
            Files.writeString(file, stripped, StandardCharsets.UTF_8);
        }
        System.out.println("stripped " + regions + " solution regions in " + files.size() + " files");
        return 0;
    }

    /**
     * Every failed or erroneous test must have failed with "not implemented yet". Tests that pass
     * are listed (a test of the catalog needs no solution), and there must be some failing ones.
     */
    static int checkReports(Path reports, int fromStep) throws Exception {
        List<Path> xml;
        try (Stream<Path> walk = Files.list(reports)) {
            xml = walk.filter(p -> p.getFileName().toString().startsWith("TEST-")).sorted().toList();
        }
        int total = 0;
        int solved = 0;
        List<String> passing = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (Path file : xml) {
            NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile())
                    .getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element test = (Element) cases.item(i);
                total++;
                String name = test.getAttribute("classname") + "." + test.getAttribute("name");
                String problem = problemOf(test);
                int step = stepOf(test.getAttribute("classname"));
                if (step > 0 && step < fromStep) {
                    solved++;
                    if (problem != null) {
                        wrong.add(name + ": a finished step's test fails: " + problem.lines().findFirst().orElse(""));
                    }
                    continue;
                }
                if (problem == null) {
                    passing.add(name); // fine for a test of something students do not write (the list)
                } else if (!problem.contains("not implemented yet")) {
                    wrong.add(name + ": fails for another reason: " + problem.lines().findFirst().orElse(""));
                }
            }
        }
        if (fromStep > 1) {
            System.out.println("steps 1.." + (fromStep - 1) + " solved, the rest stubbed: " + solved
                    + " tests of the solved steps run");
        }
        System.out.println(total + " tests: " + (total - solved - passing.size() - wrong.size())
                + " fail with \"not implemented yet\", " + passing.size() + " pass without any solution, "
                + wrong.size() + " fail for another reason");
        passing.forEach(p -> System.out.println("  passes: " + p));
        wrong.forEach(w -> System.out.println("  WRONG:  " + w));
        return wrong.isEmpty() ? 0 : 1;
    }

    private static String problemOf(Element test) {
        for (String tag : List.of("failure", "error")) {
            NodeList found = test.getElementsByTagName(tag);
            if (found.getLength() > 0) {
                Element e = (Element) found.item(0);
                return e.getAttribute("message") + "\n" + e.getTextContent();
            }
        }
        return null;
    }
}
