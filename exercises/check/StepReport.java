import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The summary of {@code exercises/check-step.sh}: reads the test reports of one step's run and
 * prints "step N: X tests passed", or each failed test with the first line of its reason.
 * Run with the source launcher: {@code java StepReport.java STEP REPORTS_DIR BUILD_LOG BUILD_EXIT_CODE}.
 */
public final class StepReport {

    public static void main(String[] args) throws Exception {
        String step = args[0];
        Path reports = Path.of(args[1]);
        Path log = Path.of(args[2]);
        int build = Integer.parseInt(args[3]);
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(reports)) {
            try (Stream<Path> list = Files.list(reports)) {
                files = list.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList();
            }
        }
        int stepTests = 0;
        int total = 0;
        List<String> failed = new ArrayList<>();
        for (Path file : files) {
            NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile())
                    .getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element test = (Element) cases.item(i);
                String className = test.getAttribute("classname");
                total++;
                if (className.contains(".step" + step + "_")) {
                    stepTests++;
                }
                String reason = reasonOf(test);
                if (reason != null) {
                    failed.add(className.substring(className.lastIndexOf('.') + 1) + "." + test.getAttribute("name")
                            + ": " + reason);
                }
            }
        }
        if (total == 0) {
            System.out.println("step " + step + ": no test ran; the build says:");
            printErrors(log);
            System.out.println("(the whole output: " + log + ")");
            System.exit(1);
        }
        if (stepTests == 0) {
            System.out.println("step " + step + ": no test of step " + step + " matched (a package exercises.step"
                    + step + "_... with tests named *Test is expected)");
            System.exit(1);
        }
        if (failed.isEmpty() && build == 0) {
            System.out.println("step " + step + ": " + total + " tests passed");
            return;
        }
        if (failed.isEmpty()) {
            System.out.println("step " + step + ": the tests passed but the build failed:");
            printErrors(log);
            System.exit(1);
        }
        System.out.println("step " + step + ": " + failed.size() + " of " + total + " tests failed");
        failed.forEach(f -> System.out.println("  " + f));
        System.out.println("full reasons and stack traces: " + reports);
        System.exit(1);
    }

    /** The first line of a failure's message (or the exception's type if it has none), or null if it passed. */
    private static String reasonOf(Element test) {
        for (String tag : List.of("failure", "error")) {
            NodeList found = test.getElementsByTagName(tag);
            if (found.getLength() > 0) {
                Element e = (Element) found.item(0);
                String message = e.getAttribute("message").strip();
                String first = message.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
                return first.isEmpty() ? e.getAttribute("type") : first;
            }
        }
        return null;
    }

    /** The build's error lines (a compile error, most likely), without Maven's advice around them. */
    private static void printErrors(Path log) throws Exception {
        if (!Files.exists(log)) {
            return;
        }
        Files.readAllLines(log).stream()
                .filter(l -> l.startsWith("[ERROR]") && !l.contains("-> [Help") && !l.matches("\\[ERROR\\]\\s*(Re-run|To see|For more|After correcting|\\[Help|mvn ).*")
                        && !l.strip().equals("[ERROR]"))
                .limit(20)
                .forEach(l -> System.out.println("  " + l));
    }
}
