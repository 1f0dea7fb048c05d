package allowlist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The grader's screen, run on the student's own machine before submitting:
 * {@code Screen CLASSES_DIR REPORT_FILE} checks the compiled homework against the allowlist and
 * writes what it refuses to REPORT_FILE (empty when nothing is refused). The self-check reads that
 * file and lists each refusal under "what to fix", exactly as the grader would refuse it.
 */
public final class Screen {

    private Screen() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: Screen CLASSES_DIR REPORT_FILE");
            System.exit(2);
        }
        Path classes = Path.of(args[0]);
        List<Violation> refused = Files.isDirectory(classes) ? ApiAllowlist.load().check(classes) : List.of();
        Path report = Path.of(args[1]);
        Files.createDirectories(report.toAbsolutePath().getParent());
        Files.writeString(report, refused.isEmpty() ? "" : ApiAllowlist.report(refused), StandardCharsets.UTF_8);
    }
}
